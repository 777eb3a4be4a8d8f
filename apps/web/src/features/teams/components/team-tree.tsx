import CarOutlined from '@ant-design/icons/CarOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import TrophyOutlined from '@ant-design/icons/TrophyOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Tree from 'antd/es/tree';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RentBrief } from '@fleetdesk/contracts/auth';
import { companyKey, nodeKey, type TreeCompany, type TreeTeam } from '../model/team-tree';

/** The drivers and cars of a node (with its teams') as two small counts, each named for screen readers. */
function Counts({ members, cars }: { members: number; cars: number }) {
  const { t } = useTranslation('teams');
  const membersText = t('tree.membersCount', { count: members });
  const carsText = t('tree.carsCount', { count: cars });
  return (
    <span className="fd-team-counts">
      <span className="fd-team-count" aria-label={membersText} title={membersText}>
        <UserOutlined aria-hidden /> {members}
      </span>
      <span className="fd-team-count" aria-label={carsText} title={carsText}>
        <CarOutlined aria-hidden /> {cars}
      </span>
    </span>
  );
}

function NodeTitle({ item }: { item: TreeTeam }) {
  const { t } = useTranslation('teams');
  const { node } = item;
  return (
    <span className={`fd-team-node${node.enabled ? '' : ' fd-team-node-off'}`} data-testid={`team-node-${node.id}`}>
      <span className="fd-team-node-line">
        <span className="fd-team-node-name">{node.name}</span>
        {!node.enabled ? <Tag className="fd-team-node-tag">{t('tree.disabled')}</Tag> : null}
      </span>
      <span className="fd-team-node-meta">
        <span className="fd-team-node-leader">{node.leader ? t('tree.leader', { name: node.leader.name }) : ''}</span>
        <Counts members={item.membersTotal} cars={item.carsTotal} />
      </span>
    </span>
  );
}

function CompanyTitle({ company }: { company: TreeCompany }) {
  const { t } = useTranslation('teams');
  const fleets = company.teams.filter((i) => i.node.kind === 'fleet').length;
  return (
    <span className="fd-team-node fd-team-company">
      <span className="fd-team-node-line">
        <span className="fd-team-node-name">{company.rentName}</span>
      </span>
      <span className="fd-team-node-meta">
        <span className="fd-team-node-leader">{t('tree.fleets', { count: fleets })}</span>
        <Counts members={company.membersTotal} cars={company.carsTotal} />
      </span>
    </span>
  );
}

const toData = (items: TreeTeam[]): DataNode[] =>
  items.map((item) => ({
    key: nodeKey(item.node.id),
    title: <NodeTitle item={item} />,
    children: toData(item.children),
  }));

/**
 * The left panel: companies, their fleets and teams, each with its leader and its drivers' and cars' counts; a
 * search (name or leader) and, for a user of several companies, a company filter. Companies group and are not
 * chosen; a fleet or team is.
 */
export function TeamTree(props: {
  companies: TreeCompany[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  filtering: boolean;
  keyword: string;
  onKeyword: (keyword: string) => void;
  rents: RentBrief[];
  rentId: number | undefined;
  onRent: (rentId: number | undefined) => void;
  selected: number | null;
  onSelect: (id: number) => void;
  /** The "new fleet" button (only with the permission). */
  newFleet?: ReactNode;
  /** The entry of every fleet's ranking (the performance view without a node). */
  allFleets?: { active: boolean; onClick: () => void };
}) {
  const { t } = useTranslation('teams');
  const [typed, setTyped] = useState(props.keyword);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const data = useMemo<DataNode[]>(
    () =>
      props.companies.map((c) => ({
        key: companyKey(c.rentId),
        title: <CompanyTitle company={c} />,
        selectable: false,
        children: toData(c.teams),
      })),
    [props.companies],
  );
  // Every node open, but those the user closed (a node added later opens too).
  const allKeys = useMemo(() => {
    const out: string[] = [];
    const walk = (nodes: DataNode[]) =>
      nodes.forEach((n) => {
        if (n.children?.length) out.push(String(n.key));
        walk(n.children ?? []);
      });
    walk(data);
    return out;
  }, [data]);
  const expanded = allKeys.filter((k) => !collapsed.has(k));

  return (
    <aside className="fd-team-panel" aria-label={t('tree.label')}>
      <div className="fd-team-panel-head">
        <h2 className="fd-team-panel-title">{t('tree.title')}</h2>
        {props.newFleet}
      </div>
      <div className="fd-team-panel-filters">
        {props.rents.length > 1 ? (
          <Select
            aria-label={t('tree.rent')}
            allowClear
            placeholder={t('tree.allRents')}
            value={props.rentId}
            onChange={(v?: number) => props.onRent(v ?? undefined)}
            options={props.rents.map((r) => ({ value: r.id, label: r.shortName || r.name }))}
          />
        ) : null}
        <Input.Search
          aria-label={t('tree.search')}
          placeholder={t('tree.search')}
          allowClear
          maxLength={30}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            // Clearing the box shows everything again at once.
            if (!e.target.value) props.onKeyword('');
          }}
          onSearch={(v) => props.onKeyword(v.trim())}
        />
        {props.allFleets ? (
          <Button
            block
            icon={<TrophyOutlined />}
            type={props.allFleets.active ? 'primary' : 'default'}
            ghost={props.allFleets.active}
            aria-pressed={props.allFleets.active}
            onClick={props.allFleets.onClick}
          >
            {t('tree.allFleets')}
          </Button>
        ) : null}
      </div>
      {props.loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : props.failed ? (
        <Result
          status="warning"
          title={t('tree.loadFailed')}
          extra={<Button onClick={props.onRetry}>{t('common:actions.retry')}</Button>}
        />
      ) : data.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={props.filtering ? t('tree.noMatch') : t('tree.empty')}
        />
      ) : (
        <Tree
          blockNode
          showLine
          className="fd-team-tree"
          treeData={data}
          expandedKeys={expanded}
          onExpand={(keys) => {
            const open = new Set(keys.map(String));
            setCollapsed(new Set(allKeys.filter((k) => !open.has(k))));
          }}
          selectedKeys={props.selected === null ? [] : [nodeKey(props.selected)]}
          onSelect={(keys) => {
            const key = keys[0];
            if (key !== undefined && /^\d+$/.test(String(key))) props.onSelect(Number(key));
          }}
        />
      )}
    </aside>
  );
}

export function NewFleetButton({ onClick, size }: { onClick: () => void; size?: 'small' | 'middle' }) {
  const { t } = useTranslation('teams');
  return (
    <Button type="primary" size={size} icon={<PlusOutlined />} onClick={onClick}>
      {t('actions.newFleet')}
    </Button>
  );
}
