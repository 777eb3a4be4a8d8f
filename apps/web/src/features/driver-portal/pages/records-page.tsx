import Button from 'antd/es/button';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUBMISSION_STATE_TITLES, type PortalViolation } from '@fleetdesk/contracts/driver-portal';
import { formatDateTime, formatMoney, formatPlate } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { accidentsQuery, violationsQuery } from '../api/portal';
import { PortalFrame } from '../components/portal-frame';
import { ProofSheet } from '../components/proof-sheet';
import { Loadable } from '../components/states';
import { SUBMISSION_COLORS } from '../model/states';

/** An unhandled violation takes a proof unless one waits for the office's review. */
export const mayProve = (v: PortalViolation) => !v.handled && v.proof?.state !== 'pending';

function Violations() {
  const { t } = useTranslation('driverPortal');
  const title = useTitle();
  const violations = useQuery(violationsQuery());
  const [proving, setProving] = useState<PortalViolation | null>(null);
  return (
    <>
      <Loadable query={violations} empty={t('records.emptyViolations')} isEmpty={(d) => d.length === 0}>
        {(list) => (
          <ul className="fd-dp-list">
            {list.map((v) => (
              <li key={v.id} className="fd-dp-card" data-testid={`dp-violation-${v.id}`}>
                <div className="fd-dp-bill-head">
                  <div className="fd-dp-bill-title">
                    <strong>{formatPlate(v.plate)}</strong>
                    <div className="fd-muted fd-dp-small">{formatDateTime(v.occurredAt)}</div>
                  </div>
                  <Tag color={v.handled ? 'green' : 'red'}>
                    {v.handled ? t('records.handled') : t('records.unhandled')}
                  </Tag>
                </div>
                <dl className="fd-dp-facts fd-dp-facts-grid">
                  <dt>{t('records.place')}</dt>
                  <dd>{v.place}</dd>
                  <dt>{t('records.offence')}</dt>
                  <dd>{v.offence}</dd>
                  <dt>{t('records.fine')}</dt>
                  <dd>{formatMoney(v.fine)}</dd>
                  <dt>{t('records.points')}</dt>
                  <dd>{v.points}</dd>
                  {v.proof ? (
                    <>
                      <dt>{t('records.proof')}</dt>
                      <dd>
                        <Tag color={SUBMISSION_COLORS[v.proof.state]}>
                          {title(SUBMISSION_STATE_TITLES[v.proof.state])}
                        </Tag>
                        {v.proof.state === 'rejected' && v.proof.note ? (
                          <span className="fd-muted fd-dp-small">{v.proof.note}</span>
                        ) : null}
                      </dd>
                    </>
                  ) : null}
                </dl>
                {mayProve(v) ? (
                  <Button block onClick={() => setProving(v)}>
                    {t('records.upload')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Loadable>
      <ProofSheet violation={proving} onClose={() => setProving(null)} />
    </>
  );
}

function Accidents() {
  const { t } = useTranslation('driverPortal');
  const accidents = useQuery(accidentsQuery());
  return (
    <Loadable query={accidents} empty={t('records.emptyAccidents')} isEmpty={(d) => d.length === 0}>
      {(list) => (
        <ul className="fd-dp-list">
          {list.map((a) => (
            <li key={a.id} className="fd-dp-card" data-testid={`dp-accident-${a.id}`}>
              <div className="fd-dp-bill-head">
                <div className="fd-dp-bill-title">
                  <strong>{formatPlate(a.plate)}</strong>
                  <div className="fd-muted fd-dp-small">{formatDateTime(a.occurredAt)}</div>
                </div>
                <Tag>{a.state}</Tag>
              </div>
              <p>{a.description}</p>
              <dl className="fd-dp-facts fd-dp-facts-grid">
                <dt>{t('records.place')}</dt>
                <dd>{a.place}</dd>
                <dt>{t('records.responsibility')}</dt>
                <dd>{a.responsibility}</dd>
                <dt>{t('records.claimState')}</dt>
                <dd>{a.claimState}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Loadable>
  );
}

/** The driver's violations (with the proof of handling to send) and accidents (read only). */
export default function PortalRecordsPage() {
  const { t } = useTranslation('driverPortal');
  const [tab, setTab] = useState('violations');
  return (
    <PortalFrame title={t('records.title')}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'violations', label: t('records.violations'), children: <Violations /> },
          { key: 'accidents', label: t('records.accidents'), children: <Accidents /> },
        ]}
      />
    </PortalFrame>
  );
}
