import ImportOutlined from '@ant-design/icons/ImportOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CarListRow } from '@fleetdesk/contracts/vehicles';
import { ImportWizard } from '../../../components/import-wizard/import-wizard';
import { useFinishedTasks } from '../../../components/import-wizard/use-finished-tasks';
import { exportFilter, ListPage, type ListColumn } from '../../../components/list-page/list-page';
import { RestoreButton } from '../../../components/list-page/restore-button';
import { SavedFilters } from '../../../components/list-page/saved-filters';
import { useAccess } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { formatDateTime, formatPlate } from '../../../lib/format';
import { useRestoreCar } from '../api/delete-car';
import { carsKey, carsQuery } from '../api/get-cars';
import { carFilterBody, carFilterParams } from '../model/car-filter';
import { TransferDialog } from '../transfer/transfer-dialog';
import { BulkStatus } from './bulk-status';
import { CarActionDialog } from './car-action-dialog';
import { CarRowActions, type RowCommand } from './car-row-actions';
import { CarStatusTag } from './car-status-tag';
import { DeleteCarDialog } from './delete-car-dialog';
import { DueDate } from './due-date';
import { ExportMenu } from './export-menu';
import { useCarFilterFields } from './use-car-filter-fields';

const SCREEN = 'rentCar';

/** Brand, series and model; a model whose name starts with its series does not repeat the series. */
function makeAndModel(c: CarListRow): string {
  const model = c.modelName ?? '';
  const series = model.startsWith(c.seriesName) ? '' : c.seriesName;
  return [c.brandName, series, model].filter(Boolean).join(' ');
}
const toSaved = (filters: Record<string, string>) => carFilterBody(filters) as Record<string, unknown>;

/** The cars of the caller's rents: filters in the URL, saved filters, exports, import, status actions. */
export function CarsTab() {
  const { t } = useTranslation('vehicles');
  const access = useAccess();
  const client = useQueryClient();
  const fields = useCarFilterFields();
  const [command, setCommand] = useState<{ car: CarListRow; command: RowCommand } | null>(null);
  const [importing, setImporting] = useState(false);
  const rents = useSession((s) => s.user?.rents ?? []);
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: carsKey }), [client]);
  const followTask = useFinishedTasks(refresh);
  const onCommand = (car: CarListRow, next: RowCommand) => setCommand({ car, command: next });
  const restore = useRestoreCar();
  const close = () => setCommand(null);

  const columns: ListColumn<CarListRow>[] = [
    {
      key: 'plate',
      title: t('columns.plate'),
      fixed: 'left',
      render: (_, c) => (
        <Link to={`/rentCar/car/${c.id}`} className="fd-plate">
          {formatPlate(c.plate)}
        </Link>
      ),
    },
    {
      key: 'vin',
      title: t('columns.vin'),
      render: (_, c) =>
        c.vinValid ? (
          <span className="fd-mono">{c.vin}</span>
        ) : (
          <Tooltip title={t('columns.vinInvalid')}>
            <span className="fd-mono fd-due-soon">{c.vin}</span>
          </Tooltip>
        ),
    },
    {
      key: 'model',
      title: t('columns.model'),
      render: (_, c) => makeAndModel(c),
    },
    { key: 'carType', title: t('columns.carType'), render: (_, c) => c.carTypeName ?? '-' },
    { key: 'energy', title: t('columns.energy'), render: (_, c) => t(`energy.${c.energy}`) },
    { key: 'status', title: t('columns.status'), render: (_, c) => <CarStatusTag status={c.status} /> },
    { key: 'rent', title: t('columns.rent'), dataIndex: 'rentName' },
    { key: 'owner', title: t('columns.owner'), render: (_, c) => c.ownerName ?? '-' },
    { key: 'registrationDate', title: t('columns.registrationDate'), render: (_, c) => c.registrationDate ?? '-' },
    { key: 'inspectionDue', title: t('columns.inspectionDue'), render: (_, c) => <DueDate day={c.inspectionDue} /> },
    {
      key: 'compulsoryExpiry',
      title: t('columns.compulsoryExpiry'),
      render: (_, c) => <DueDate day={c.compulsoryExpiry} />,
    },
    {
      key: 'commercialExpiry',
      title: t('columns.commercialExpiry'),
      render: (_, c) => <DueDate day={c.commercialExpiry} />,
    },
    {
      key: 'mileage',
      title: t('columns.mileage'),
      align: 'right',
      render: (_, c) => c.mileageKm.toLocaleString('en-US'),
    },
    { key: 'createdAt', title: t('columns.createdAt'), render: (_, c) => formatDateTime(c.createdAt) },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      render: (_, c) =>
        c.deletedAt ? (
          access.can('rentCar:delete') ? (
            <RestoreButton name={formatPlate(c.plate)} restore={() => restore.mutateAsync(c.id)} />
          ) : null
        ) : (
          <CarRowActions car={c} onCommand={onCommand} />
        ),
    },
  ];

  const toolbar = (
    <>
      {access.can('rentCar:import') && (
        <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
          {t('actions.import')}
        </Button>
      )}
      {access.can('rentCar:add') && (
        <Link to="/rentCar/car/new">
          <Button type="primary" icon={<PlusOutlined />}>
            {t('actions.add')}
          </Button>
        </Link>
      )}
    </>
  );

  return (
    <>
      <ListPage<CarListRow>
        id="cars"
        toolbar={toolbar}
        filters={fields}
        filterActions={<SavedFilters screen={SCREEN} fields={fields} toSaved={toSaved} fromSaved={carFilterParams} />}
        columns={columns}
        rowKey={(c) => c.id}
        query={(p) => carsQuery({ ...carFilterBody(p.filters), pageNum: p.pageNum, pageSize: p.pageSize })}
        deletedSwitch={access.can('rentCar:delete')}
        exportsSelection
        exportSlot={
          access.can('rentCar:export')
            ? (p, selected) => (
                <ExportMenu
                  filter={exportFilter(carFilterBody(p.filters), selected, (c) => c.id)}
                  selected={selected.length}
                />
              )
            : undefined
        }
        bulkActions={
          access.can('rentCar:edit')
            ? (selected, clear) => <BulkStatus cars={selected.filter((c) => !c.deletedAt)} onDone={clear} />
            : undefined
        }
      />
      {command?.command.kind === 'status' && (
        <CarActionDialog car={command.car} action={command.command.action} onClose={close} />
      )}
      {command?.command.kind === 'delete' && <DeleteCarDialog car={command.car} onClose={close} />}
      <TransferDialog
        car={
          command?.command.kind === 'transfer'
            ? { id: command.car.id, plateNumber: formatPlate(command.car.plate), rentId: command.car.rentId }
            : null
        }
        onClose={close}
        onDone={() => {
          close();
          refresh();
        }}
      />
      {importing && (
        <ImportWizard
          type="car"
          ns="vehicles"
          targets={rents.map((r) => ({ value: r.id, label: r.name }))}
          onClose={() => setImporting(false)}
          onImported={(taskId) => {
            refresh();
            if (taskId) followTask(taskId);
          }}
        />
      )}
    </>
  );
}
