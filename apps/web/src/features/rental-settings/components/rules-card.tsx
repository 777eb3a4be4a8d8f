import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_SHORT_TERM_RULES,
  DEFAULT_TIME_SHARE_RULES,
  ShortTermRules,
  TimeShareRules,
  type TenantRules,
} from '@fleetdesk/contracts/organisation';
import { serverFieldErrors } from '../../../lib/field-failure';
import { issueMessage } from '../../../lib/validation';
import { useSaveRuleSection, type RuleSection } from '../api/rental-settings';

type Unit = 'minutes' | 'hours' | 'days' | 'percent' | 'yuan' | 'time';
export interface RuleField {
  key: string;
  unit: Unit;
  min?: number;
  max?: number;
}

/** The `shortTerm` rules as the form shows them, with the contracts' bounds. */
export const SHORT_TERM_FIELDS: RuleField[] = [
  { key: 'graceMinutes', unit: 'minutes', min: 0, max: 360 },
  { key: 'freeCancelHours', unit: 'hours', min: 0, max: 720 },
  { key: 'holidayFreeCancelHours', unit: 'hours', min: 0, max: 720 },
  { key: 'cancelFeeDays', unit: 'days', min: 0, max: 30 },
  { key: 'holidayCancelFeeDays', unit: 'days', min: 0, max: 30 },
  { key: 'lateHourPct', unit: 'percent', min: 0, max: 100 },
  { key: 'earlyReturnRefundPct', unit: 'percent', min: 0, max: 100 },
  { key: 'fuelPerPct', unit: 'yuan', min: 0, max: 1000 },
  { key: 'violationHoldDays', unit: 'days', min: 0, max: 365 },
  { key: 'unpaidMinutes', unit: 'minutes', min: 5, max: 1440 },
];

/** The `timeShare` rules. */
export const TIME_SHARE_FIELDS: RuleField[] = [
  { key: 'reserveMinutes', unit: 'minutes', min: 1, max: 120 },
  { key: 'offZoneFee', unit: 'yuan', min: 0, max: 10_000 },
  { key: 'warnBelow', unit: 'yuan', min: 0, max: 10_000 },
  { key: 'lockAfterMinutes', unit: 'minutes', min: 1, max: 1440 },
  { key: 'recoverAfterHours', unit: 'hours', min: 1, max: 168 },
  { key: 'nightFrom', unit: 'time' },
  { key: 'nightTo', unit: 'time' },
];

const SECTIONS = {
  shortTerm: { fields: SHORT_TERM_FIELDS, schema: ShortTermRules, defaults: DEFAULT_SHORT_TERM_RULES },
  timeShare: { fields: TIME_SHARE_FIELDS, schema: TimeShareRules, defaults: DEFAULT_TIME_SHARE_RULES },
} as const;

type Values = Record<string, number | string | null>;

/**
 * One section of the rules (short-term or time-share): each value with its unit and default, checked with the
 * contracts' schema before saving, the server's field errors (`shortTerm.graceMinutes`) on their fields.
 */
export function RulesCard({
  section,
  rules,
  editable,
}: {
  section: RuleSection;
  rules: TenantRules;
  editable: boolean;
}) {
  const { t } = useTranslation('rental-settings');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveRuleSection();
  const { fields, schema, defaults } = SECTIONS[section];
  const current = { ...defaults, ...(rules[section] ?? {}) } as Values;

  const unitText = (unit: Unit, value: number | string) =>
    unit === 'yuan'
      ? `¥${Number(value).toFixed(2)}`
      : unit === 'time'
        ? String(value)
        : `${value} ${t(`units.${unit}`)}`;

  const finish = async (v: Values) => {
    form.setFields(fields.map((f) => ({ name: f.key, errors: [] })));
    const parsed = schema.safeParse(v);
    if (!parsed.success) {
      const byField = new Map<string, string>();
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (!byField.has(key)) byField.set(key, issueMessage(issue, t));
      }
      form.setFields([...byField].map(([name, error]) => ({ name, errors: [error] })));
      return;
    }
    try {
      await save.mutateAsync({ rules, section, value: parsed.data });
      void message.success(t('rules.saved'));
    } catch (e) {
      const prefix = `${section}.`;
      form.setFields(
        serverFieldErrors(e)
          .filter((x) => x.path.startsWith(prefix))
          .map((x) => ({ name: x.path.slice(prefix.length), errors: [x.message] })),
      );
    }
  };

  return (
    <Card size="small" title={t(`rules.${section}.title`)} data-testid={`rules-${section}`} className="fd-rs-card">
      <p className="fd-muted">{t(`rules.${section}.hint`)}</p>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={current}
        disabled={!editable}
        onFinish={(v) => void finish(v)}
        aria-label={t(`rules.${section}.title`)}
      >
        <div className="fd-rs-grid">
          {fields.map((f) => (
            <Form.Item
              key={f.key}
              name={f.key}
              label={t(`rules.${section}.${f.key}`)}
              extra={`${t(`rules.${section}.${f.key}Hint`)} ${t('rules.default', {
                value: unitText(f.unit, defaults[f.key as keyof typeof defaults] as number | string),
              })}`}
            >
              {f.unit === 'time' ? (
                <Input placeholder="HH:MM" maxLength={5} className="fd-rs-time" />
              ) : (
                <InputNumber<number>
                  min={f.min}
                  max={f.max}
                  precision={f.unit === 'yuan' ? 2 : 0}
                  prefix={f.unit === 'yuan' ? '¥' : undefined}
                  suffix={f.unit === 'yuan' ? undefined : t(`units.${f.unit}`)}
                  className="fd-rs-number"
                />
              )}
            </Form.Item>
          ))}
        </div>
        {editable ? (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('actions.save')}
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}
