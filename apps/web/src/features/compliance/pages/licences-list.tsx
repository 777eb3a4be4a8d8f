import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Statistic from 'antd/es/statistic';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  DUE_STATES,
  LICENSE_KIND_TITLES,
  LICENSE_KINDS,
  type DueState,
  type License,
  type LicenseKind,
} from '@fleetdesk/contracts/compliance';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { formatPlate } from '../../../lib/format';
import { licencesQuery, licenceTotalQuery } from '../api/compliance';
import { DueTag, titleOf } from '../components/shared';
import '../i18n';
import '../compliance.css';

/** `/rentCar/licences`: every licence and certificate of the caller's cars, with the expiring and expired counts. */
export default function LicencesList() {
  const { t } = useTranslation('compliance');
  const total = useQuery(licenceTotalQuery());
  const [, setSearch] = useSearchParams();
  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'plate', label: t('fields.plate') },
      {
        type: 'select',
        name: 'kind',
        label: t('licences.kind'),
        options: LICENSE_KINDS.map((k) => ({ value: k, label: titleOf(LICENSE_KIND_TITLES[k]) })),
      },
      {
        type: 'select',
        name: 'due',
        label: t('licences.due'),
        options: DUE_STATES.map((d) => ({ value: d, label: t(`due.${d}`) })),
      },
    ],
    [t],
  );
  const columns: ListColumn<License>[] = [
    {
      key: 'plate',
      title: t('fields.plate'),
      render: (_, r) => <Link to={`/rentCar/car/${r.carId}?tab=licences`}>{formatPlate(r.plate)}</Link>,
    },
    { key: 'rent', title: t('fields.rent'), render: (_, r) => r.rentName ?? '-' },
    { key: 'kind', title: t('licences.kind'), render: (_, r) => titleOf(LICENSE_KIND_TITLES[r.kind]) },
    { key: 'number', title: t('licences.number'), dataIndex: 'number' },
    { key: 'issueDate', title: t('licences.issueDate'), render: (_, r) => r.issueDate ?? '-' },
    {
      key: 'expiryDate',
      title: t('licences.expiryDate'),
      render: (_, r) => <DueTag due={r.due} date={r.expiryDate} />,
    },
  ];
  const show = (due: DueState) => setSearch({ due }, { replace: true });
  const counts = total.data;

  return (
    <ListPage<License>
      id="compliance-licences"
      extra={
        <Row gutter={16} className="fd-compliance-counts">
          <Col span={6}>
            <Card size="small">
              <Statistic title={t('licences.total')} value={counts?.total ?? '-'} />
            </Card>
          </Col>
          <Col span={6}>
            <Card size="small" hoverable onClick={() => show('soon')}>
              <Statistic
                title={t('licences.expiring', { days: counts?.leadDays ?? 30 })}
                value={counts?.expiring ?? '-'}
                styles={{ content: { color: '#d46b08' } }}
              />
            </Card>
          </Col>
          <Col span={6}>
            <Card size="small" hoverable onClick={() => show('expired')}>
              <Statistic
                title={t('licences.expired')}
                value={counts?.expired ?? '-'}
                styles={{ content: { color: '#cf1322' } }}
              />
            </Card>
          </Col>
          <Col span={6}>
            <Card size="small">
              <Statistic title={t('licences.withoutTransport')} value={counts?.carsWithoutTransport ?? '-'} />
            </Card>
          </Col>
        </Row>
      }
      filters={filters}
      columns={columns}
      rowKey={(r) => r.id}
      query={(p) =>
        licencesQuery({
          pageNum: p.pageNum,
          pageSize: p.pageSize,
          ...(p.filters.plate ? { plate: p.filters.plate } : {}),
          ...(p.filters.kind ? { kind: p.filters.kind as LicenseKind } : {}),
          ...(p.filters.due ? { due: p.filters.due as DueState } : {}),
        })
      }
    />
  );
}
