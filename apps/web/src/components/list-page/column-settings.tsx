import SettingOutlined from '@ant-design/icons/SettingOutlined';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Popover from 'antd/es/popover';
import Tooltip from 'antd/es/tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  columns: { key: string; title: ReactNode }[];
  hidden: ReadonlySet<string>;
  onChange: (hidden: Set<string>) => void;
}

/** Which columns show. At least one always does. */
export function ColumnSettings({ columns, hidden, onChange }: Props) {
  const { t } = useTranslation();
  const shown = columns.filter((c) => !hidden.has(c.key)).length;
  const content = (
    <div className="fd-column-settings">
      {columns.map((c) => (
        <Checkbox
          key={c.key}
          checked={!hidden.has(c.key)}
          disabled={!hidden.has(c.key) && shown === 1}
          onChange={(e) => {
            const next = new Set(hidden);
            if (e.target.checked) next.delete(c.key);
            else next.add(c.key);
            onChange(next);
          }}
        >
          {c.title}
        </Checkbox>
      ))}
      <Button size="small" type="link" onClick={() => onChange(new Set())} disabled={hidden.size === 0}>
        {t('list.resetColumns')}
      </Button>
    </div>
  );
  return (
    <Popover content={content} title={t('list.columns')} trigger="click" placement="bottomRight">
      <Tooltip title={t('list.columns')}>
        <Button icon={<SettingOutlined />} aria-label={t('list.columns')} />
      </Tooltip>
    </Popover>
  );
}
