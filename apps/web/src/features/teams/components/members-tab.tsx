import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamDetail, TeamMember } from '@fleetdesk/contracts/teams';
import { DriverLink } from '../../../components/entity-links';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatDateTime } from '../../../lib/format';
import { membersQuery } from '../api/get-members';
import { AddMembersDialog, RemoveMembersDialog } from './move-dialogs';
import { NodeListToolbar, useWithSubteams } from './subteams-switch';
import { DriverStateTag } from './tags';

/** The drivers of a fleet or team (a fleet's with its teams' unless switched off): add, remove, search. */
export function MembersTab({ team }: { team: TeamDetail }) {
  const { t } = useTranslation('teams');
  const access = useAccess();
  const canEdit = access.can('teams:edit');
  const [withSubteams, setWithSubteams] = useWithSubteams(team.kind);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<{ rows: TeamMember[]; clear?: () => void } | null>(null);
  const fields = useMemo<FilterField[]>(
    () => [{ type: 'text', name: 'keyword', label: t('members.keyword'), placeholder: t('members.keywordHint') }],
    [t],
  );
  const columns: ListColumn<TeamMember>[] = [
    {
      key: 'name',
      title: t('members.name'),
      render: (_, m) => (
        <Space size={4}>
          <DriverLink id={m.driverId} name={m.name} />
          {m.leader ? <Tag color="gold">{t('members.leaderTag')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'phone', title: t('members.phone'), dataIndex: 'phone' },
    { key: 'state', title: t('members.state'), render: (_, m) => <DriverStateTag state={m.state} /> },
    { key: 'team', title: t('members.team'), dataIndex: 'teamName' },
    { key: 'joinedAt', title: t('members.joinedAt'), render: (_, m) => formatDateTime(m.joinedAt) },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('columns.actions'),
            fixed: 'right' as const,
            render: (_: unknown, m: TeamMember) => (
              <Button type="link" size="small" danger onClick={() => setRemoving({ rows: [m] })}>
                {t('members.remove')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <ListPage<TeamMember>
        id="team-members"
        filters={fields}
        toolbar={
          <NodeListToolbar
            team={team}
            withSubteams={withSubteams}
            onSubteams={setWithSubteams}
            canEdit={canEdit}
            icon={<UserAddOutlined />}
            addLabel={t('members.add')}
            onAdd={() => setAdding(true)}
          />
        }
        columns={columns}
        rowKey={(m) => m.driverId}
        query={(p) =>
          membersQuery({
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
                <Button size="small" danger onClick={() => setRemoving({ rows, clear })}>
                  {t('members.removeSelected')}
                </Button>
              )
            : undefined
        }
        emptyText={t('members.empty')}
      />
      {adding ? <AddMembersDialog node={team} onClose={() => setAdding(false)} /> : null}
      {removing ? (
        <RemoveMembersDialog
          node={team}
          drivers={removing.rows}
          onClose={() => setRemoving(null)}
          onDone={removing.clear}
        />
      ) : null}
    </>
  );
}
