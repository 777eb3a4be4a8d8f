import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { TeamDetail, TeamMove } from '@fleetdesk/contracts/teams';
import { DriverLink } from '../../../components/entity-links';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import { formatDateTime } from '../../../lib/format';
import { movesQuery } from '../api/get-moves';

/** One end of a stay: when, by whom, why. */
export function MoveStep({ at, by, reason }: { at: string; by: string | null; reason: string | null }) {
  const { t } = useTranslation('teams');
  return (
    <div className="fd-team-move">
      <div>{formatDateTime(at)}</div>
      {by ? <div className="fd-muted">{t('moves.by', { name: by })}</div> : null}
      {reason ? <div className="fd-team-move-reason">{reason}</div> : null}
    </div>
  );
}

/** The history of the drivers of a fleet (and its teams) or of a team: each stay, joined and left. */
export function MovesTab({ team }: { team: TeamDetail }) {
  const { t } = useTranslation('teams');
  const columns: ListColumn<TeamMove>[] = [
    { key: 'driver', title: t('moves.driver'), render: (_, m) => <DriverLink id={m.driverId} name={m.driverName} /> },
    { key: 'team', title: t('moves.team'), dataIndex: 'teamName' },
    {
      key: 'joined',
      title: t('moves.joined'),
      render: (_, m) => <MoveStep at={m.joinedAt} by={m.joinedBy} reason={m.joinReason} />,
    },
    {
      key: 'left',
      title: t('moves.left'),
      render: (_, m) =>
        m.leftAt ? (
          <MoveStep at={m.leftAt} by={m.leftBy} reason={m.leaveReason} />
        ) : (
          <Tag color="green">{t('moves.stillIn')}</Tag>
        ),
    },
  ];
  return (
    <ListPage<TeamMove>
      id="team-moves"
      columns={columns}
      rowKey={(m) => m.id}
      query={(p) => movesQuery({ teamId: team.id, pageNum: p.pageNum, pageSize: p.pageSize })}
      emptyText={t('moves.empty')}
    />
  );
}
