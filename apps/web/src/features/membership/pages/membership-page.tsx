import Alert from 'antd/es/alert';
import Skeleton from 'antd/es/skeleton';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Order, PayStatus } from '@fleetdesk/contracts/payments';
import { MENUS } from '@fleetdesk/contracts/permissions';
import { PayDialog } from '../../../components/pay/pay-dialog';
import type { Language } from '../../../lib/i18n';
import { reloadMembership } from '../../../lib/membership-reload';
import { isSignedIn, useSession } from '../../../lib/session';
import { useCreateMembershipOrder } from '../api/create-membership-order';
import { catalogPlans, usePlans } from '../api/get-plans';
import { CurrentMembership } from '../components/current-membership';
import { PlanCard } from '../components/plan-card';
import { PlanComparison } from '../components/plan-comparison';
import '../i18n';
import './membership-page.css';

/**
 * `/membership` (open): the tenant's level and expiry, the plans and their prices. Choosing a plan creates an
 * order and shows its QR code until it is paid (then `/paySuccess`, with the membership loaded again so that an
 * expired tenant is let in at once); the server decides who may buy (a user without the right gets the
 * no-permission notice).
 */
export default function MembershipPage() {
  const { t, i18n } = useTranslation('membership');
  const lang = i18n.language as Language;
  const navigate = useNavigate();
  const signedIn = isSignedIn();
  const membership = useSession((s) => s.membership);
  const plansQuery = usePlans(lang, signedIn);
  const plans = signedIn ? plansQuery.data : catalogPlans(lang);
  const create = useCreateMembershipOrder();
  const [order, setOrder] = useState<Order | null>(null);
  const topAreas = MENUS.filter((m) => !m.parent);
  const active = !!membership && membership.days !== -1;
  const currentLevel = plans?.find((p) => p.current)?.level ?? -1;
  const orderPlan = (planCode: string, years: number) =>
    create.mutate({ planCode, years }, { onSuccess: (created) => setOrder(created) });
  const onPaid = useCallback(
    (status: PayStatus) => {
      void reloadMembership().then(() =>
        navigate(`/paySuccess?order=${status.orderId}&type=membership`, { replace: true }),
      );
    },
    [navigate],
  );

  return (
    <div className="fd-membership-page">
      <h1 className="fd-page-title">{t('title')}</h1>
      <p className="fd-muted fd-membership-lead">{t('lead')}</p>
      {membership && <CurrentMembership membership={membership} />}
      {!signedIn && <Alert type="info" showIcon title={t('visitor')} className="fd-visitor" />}
      {!plans ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <div className="fd-plans">
            {plans.map((plan) => (
              <PlanCard
                key={plan.code}
                plan={plan}
                areas={topAreas.filter((m) => plan.menus.includes(m.code)).map((m) => m.title[lang])}
                signedIn={signedIn}
                belowCurrent={active && plan.level < currentLevel}
                ordering={create.isPending && create.variables?.planCode === plan.code}
                onSignIn={() => navigate(`/login?redirect=${encodeURIComponent('/membership')}`)}
                onOrder={(years) => orderPlan(plan.code, years)}
              />
            ))}
          </div>
          <h2 className="fd-section-title">{t('compare.title')}</h2>
          <PlanComparison plans={plans} />
        </>
      )}
      <PayDialog
        orderId={order?.id ?? null}
        description={order ? `${order.planName ?? ''} × ${t('yearsOption', { count: order.years })}` : undefined}
        onClose={() => setOrder(null)}
        onPaid={onPaid}
        onNewOrder={() => order?.planCode && orderPlan(order.planCode, order.years)}
      />
    </div>
  );
}
