import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamDetail } from '@fleetdesk/contracts/teams';
import { useAccess } from '../../../lib/access';
import { formatDateTime } from '../../../lib/format';
import type { RequestError } from '../../../lib/request';
import { useDeleteTeam } from '../api/delete-team';
import { teamQuery } from '../api/get-team';
import { CarsTab } from './cars-tab';
import { MembersTab } from './members-tab';
import { MovesTab } from './moves-tab';
import { PerformanceView } from './performance-view';
import { StatementsTab } from './statements-tab';
import { KindTag } from './tags';

export const DETAIL_TABS = ['members', 'cars', 'moves', 'performance', 'statements'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

/** The node's summary: kind, company, fleet, leader, counts, state, remark. */
function Summary({ team }: { team: TeamDetail }) {
  const { t } = useTranslation('teams');
  const fleet = team.kind === 'fleet';
  const count = (total: number, own: number) =>
    fleet && own !== total ? (
      <span>
        {total} <span className="fd-muted">({t('detail.own', { count: own })})</span>
      </span>
    ) : (
      total
    );
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} className="fd-team-summary">
      <Descriptions.Item label={t('detail.kind')}>
        <KindTag kind={team.kind} />
      </Descriptions.Item>
      <Descriptions.Item label={t('detail.company')}>{team.rentName}</Descriptions.Item>
      {!fleet ? <Descriptions.Item label={t('detail.fleet')}>{team.parentName ?? '—'}</Descriptions.Item> : null}
      <Descriptions.Item label={t('detail.leader')}>
        {team.leader ? (
          <Space size={4} wrap>
            <span>{team.leader.name}</span>
            <Tag variant="filled">
              {team.leader.kind === 'driver' ? t('detail.leaderDriver') : t('detail.leaderEmployee')}
            </Tag>
            {team.leader.phone ? <span className="fd-muted">{team.leader.phone}</span> : null}
          </Space>
        ) : (
          <span className="fd-muted">{t('detail.noLeader')}</span>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('detail.members')}>{count(team.membersTotal, team.members)}</Descriptions.Item>
      <Descriptions.Item label={t('detail.cars')}>{count(team.carsTotal, team.cars)}</Descriptions.Item>
      {fleet ? <Descriptions.Item label={t('detail.teams')}>{team.children}</Descriptions.Item> : null}
      <Descriptions.Item label={t('detail.status')}>
        {team.enabled ? <Tag color="green">{t('detail.enabled')}</Tag> : <Tag>{t('detail.disabled')}</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label={t('detail.sort')}>{team.sort}</Descriptions.Item>
      <Descriptions.Item label={t('detail.updatedAt')}>{formatDateTime(team.updatedAt)}</Descriptions.Item>
      <Descriptions.Item label={t('detail.remark')} span="filled">
        {team.remark || '—'}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * The right panel: the chosen fleet or team, its actions (by permission) and its drivers, cars, history,
 * performance and commission statements as tabs.
 */
export function TeamDetailPanel(props: {
  id: number;
  tab: DetailTab;
  onTab: (tab: DetailTab) => void;
  onEdit: (team: TeamDetail) => void;
  onNewTeam: (fleet: TeamDetail) => void;
  onDeleted: (team: TeamDetail) => void;
}) {
  const { t } = useTranslation('teams');
  const { modal, message } = App.useApp();
  const access = useAccess();
  const query = useQuery(teamQuery(props.id));
  const remove = useDeleteTeam();
  const team = query.data;

  if (query.isLoading)
    return (
      <Card className="fd-team-detail">
        <Skeleton active paragraph={{ rows: 5 }} />
      </Card>
    );
  if (!team) {
    const missing = (query.error as RequestError | null)?.httpStatus === 404;
    return (
      <Card className="fd-team-detail">
        {missing ? (
          <Empty description={t('detail.notFound')} />
        ) : (
          <Result
            status="warning"
            title={t('detail.loadFailed')}
            extra={<Button onClick={() => void query.refetch()}>{t('common:actions.retry')}</Button>}
          />
        )}
      </Card>
    );
  }

  const confirmDelete = () =>
    modal.confirm({
      title: t(team.kind === 'fleet' ? 'delete.fleetTitle' : 'delete.teamTitle', { name: team.name }),
      content: t('delete.text'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        // Not empty: the server says why (409), the request layer shows it.
        const done = await remove.mutateAsync(team.id).then(
          () => true,
          () => false,
        );
        if (!done) return;
        void message.success(t('delete.done', { name: team.name }));
        props.onDeleted(team);
      },
    });

  const actions = (
    <Space wrap size={8}>
      {team.kind === 'fleet' && access.can('teams:add') ? (
        <Button icon={<PlusOutlined />} onClick={() => props.onNewTeam(team)}>
          {t('actions.newTeam')}
        </Button>
      ) : null}
      {access.can('teams:edit') ? (
        <Button icon={<EditOutlined />} onClick={() => props.onEdit(team)}>
          {t('actions.edit')}
        </Button>
      ) : null}
      {access.can('teams:delete') ? (
        <Button danger icon={<DeleteOutlined />} onClick={confirmDelete}>
          {t('actions.delete')}
        </Button>
      ) : null}
    </Space>
  );
  const panels: Record<DetailTab, { label: string; body: () => ReactNode }> = {
    members: { label: `${t('tabs.members')} (${team.membersTotal})`, body: () => <MembersTab team={team} /> },
    cars: { label: `${t('tabs.cars')} (${team.carsTotal})`, body: () => <CarsTab team={team} /> },
    moves: { label: t('tabs.moves'), body: () => <MovesTab team={team} /> },
    performance: { label: t('tabs.performance'), body: () => <PerformanceView team={team} /> },
    statements: { label: t('tabs.statements'), body: () => <StatementsTab team={team} /> },
  };

  return (
    <Card
      className="fd-team-detail"
      title={
        <span className="fd-team-detail-title">
          <h2 className="fd-team-detail-name">{team.name}</h2>
          {!team.enabled ? <Tag>{t('detail.disabled')}</Tag> : null}
        </span>
      }
      extra={actions}
    >
      <Summary team={team} />
      <Tabs
        activeKey={props.tab}
        onChange={(k) => props.onTab(k as DetailTab)}
        items={DETAIL_TABS.map((k) => ({
          key: k,
          label: panels[k].label,
          // Only the open tab asks the server; each list starts afresh for another node.
          children: k === props.tab ? <div key={team.id}>{panels[k].body()}</div> : null,
        }))}
      />
    </Card>
  );
}
