import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAMAGE_POSITION_TITLES, type Inspection, type InspectionKind } from '@fleetdesk/contracts/handover';
import type { ContractTabProps } from '../../../components/contract-tabs/contract-tabs';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { InspectionWizard } from '../../../components/inspection-wizard/inspection-wizard';
import { inspectionsQuery, useDispatch, useReturn } from '../api/handover';
import { useTitle } from '../../../lib/use-title';

function InspectionCard({ kind, inspection }: { kind: InspectionKind; inspection: Inspection | null }) {
  const { t } = useTranslation('handover');
  const title = useTitle();
  if (!inspection)
    return (
      <Card size="small" title={t(`inspection.${kind}`)}>
        <Empty description={t('inspection.none')} />
      </Card>
    );
  const yes = (v: boolean) => (v ? t('inspection.present') : t('inspection.absent'));
  const i = inspection;
  return (
    <Card size="small" title={t(`inspection.${kind}`)}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'at', label: t('inspection.inspectedAt'), children: formatDateTime(i.inspectedAt) },
          { key: 'km', label: t('inspection.mileage'), children: i.mileage },
          { key: 'energy', label: t('inspection.energyLevel'), children: `${i.energyLevel}%` },
          { key: 'ins', label: t('inspection.insuranceCopy'), children: yes(i.documents.insuranceCopy) },
          { key: 'lic', label: t('inspection.licence'), children: yes(i.documents.licence) },
          { key: 'tc', label: t('inspection.transportCertificate'), children: yes(i.documents.transportCertificate) },
          { key: 'who', label: t('inspection.inspector'), children: i.inspectorName || '-' },
          ...(kind === 'return'
            ? [{ key: 'deduction', label: t('inspection.damageDeduction'), children: formatMoney(i.damageDeduction) }]
            : []),
          { key: 'remark', label: t('inspection.remark'), children: i.remark ?? '-' },
          {
            key: 'marks',
            label: t('inspection.damageMarks'),
            children: i.damageMarks.length ? (
              <ul className="fd-damage-list">
                {i.damageMarks.map((m, n) => (
                  <li key={n}>
                    {title(DAMAGE_POSITION_TITLES[m.position])}：{m.note}
                    <Space wrap>
                      {m.photos.map((p) =>
                        p.signedUrl ? (
                          <a key={p.url} href={p.signedUrl} target="_blank" rel="noreferrer">
                            <img src={p.signedUrl} width={56} height={56} alt={m.note} style={{ objectFit: 'cover' }} />
                          </a>
                        ) : null,
                      )}
                    </Space>
                  </li>
                ))}
              </ul>
            ) : (
              t('inspection.noDamage')
            ),
          },
        ]}
      />
    </Card>
  );
}

/** The contract page's handover tab: the dispatch and return inspections and the wizards that record them. */
export default function HandoverTab({ contract }: ContractTabProps) {
  const { t } = useTranslation('handover');
  const access = useAccess();
  const state = useQuery(inspectionsQuery(contract.id));
  const dispatch = useDispatch();
  const giveBack = useReturn();
  const [open, setOpen] = useState<InspectionKind | null>(null);
  if (state.isLoading) return <Skeleton active />;
  if (!state.data)
    return (
      <Result
        status="error"
        title={t('loadFailed')}
        extra={<Button onClick={() => void state.refetch()}>{t('retry')}</Button>}
      />
    );
  const s = state.data;
  return (
    <div className="fd-handover-tab">
      {contract.state === 'pending' && <Alert type="info" showIcon title={t('inspection.notSigned')} />}
      <Space wrap style={{ margin: '8px 0' }}>
        {s.canDispatch && access.can('rentContract:dispatch') && (
          <Button type="primary" onClick={() => setOpen('dispatch')}>
            {t('inspection.startDispatch')}
          </Button>
        )}
        {s.canReturn && access.can('rentContract:return') && (
          <Button type="primary" onClick={() => setOpen('return')}>
            {t('inspection.startReturn')}
          </Button>
        )}
      </Space>
      <Space align="start" wrap size="large">
        <InspectionCard kind="dispatch" inspection={s.dispatch} />
        <InspectionCard kind="return" inspection={s.return} />
      </Space>
      {open && (
        <InspectionWizard
          kind={open}
          lastMileage={s.lastMileage}
          onSubmit={(body, silent) =>
            open === 'dispatch'
              ? dispatch.mutateAsync({ id: contract.id, body, silent })
              : giveBack.mutateAsync({ id: contract.id, body, silent })
          }
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
