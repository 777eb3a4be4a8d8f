import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import Button from 'antd/es/button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Violation } from '@fleetdesk/contracts/violations';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatDate } from '../../../lib/format';
import { exportViolations } from '../api/export-violations';
import { violationFilterBody, violationsQuery } from '../api/get-violations';
import { AddViolationDialog } from './add-dialog';
import { AttributeDialog } from './attribute-dialog';
import { QueryDialog } from './query-dialog';
import { violationColumns } from './violation-columns';
import { ViolationActions } from './violation-actions';

/**
 * The caller's violations: filters in the URL, export, attribution, handled state, the paid query, a paper
 * ticket entered by hand.
 */
export function ViolationsList() {
  const { t } = useTranslation('violations');
  const access = useAccess();
  const [attributing, setAttributing] = useState<Violation | null>(null);
  const [querying, setQuerying] = useState(false);
  const [adding, setAdding] = useState(false);
  const [exporting, setExporting] = useState(false);

  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'plate', label: t('filters.plate') },
      {
        type: 'select',
        name: 'handled',
        label: t('filters.handled'),
        options: ['unhandled', 'handled'].map((v) => ({ value: v, label: t(`handled.${v}`) })),
      },
      { type: 'date-range', name: 'occurred', label: t('filters.occurred'), keys: ['from', 'to'] },
      { type: 'text', name: 'offence', label: t('filters.offence'), advanced: true },
      { type: 'text', name: 'authority', label: t('filters.authority'), advanced: true },
      {
        type: 'select',
        name: 'attributed',
        label: t('filters.attributed'),
        advanced: true,
        options: ['yes', 'no'].map((v) => ({ value: v, label: t(`attributed.${v}`) })),
      },
      { type: 'hidden', name: 'carId', label: t('filters.car') },
      { type: 'hidden', name: 'driverId', label: t('filters.driver') },
    ],
    [t],
  );

  const columns: ListColumn<Violation>[] = [
    ...violationColumns(t, { plate: true }),
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      render: (_, v) => <ViolationActions violation={v} onAttribute={() => setAttributing(v)} />,
    },
  ];

  const toolbar = (access.can('rentCar:query') || access.can('rentCar:edit')) && (
    <>
      {access.can('rentCar:query') && (
        <Button
          type="primary"
          icon={<SearchOutlined />}
          onClick={() => setQuerying(true)}
          data-testid="violation-query"
        >
          {t('actions.query')}
        </Button>
      )}
      {access.can('rentCar:edit') && (
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="violation-add">
          {t('actions.add')}
        </Button>
      )}
    </>
  );

  return (
    <>
      <ListPage<Violation>
        id="violations"
        toolbar={toolbar}
        filters={filters}
        columns={columns}
        rowKey={(v) => v.id}
        query={(p) => violationsQuery({ ...violationFilterBody(p.filters), pageNum: p.pageNum, pageSize: p.pageSize })}
        exportSlot={(p) =>
          access.can('rentCar:export') && (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => {
                setExporting(true);
                exportViolations(violationFilterBody(p.filters), t('export.file', { date: formatDate(new Date()) }))
                  .catch(() => undefined)
                  .finally(() => setExporting(false));
              }}
            >
              {t('actions.export')}
            </Button>
          )
        }
      />
      {attributing && <AttributeDialog violation={attributing} onClose={() => setAttributing(null)} />}
      {querying && <QueryDialog onClose={() => setQuerying(false)} />}
      {adding && <AddViolationDialog onClose={() => setAdding(false)} />}
    </>
  );
}
