import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Segmented from 'antd/es/segmented';
import Table from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HolidayInput } from '@fleetdesk/contracts/short-term';
import { formatDate } from '../../../lib/format';
import { issueMessage } from '../../../lib/validation';
import { holidaysQuery, useDeleteHoliday, useSaveHoliday, type HolidayRow } from '../api/rental-settings';
import { RequestError } from '../../../lib/request';
import { serverFieldErrors } from '../../../lib/field-failure';

/** This year in the display zone (Asia/Shanghai). */
const thisYear = () => Number(formatDate(new Date()).slice(0, 4));

/** The weekday of a day (YYYY-MM-DD), 0 = Sunday, as the calendar has it (no time zone involved). */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

interface Values {
  day: Dayjs | null;
  name: string;
}

/**
 * The tenant's holidays (weekend prices apply, and the stricter cancellation rules): a year at a time, a day added
 * with its name, removed with `sevenSetting:edit`.
 */
export function HolidaysCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation('rental-settings');
  const { message } = App.useApp();
  const [year, setYear] = useState(thisYear);
  const list = useQuery(holidaysQuery({ from: `${year}-01-01`, to: `${year}-12-31` }));
  const save = useSaveHoliday();
  const remove = useDeleteHoliday();
  const [form] = Form.useForm<Values>();
  const [refused, setRefused] = useState<string | null>(null);

  const add = async (v: Values) => {
    setRefused(null);
    const parsed = HolidayInput.safeParse({ day: v.day ? v.day.format('YYYY-MM-DD') : '', name: v.name?.trim() ?? '' });
    if (!parsed.success) {
      const byField = new Map<string, string>();
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (!byField.has(key)) byField.set(key, issueMessage(issue, t));
      }
      form.setFields([...byField].map(([name, error]) => ({ name: name as keyof Values, errors: [error] })));
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data);
      void message.success(t('holidays.added', { day: saved.day, name: saved.name }));
      form.resetFields();
      const savedYear = Number(saved.day.slice(0, 4));
      if (savedYear !== year) setYear(savedYear);
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (fields.length) form.setFields(fields.map((f) => ({ name: f.path as keyof Values, errors: [f.message] })));
      else if (e instanceof RequestError && e.httpStatus === 409) setRefused(e.serverMessage || e.message);
    }
  };

  const years = [thisYear() - 1, thisYear(), thisYear() + 1];
  return (
    <Card
      size="small"
      title={t('holidays.title')}
      data-testid="holidays"
      className="fd-rs-card"
      extra={
        <Segmented<number>
          size="small"
          aria-label={t('holidays.year')}
          value={year}
          onChange={setYear}
          options={years.map((y) => ({ value: y, label: String(y) }))}
        />
      }
    >
      <p className="fd-muted">{t('holidays.hint')}</p>
      {editable ? (
        <Form<Values>
          form={form}
          layout="inline"
          onFinish={(v) => void add(v)}
          className="fd-rs-holiday-form"
          aria-label={t('holidays.add')}
        >
          <Form.Item name="day" label={t('holidays.day')}>
            <DatePicker aria-label={t('holidays.day')} />
          </Form.Item>
          <Form.Item name="name" label={t('holidays.name')}>
            <Input maxLength={20} aria-label={t('holidays.name')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('holidays.add')}
          </Button>
        </Form>
      ) : null}
      {refused ? (
        <p className="fd-rs-refused" role="alert">
          {refused}
        </p>
      ) : null}
      <Table<HolidayRow>
        rowKey="id"
        size="small"
        pagination={false}
        loading={list.isPending}
        dataSource={list.data ?? []}
        locale={{ emptyText: list.isError ? t('loadFailed') : t('holidays.empty', { year }) }}
        columns={[
          { key: 'day', title: t('holidays.day'), dataIndex: 'day' },
          { key: 'weekday', title: t('holidays.weekday'), render: (_, h) => t(`weekdays.${weekdayOf(h.day)}`) },
          { key: 'name', title: t('holidays.name'), dataIndex: 'name' },
          ...(editable
            ? [
                {
                  key: 'actions',
                  title: t('actions.title'),
                  render: (_: unknown, h: HolidayRow) => (
                    <Popconfirm
                      title={t('holidays.removeConfirm', { day: h.day, name: h.name })}
                      onConfirm={() => remove.mutateAsync(h.id).then(() => void message.success(t('holidays.removed')))}
                    >
                      <Button size="small" danger>
                        {t('holidays.remove')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
