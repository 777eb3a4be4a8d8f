import Switch from 'antd/es/switch';
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
