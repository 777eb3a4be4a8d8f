import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DUE_STATES,
  POLICY_KIND_TITLES,
  POLICY_KINDS,
  type DueState,
  type Policy,
  type PolicyKind,
} from '@fleetdesk/contracts/compliance';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatDate, formatMoney, formatPlate } from '../../../lib/format';
import { exportPapers, policiesQuery } from '../api/compliance';
import { DueTag, titleOf } from '../components/shared';
import '../i18n';
import '../compliance.css';

const InsurersDrawer = lazy(() => import('../components/insurers-drawer'));

/** `/rentCar/insurance`: the policies of the caller's cars, with the insurance and inspection exports. */
export default function PoliciesList() {
  const { t } = useTranslation('compliance');
  const access = useAccess();
  const [exporting, setExporting] = useState<string | null>(null);
  const [insurersOpen, setInsurersOpen] = useState(false);
  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'plate', label: t('fields.plate') },
      {
        type: 'select',
        name: 'kind',
        label: t('policies.kind'),
        options: POLICY_KINDS.map((k) => ({ value: k, label: titleOf(POLICY_KIND_TITLES[k]) })),
      },
      {
        type: 'select',
        name: 'due',
        label: t('policies.due'),
        options: DUE_STATES.map((d) => ({ value: d, label: t(`due.${d}`) })),
      },
    ],
    [t],
  );
  const columns: ListColumn<Policy>[] = [
    {
      key: 'plate',
      title: t('fields.plate'),
      render: (_, p) => <Link to={`/rentCar/car/${p.carId}?tab=insurance`}>{formatPlate(p.plate)}</Link>,
    },
    {
      key: 'kind',
      title: t('policies.kind'),
      render: (_, p) => (
        <span>
          {titleOf(POLICY_KIND_TITLES[p.kind])} {p.current ? <Tag color="blue">{t('policies.current')}</Tag> : null}
        </span>
      ),
    },
    { key: 'company', title: t('policies.company'), dataIndex: 'companyName' },
    { key: 'policyNo', title: t('policies.policyNo'), dataIndex: 'policyNo' },
    { key: 'startDate', title: t('policies.startDate'), dataIndex: 'startDate' },
    { key: 'endDate', title: t('policies.endDate'), render: (_, p) => <DueTag due={p.due} date={p.endDate} /> },
    { key: 'premium', title: t('policies.premium'), align: 'right', render: (_, p) => formatMoney(p.premium) },
  ];
  const download = async (kind: 'insurance' | 'inspection') => {
    setExporting(kind);
    try {
      await exportPapers(
        kind,
        `${t(`carTabs.${kind === 'insurance' ? 'insurance' : 'inspections'}`)}-${formatDate(new Date())}.xlsx`,
      );
    } finally {
      setExporting(null);
    }
  };

  return (
    <>
      <ListPage<Policy>
        id="compliance-policies"
        toolbar={
          <Space>
            <Button onClick={() => setInsurersOpen(true)}>{t('insurers.title')}</Button>
            {access.can('rentCar:export') ? (
              <>
                <Button
                  icon={<DownloadOutlined />}
                  loading={exporting === 'insurance'}
                  onClick={() => void download('insurance')}
                >
                  {t('carTabs.insurance')}
                </Button>
                <Button
                  icon={<DownloadOutlined />}
                  loading={exporting === 'inspection'}
                  onClick={() => void download('inspection')}
                >
                  {t('carTabs.inspections')}
                </Button>
              </>
            ) : null}
          </Space>
        }
        filters={filters}
        columns={columns}
        rowKey={(p) => p.id}
        query={(p) =>
          policiesQuery({
            pageNum: p.pageNum,
            pageSize: p.pageSize,
            ...(p.filters.plate ? { plate: p.filters.plate } : {}),
            ...(p.filters.kind ? { kind: p.filters.kind as PolicyKind } : {}),
            ...(p.filters.due ? { due: p.filters.due as DueState } : {}),
          })
        }
      />
      {insurersOpen ? (
        <Suspense fallback={null}>
          <InsurersDrawer onClose={() => setInsurersOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
