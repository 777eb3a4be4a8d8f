import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAccess } from '../../../lib/access';
import { useSide } from '../components/side';
import { ApplicationList } from './application-list';
import { ApplicationPage } from './application-page';
import { ApplicationWizard } from './application-wizard';
import { BookedCarList } from './booked-cars';
import { FinanceHomePanel } from './finance-home';
import { DepositReturnList, InstalmentList, RepaymentList, WaiverList } from './money-lists';
import { ProfileForm } from './profile';
import { CertificateList, RentOrSaleList } from './rent-or-sale';
import '../i18n';
import './financing.css';

const APPLICANT_TABS = [
  'home',
  'list',
  'instalments',
  'repayments',
  'rentOrSale',
  'certificates',
  'booked',
  'waivers',
  'profile',
] as const;
const FINANCIER_TABS = [
  'home',
  'list',
  'instalments',
  'repayments',
  'rentOrSale',
  'certificates',
  'waivers',
  'deposits',
] as const;
type TabKey = (typeof APPLICANT_TABS)[number] | (typeof FINANCIER_TABS)[number];

function panel(key: TabKey) {
  switch (key) {
    case 'home':
      return <FinanceHomePanel />;
    case 'list':
      return <ApplicationList />;
    case 'instalments':
      return <InstalmentList />;
    case 'repayments':
      return <RepaymentList />;
    case 'rentOrSale':
      return <RentOrSaleList />;
    case 'certificates':
      return <CertificateList />;
    case 'booked':
      return <BookedCarList />;
    case 'waivers':
      return <WaiverList />;
    case 'deposits':
      return <DepositReturnList />;
    case 'profile':
      return <ProfileForm />;
  }
}

const idOf = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/**
 * `/finance/{type?}/{name?}`: the finance home (no type), the screens of the area as tabs (`list`, `instalments`,
 * `repayments`, `rentOrSale`, `certificates`, `booked`, `waivers`, `deposits`, `profile`), the application wizard
 * (`new`, `edit/{id}`) and the application page (`detail/{id}`). The tabs are the caller's side's (the home call
 * says which): the financier has no booked cars nor profile, the deposit returns to decide instead.
 */
export default function FinancePage() {
  const { t } = useTranslation('financing');
  const { type, name } = useParams();
  const navigate = useNavigate();
  const access = useAccess();
  const side = useSide();
  const id = idOf(name);
  if (type === 'detail' && id) return <ApplicationPage id={id} />;
  if (type === 'new' && access.can('finance:add')) return <ApplicationWizard />;
  if (type === 'edit' && id) return <ApplicationWizard id={id} />;
  const tabs: readonly TabKey[] = side === 'financier' ? FINANCIER_TABS : APPLICANT_TABS;
  const active: TabKey = (tabs as readonly string[]).includes(type ?? '') ? (type as TabKey) : 'home';
  return (
    <div className="fd-fin" data-testid="finance-page">
      <Tabs
        activeKey={active}
        onChange={(k) => void navigate(k === 'home' ? '/finance' : `/finance/${k}`)}
        items={tabs.map((k) => ({ key: k, label: t(`tabs.${k}`), children: k === active ? panel(k) : null }))}
      />
    </div>
  );
}
