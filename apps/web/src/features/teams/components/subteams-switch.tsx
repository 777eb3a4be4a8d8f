import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Tooltip from 'antd/es/tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** URL key of the "include its teams" switch (`0`: the fleet's own drivers or cars only). */
const KEY = 'subteams';

/** Whether a fleet's list includes its teams' (the default); a team has none. */
export function useWithSubteams(kind: 'fleet' | 'team') {
  const [search, setSearch] = useSearchParams();
  const on = kind === 'fleet' && search.get(KEY) !== '0';
  const set = (next: boolean) =>
    setSearch((current) => {
      const query = new URLSearchParams(current);
      if (next) query.delete(KEY);
      else query.set(KEY, '0');
      query.delete('pageNum');
      return query;
    });
  return [on, set] as const;
}

export function SubteamsSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation('teams');
  return (
    <label className="fd-team-switch">
      <Switch size="small" checked={on} onChange={onChange} aria-label={t('members.withSubteams')} />
      <span>{t('members.withSubteams')}</span>
    </label>
  );
}

/**
 * The toolbar of a node's drivers and cars: a fleet's "include its teams" switch, and the add button (for those who
 * may edit) that a disabled node greys out with the reason.
 */
export function NodeListToolbar(props: {
  team: { kind: 'fleet' | 'team'; enabled: boolean };
  withSubteams: boolean;
  onSubteams: (on: boolean) => void;
  canEdit: boolean;
  icon: ReactNode;
  addLabel: string;
  onAdd: () => void;
}) {
  const { t } = useTranslation('teams');
  const add = (
    <Button type="primary" icon={props.icon} disabled={!props.team.enabled} onClick={props.onAdd}>
      {props.addLabel}
    </Button>
  );
  return (
    <Space wrap>
      {props.team.kind === 'fleet' ? <SubteamsSwitch on={props.withSubteams} onChange={props.onSubteams} /> : null}
      {props.canEdit ? (
        props.team.enabled ? (
          add
        ) : (
          <Tooltip title={t('detail.disabledHint')}>
            <span>{add}</span>
          </Tooltip>
        )
      ) : null}
    </Space>
  );
}
