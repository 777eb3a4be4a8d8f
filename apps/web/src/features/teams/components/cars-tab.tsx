import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamCar, TeamDetail } from '@fleetdesk/contracts/teams';
import { CarLink } from '../../../components/entity-links';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatPlate } from '../../../lib/format';
import { teamCarsQuery } from '../api/get-cars';
import { useRemoveCars } from '../api/move-cars';
import { AddCarsDialog } from './move-dialogs';
import { NodeListToolbar, useWithSubteams } from './subteams-switch';
import { CarStatusTag } from './tags';

/** The cars a fleet or team runs (a fleet's with its teams' unless switched off): add, remove, search by plate. */
export function CarsTab({ team }: { team: TeamDetail }) {
  const { t } = useTranslation('teams');
  const { message, modal } = App.useApp();
  const access = useAccess();
  const canEdit = access.can('teams:edit');
  const remove = useRemoveCars();
  const [withSubteams, setWithSubteams] = useWithSubteams(team.kind);
  const [adding, setAdding] = useState(false);
  const fields = useMemo<FilterField[]>(
    () => [{ type: 'text', name: 'keyword', label: t('cars.keyword'), placeholder: t('cars.keywordHint') }],
    [t],
  );

  /** Removes the cars; a refusal has been shown by the request layer. */
  const removeCars = async (cars: TeamCar[]): Promise<boolean> => {
    const result = await remove.mutateAsync({ teamId: team.id, carIds: cars.map((c) => c.carId) }).catch(() => null);
    if (!result) return false;
    void message.success(t('cars.removed', { count: result.moved, name: team.name }));
    return true;
  };
  const confirmRemove = (cars: TeamCar[], clear: () => void) =>
    modal.confirm({
      title: t('cars.removeSelectedConfirm', { count: cars.length, name: team.name }),
      okText: t('cars.remove'),
      okButtonProps: { danger: true },
      onOk: async () => {
        if (await removeCars(cars)) clear();
      },
    });

  const columns: ListColumn<TeamCar>[] = [
    { key: 'plate', title: t('cars.plate'), render: (_, c) => <CarLink id={c.carId} plate={c.plate} /> },
    { key: 'model', title: t('cars.model'), render: (_, c) => c.model ?? '—' },
    { key: 'status', title: t('cars.status'), render: (_, c) => <CarStatusTag status={c.status} /> },
    { key: 'team', title: t('cars.team'), dataIndex: 'teamName' },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('columns.actions'),
            fixed: 'right' as const,
            render: (_: unknown, c: TeamCar) => (
              <Popconfirm
                title={t('cars.removeConfirm', { plate: formatPlate(c.plate), name: team.name })}
                okText={t('cars.remove')}
                okButtonProps={{ danger: true }}
                onConfirm={() => removeCars([c])}
              >
                <Button type="link" size="small" danger>
                  {t('cars.remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <ListPage<TeamCar>
        id="team-cars"
        filters={fields}
        toolbar={
          <NodeListToolbar
            team={team}
            withSubteams={withSubteams}
            onSubteams={setWithSubteams}
            canEdit={canEdit}
            icon={<PlusOutlined />}
            addLabel={t('cars.add')}
            onAdd={() => setAdding(true)}
          />
        }
        columns={columns}
        rowKey={(c) => c.carId}
        query={(p) =>
          teamCarsQuery({
            teamId: team.id,
            withSubteams,
            pageNum: p.pageNum,
            pageSize: p.pageSize,
            ...(p.filters.keyword ? { keyword: p.filters.keyword.slice(0, 30) } : {}),
          })
        }
        bulkActions={
          canEdit
            ? (rows, clear) => (
                <Button size="small" danger onClick={() => confirmRemove(rows, clear)}>
                  {t('cars.removeSelected')}
                </Button>
              )
            : undefined
        }
        emptyText={t('cars.empty')}
      />
      {adding ? <AddCarsDialog node={team} onClose={() => setAdding(false)} /> : null}
    </>
  );
}
