import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PortalLevel } from '@fleetdesk/contracts/driver-portal';
import { formatDate } from '../../../lib/format';
import { membershipQuery } from '../api/portal';
import { PortalFrame } from '../components/portal-frame';
import { Loadable } from '../components/states';
import { NextLevel, perksText, requirementText } from '../components/level-texts';
import { AGREEMENT_PATHS } from '../model/paths';

/** The driver's level, its perks, the facts behind it, the way to the next one and every level's terms. */
export default function PortalMembershipPage() {
  const { t } = useTranslation('driverPortal');
  const membership = useQuery(membershipQuery());
  return (
    <PortalFrame title={t('membership.title')} back>
      <Loadable query={membership} rows={6}>
        {(m) => (
          <>
            <section className="fd-dp-card fd-dp-level-card" data-testid="dp-level-card">
              <div className="fd-muted">{t('membership.current')}</div>
              <div className="fd-dp-level-name">{m.level.name}</div>
              {m.since ? (
                <div className="fd-dp-small">{t('membership.since', { date: formatDate(m.since) })}</div>
              ) : null}
              <ul className="fd-dp-perks">
                {perksText(m.level.perks, t).map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </section>
            <section className="fd-dp-card">
              <div className="fd-dp-card-title">{t('membership.facts')}</div>
              <dl className="fd-dp-facts fd-dp-facts-grid" data-testid="dp-facts">
                <dt>{t('membership.onTime')}</dt>
                <dd>{t('membership.months', { count: m.facts.onTimeMonths })}</dd>
                <dt>{t('membership.violations')}</dt>
                <dd>{m.facts.violations}</dd>
                <dt>{t('membership.accidents')}</dt>
                <dd>{m.facts.accidents}</dd>
                <dt>{t('membership.overdueNow')}</dt>
                <dd className={m.facts.overdueNow ? 'fd-dp-danger' : undefined}>
                  {m.facts.overdueNow ? t('membership.yes') : t('membership.no')}
                </dd>
              </dl>
              {m.computedOn ? (
                <p className="fd-muted fd-dp-small">{t('membership.computedOn', { date: formatDate(m.computedOn) })}</p>
              ) : null}
            </section>
            <section className="fd-dp-card">
              <NextLevel m={m} />
            </section>
            <section className="fd-dp-card">
              <div className="fd-dp-card-title">{t('membership.levels')}</div>
              <Table<PortalLevel>
                size="small"
                rowKey="code"
                pagination={false}
                dataSource={m.levels}
                data-testid="dp-levels"
                columns={[
                  {
                    key: 'name',
                    title: t('membership.columns.level'),
                    render: (_, l) =>
                      l.code === m.level.code ? <Tag color="gold">{l.name}</Tag> : <span>{l.name}</span>,
                  },
                  { key: 'req', title: t('membership.columns.requirement'), render: (_, l) => requirementText(l, t) },
                  {
                    key: 'perks',
                    title: t('membership.columns.perks'),
                    render: (_, l) => perksText(l.perks, t).join(t('membership.separator')),
                  },
                ]}
              />
              <a href={AGREEMENT_PATHS.members} target="_blank" rel="noopener noreferrer" className="fd-dp-terms">
                {t('membership.terms')}
              </a>
            </section>
          </>
        )}
      </Loadable>
    </PortalFrame>
  );
}
