import Alert from 'antd/es/alert';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RISK_RULE_TITLES, RISK_STATE_TITLES } from '@fleetdesk/contracts/gps-risk';
import { entityPath, RiskCaseLink } from '../../../components/entity-links';
import { formatDateTime, formatMoney } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import { contractRiskSummaryQuery } from '../api/risk-summary';
import '../i18n';

/**
 * The strip of an overdue contract's page: days overdue and the amount owed (the contract's group, as the risk
 * engine counts it), the open risk case of its car, and the car's last position with its address and a link to the
 * GPS map with the tracker selected. Nothing while the contract owes nothing overdue.
 */
export function OverdueStrip({ contractId }: { contractId: number }) {
  const { t, i18n } = useTranslation('contracts');
  const lang = i18n.language as Language;
  const q = useQuery(contractRiskSummaryQuery(contractId));
  const s = q.data;
  if (!s || s.overdueDays <= 0) return null;
  const p = s.position;
  return (
    <Alert
      type="error"
      showIcon
      className="fd-overdue-strip"
      data-testid="overdue-strip"
      title={
        <Space wrap size="middle">
          <strong data-testid="overdue-strip-figures">
            {t('overdueStrip.figures', { days: s.overdueDays, amount: formatMoney(s.overdueAmount) })}
          </strong>
          {s.riskCase && (
            <span>
              {t('overdueStrip.case')}{' '}
              <RiskCaseLink id={s.riskCase.id}>
                <span data-testid="overdue-strip-case">
                  #{s.riskCase.id} · {RISK_RULE_TITLES[s.riskCase.rule][lang]} ·{' '}
                  {RISK_STATE_TITLES[s.riskCase.state][lang]}
                </span>
              </RiskCaseLink>
            </span>
          )}
          {s.gpsVisible && !s.riskCase && <span>{t('overdueStrip.noCase')}</span>}
        </Space>
      }
      description={
        s.gpsVisible ? (
          p ? (
            <Space wrap size="small" data-testid="overdue-strip-position">
              <span>{t('overdueStrip.position')}</span>
              <span data-testid="overdue-strip-address">{p.address ?? `${p.lat.toFixed(5)}, ${p.lon.toFixed(5)}`}</span>
              {p.addressSandbox && p.address && <Tag>{t('overdueStrip.sandbox')}</Tag>}
              <span>
                {formatDateTime(p.at)} ·{' '}
                {p.online
                  ? t('overdueStrip.speed', { speed: Math.round(p.speed) })
                  : t('overdueStrip.offline', { speed: Math.round(p.speed) })}
              </span>
              <Link to={entityPath.device(p.imei)} data-testid="overdue-strip-map">
                {t('overdueStrip.map')}
              </Link>
            </Space>
          ) : (
            t('overdueStrip.noPosition')
          )
        ) : undefined
      }
    />
  );
}
