import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterField } from './list-params';

const DAY = 'YYYY-MM-DD';
const MONTH = 'YYYY-MM';
type FormValues = Record<string, string | string[] | Dayjs | [Dayjs | null, Dayjs | null] | null | undefined>;

function toForm(fields: readonly FilterField[], filters: Record<string, string>): FormValues {
  const values: FormValues = {};
  for (const f of fields) {
    if (f.type === 'date-range') {
      const [from, to] = f.keys.map((k) => filters[k]);
      values[f.name] = from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : undefined;
    } else if (f.type === 'month') {
      const month = filters[f.name] ? dayjs(filters[f.name], MONTH, true) : null;
      values[f.name] = month?.isValid() ? month : undefined;
    } else if (f.type === 'select' && f.multiple) {
      values[f.name] = filters[f.name]?.split(',').filter(Boolean);
    } else if (f.type !== 'hidden') {
      values[f.name] = filters[f.name];
    }
  }
  return values;
}

function fromForm(fields: readonly FilterField[], values: FormValues): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const f of fields) {
    const value = values[f.name];
    if (f.type === 'date-range') {
      const range = (Array.isArray(value) ? value : [null, null]) as [Dayjs | null, Dayjs | null];
      out[f.keys[0]] = range[0]?.format(DAY);
      out[f.keys[1]] = range[1]?.format(DAY);
    } else if (f.type === 'month') {
      out[f.name] = dayjs.isDayjs(value) ? value.format(MONTH) : undefined;
    } else if (f.type === 'select' && f.multiple) {
      out[f.name] = Array.isArray(value) && value.length ? (value as string[]).join(',') : undefined;
    } else if (f.type !== 'hidden') {
      out[f.name] = typeof value === 'string' ? value : undefined;
    }
  }
  return out;
}

interface Props {
  fields: readonly FilterField[];
  filters: Record<string, string>;
  onSearch: (values: Record<string, string | undefined>) => void;
  onReset: () => void;
  /** After the search and reset buttons (saved filters, say). */
  actions?: ReactNode;
}

/** Long option lists can be typed into. */
const SEARCHABLE = 8;

/** The filter form of a list page; its values come from (and go to) the URL query. */
export function FilterBar({ fields, filters, onSearch, onReset, actions }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [more, setMore] = useState(false);
  const advanced = fields.filter((f) => f.advanced && f.type !== 'hidden');
  const advancedSet = advanced.some((f) =>
    (f.type === 'date-range' ? f.keys : [f.name]).some((key) => filters[key] !== undefined),
  );
  const showAdvanced = more || advancedSet;
  const visible = fields.filter((f) => f.type !== 'hidden' && (!f.advanced || showAdvanced));
  const hidden = fields.filter((f) => f.type === 'hidden' && filters[f.name]);

  // Back/forward, links and a search change the URL: the form follows. Only a change of value counts: the fields
  // are made again when their options arrive (car types, brands), and resetting then would drop what is being typed.
  const shown = JSON.stringify([fields.map((f) => f.name), filters]);
  const follow = useEffectEvent(() => {
    form.resetFields();
    form.setFieldsValue(toForm(fields, filters));
  });
  useEffect(() => follow(), [shown]);

  if (!visible.length && !hidden.length) return null;
  return (
    <div className="fd-filter-bar">
      {visible.length > 0 && (
        <Form form={form} layout="inline" onFinish={(values) => onSearch(fromForm(fields, values))} role="search">
          {visible.map((f) => (
            <Form.Item key={f.name} name={f.name} label={f.label}>
              {f.type === 'text' ? (
                <Input allowClear placeholder={f.placeholder} style={{ width: 200 }} />
              ) : f.type === 'select' ? (
                <Select
                  allowClear
                  options={f.options}
                  mode={f.multiple ? 'multiple' : undefined}
                  maxTagCount="responsive"
                  showSearch={f.options.length > SEARCHABLE ? { optionFilterProp: 'label' } : false}
                  style={{ width: f.multiple ? 200 : 160 }}
                  placeholder={t('list.all')}
                />
              ) : f.type === 'month' ? (
                <DatePicker picker="month" aria-label={f.label} />
              ) : (
                <DatePicker.RangePicker allowEmpty={[true, true]} />
              )}
            </Form.Item>
          ))}
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('actions.search')}
            </Button>
          </Form.Item>
          <Form.Item>
            <Button onClick={onReset}>{t('actions.reset')}</Button>
          </Form.Item>
          {advanced.length > 0 && (
            <Form.Item>
              <Button type="link" onClick={() => setMore(!showAdvanced)} disabled={advancedSet}>
                {showAdvanced ? t('list.fewerFilters') : t('list.moreFilters')}
              </Button>
            </Form.Item>
          )}
          {actions && <Form.Item>{actions}</Form.Item>}
        </Form>
      )}
      {hidden.length > 0 && (
        <div className="fd-filter-tags">
          {hidden.map((f) => (
            <Tag key={f.name} closable onClose={() => onSearch({ [f.name]: undefined })}>
              {f.label}: {f.type === 'hidden' && f.display ? f.display(filters[f.name]!) : filters[f.name]}
            </Tag>
          ))}
        </div>
      )}
    </div>
  );
}
