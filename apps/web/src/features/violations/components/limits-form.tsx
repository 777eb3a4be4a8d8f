import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Skeleton from 'antd/es/skeleton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ViolationLimitConfig } from '@fleetdesk/contracts/violations';
import { serverFieldErrors } from '../../../lib/field-failure';
import type { RequestError } from '../../../lib/request';
import { issueMessage } from '../../../lib/validation';
import { limitsQuery, useSaveLimits } from '../api/limits';

type Values = ViolationLimitConfig;
const FIELDS = [
  ['carPoints', 'car', 'points'],
  ['carFine', 'car', 'fine'],
  ['driverPoints', 'driver', 'points'],
  ['driverFine', 'driver', 'fine'],
] as const;

/** The limits on unhandled violations that raise reminders (`peccancyLimitConfig`). */
export function LimitsForm({ editable }: { editable: boolean }) {
  const { t } = useTranslation('violations');
  const { message } = App.useApp();
  const limits = useQuery(limitsQuery());
  const save = useSaveLimits();
  const [form] = Form.useForm<Values>();
  if (!limits.data) return <Skeleton active />;

  const submit = async (raw: Values) => {
    const values = Object.fromEntries(FIELDS.map(([k]) => [k, raw[k] ?? null])) as Values;
    const parsed = ViolationLimitConfig.safeParse(values);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((i) => ({ name: i.path[0] as keyof Values, errors: [issueMessage(i, t)] })),
      );
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      void message.success(t('limits.saved'));
    } catch (e) {
      form.setFields(
        serverFieldErrors(e as RequestError).map((f) => ({ name: f.path as keyof Values, errors: [f.message] })),
      );
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="fd-violations-limits"
      initialValues={limits.data}
      disabled={!editable}
      onFinish={(v) => void submit(v)}
      data-testid="violation-limits"
    >
      <Alert type="info" showIcon title={t('limits.intro')} className="fd-violations-car-summary" />
      {FIELDS.map(([name, who, what]) => (
        <Form.Item key={name} name={name} label={`${t(`limits.${who}`)} · ${t(`limits.${what}`)}`}>
          <InputNumber min={0} precision={what === 'points' ? 0 : 2} style={{ width: 200 }} />
        </Form.Item>
      ))}
      {editable && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('limits.save')}
        </Button>
      )}
    </Form>
  );
}
