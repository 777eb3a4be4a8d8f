import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_CONTRACT_PREFIX,
  TenantRules,
  type Rent,
  type TenantRules as Rules,
} from '@fleetdesk/contracts/organisation';
import { GPS_ALARM_TYPES, GPS_EVENT_TITLES } from '@fleetdesk/contracts/gps-events';
import { CostCentreSelect, useCanPickCostCentre } from '../../../components/cost-centre-select';
import { useAccess } from '../../../lib/access';
import { currentLanguage } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { rentsQuery } from '../../../lib/organisation-lists';
import { rulesQuery } from '../api/get-rules';
import { useUpdateRules } from '../api/update-rules';
import { DriverLevelsCard, isLevelField } from './driver-levels-card';
import { schemaErrors, serverErrors } from './form-errors';
import { LoadFailed, Loading } from './states';

/** The rules a tenant has before it changes any (the contracts' defaults). */
export const RULE_DEFAULTS: Rules = TenantRules.parse({});

const REMINDERS = [
  'licenceDays',
  'insuranceDays',
  'inspectionDays',
  'driverDocumentDays',
  'rentDueDays',
  'serviceDays',
] as const;
/** The contract reminders that may also text the driver (`contractSms`). */
const CONTRACT_SMS = ['rentDue', 'contractEnd', 'overdue'] as const;

/** The GPS risk engine's switches (`gpsRisk`). */
const RISK_SWITCHES = ['geofenceExitOverdue', 'powerCutRented', 'silentRented'] as const;
/** The GPS event limits (`gpsEvents`, issue 18) with their bounds, as the contracts check them. */
const GPS_LIMITS = [
  { key: 'overspeedKmh', min: 0, max: 300, unit: 'km/h' },
  { key: 'overspeedSeconds', min: 0, max: 3600, unit: 's' },
  { key: 'offlineMinutes', min: 1, max: 10080, unit: 'min' },
  { key: 'lowBatteryPercent', min: 0, max: 100, unit: '%' },
  { key: 'safeSpeedKmh', min: 0, max: 120, unit: 'km/h' },
] as const;

/** The fields of the form, as the server names them in its field errors. */
const RULE_FIELDS = new Set([
  ...REMINDERS.map((k) => `reminders.${k}`),
  'rentGraceDays',
  'messageArchiveDays',
  'lateFee.dailyRatePermille',
  'lateFee.capPercent',
  'billProRating',
  'settingDebtorPaying',
  ...CONTRACT_SMS.map((k) => `contractSms.${k}`),
  'mapTiles',
  'gpsRisk.overdueDays',
  'gpsRisk.silentHours',
  ...RISK_SWITCHES.map((k) => `gpsRisk.${k}`),
  ...GPS_LIMITS.map((k) => `gpsEvents.${k.key}`),
  'gpsEvents.notices.message',
  'gpsEvents.notices.sms',
  'gpsEvents.notices.smsPhones',
  'costs.vehicleCostCentreId',
  'maintenance.approvalAbove',
  'maintenance.leadKm',
]);

/**
 * A field error's name as the form knows it: a phone number's error goes on the numbers field; a level's row is its
 * index (the server names it `driverLevels.1.name`).
 */
const fieldOf = (name: (string | number)[]) => {
  if (name[0] === 'gpsEvents' && name[1] === 'notices') return name.slice(0, 3);
  if (isLevelField(name)) return name.map((p) => (typeof p === 'string' && /^\d+$/.test(p) ? Number(p) : p));
  return name;
};

interface Values extends Omit<Rules, 'contractPrefixes' | 'costs'> {
  contractPrefixes: Record<string, string | undefined>;
  /** Absent when the cost centre card is not shown (a user who may not read the cost centres). */
  costs?: Rules['costs'];
}

/** The per-day late fee in per mille as a percentage (5 ‰ = 0.5 %). */
export function permilleToPercent(permille: number | null | undefined): string {
  const value = Number(permille ?? 0) / 10;
  return Number.isFinite(value) ? String(Math.round(value * 1000) / 1000) : '0';
}

/** The form's values as the rules to send: prefixes trimmed, in capitals, the empty ones left out (HT). */
export function toRules(values: Values): unknown {
  const contractPrefixes: Record<string, string> = {};
  for (const [rentId, prefix] of Object.entries(values.contractPrefixes ?? {})) {
    const clean = prefix?.trim().toUpperCase();
    if (clean) contractPrefixes[rentId] = clean;
  }
  return {
    reminders: { ...values.reminders },
    rentGraceDays: values.rentGraceDays,
    messageArchiveDays: values.messageArchiveDays,
    lateFee: { ...values.lateFee },
    billProRating: values.billProRating,
    settingDebtorPaying: values.settingDebtorPaying,
    contractSms: { ...values.contractSms },
    contractPrefixes,
    mapTiles: values.mapTiles,
    gpsRisk: { ...values.gpsRisk },
    gpsEvents: {
      ...values.gpsEvents,
      notices: {
        message: values.gpsEvents.notices.message ?? [],
        sms: values.gpsEvents.notices.sms ?? [],
        smsPhones: (values.gpsEvents.notices.smsPhones ?? []).map((p) => p.trim()).filter(Boolean),
      },
    },
    costs: { vehicleCostCentreId: values.costs?.vehicleCostCentreId ?? null },
    maintenance: {
      // An empty amount: no work order needs an approval.
      approvalAbove: values.maintenance?.approvalAbove ?? null,
      leadKm: values.maintenance?.leadKm,
    },
    driverLevels: (values.driverLevels ?? []).map((l) => ({
      ...l,
      name: l.name?.trim(),
      nameEn: l.nameEn?.trim(),
      perks: { ...l.perks, newCarPriority: !!l.perks?.newCarPriority },
    })),
  };
}

export function RulesTab() {
  const rules = useQuery(rulesQuery());
  const rents = useQuery(rentsQuery());
  if (rules.isPending || rents.isPending) return <Loading />;
  if (rules.isError || rents.isError) {
    return (
      <LoadFailed
        retry={() => {
          void rules.refetch();
          void rents.refetch();
        }}
      />
    );
  }
  return <RulesForm rules={rules.data} rents={rents.data} />;
}

function RulesForm({ rules, rents }: { rules: Rules; rents: Rent[] }) {
  const { t } = useTranslation('companySettings');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const canEdit = useAccess().can('oaSetting:edit');
  const pickCentre = useCanPickCostCentre();
  const save = useUpdateRules();
  const permille = Form.useWatch(['lateFee', 'dailyRatePermille'], form);
  const initial: Values = { ...RULE_DEFAULTS, ...rules, contractPrefixes: { ...rules.contractPrefixes } };
  const byDefault = (value: string | number) => t('rules.default', { value });
  const lang = currentLanguage();
  const alarmOptions = GPS_ALARM_TYPES.map((type) => ({ value: type, label: GPS_EVENT_TITLES[type][lang] }));

  const submit = async (submitted: Values) => {
    // The levels' codes have no field: the store keeps them (the levels as read, and the ones added).
    const values = { ...submitted, driverLevels: form.getFieldValue('driverLevels') as Rules['driverLevels'] };
    form.setFields(form.getFieldsError().map((f) => ({ name: f.name, errors: [] })) as never);
    // Someone who may not read the cost centres keeps the stored vehicle cost centre.
    // The sections other screens edit (the CRM's pool rules, the rental rules of /sevenSetting, the fleet ranking
    // weights of /teams) go back as read.
    const parsed = TenantRules.safeParse({
      ...(toRules({ ...values, costs: pickCentre ? values.costs : rules.costs }) as object),
      crm: rules.crm,
      shortTerm: rules.shortTerm,
      timeShare: rules.timeShare,
      teams: rules.teams,
    });
    if (!parsed.success) {
      form.setFields(schemaErrors(parsed.error, t).map((f) => ({ ...f, name: fieldOf(f.name) })) as never);
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data);
      session.set({ settingDebtorPaying: saved.settingDebtorPaying });
      void message.success(t('rules.saved'));
    } catch (e) {
      const known = (name: string[]) =>
        RULE_FIELDS.has(fieldOf(name).join('.')) || name[0] === 'contractPrefixes' || isLevelField(name);
      form.setFields(serverErrors(e, known, ['rentGraceDays']).map((f) => ({ ...f, name: fieldOf(f.name) })) as never);
    }
  };

  const days = (name: (string | number)[], label: string, fallback: number, max = 365, min = 0) => (
    <Form.Item
      key={name.join('.')}
      name={name}
      label={label}
      extra={byDefault(fallback)}
      rules={[{ required: true, message: t('rules.required') }]}
    >
      <InputNumber<number> min={min} max={max} precision={0} suffix={t('rules.days')} className="fd-cs-number" />
    </Form.Item>
  );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="fd-cs-form"
      initialValues={initial}
      onFinish={submit}
      disabled={!canEdit}
      aria-label={t('tabs.rules')}
    >
      {canEdit ? null : <Alert type="info" showIcon className="fd-cs-readonly" title={t('rules.readOnly')} />}
      <Card size="small" title={t('rules.reminders')} className="fd-cs-card">
        <p className="fd-cs-hint">{t('rules.remindersHint')}</p>
        <div className="fd-cs-grid">
          {REMINDERS.map((key) => days(['reminders', key], t(`rules.${key}`), RULE_DEFAULTS.reminders[key]))}
          {days(['messageArchiveDays'], t('rules.messageArchiveDays'), RULE_DEFAULTS.messageArchiveDays, 3650, 7)}
        </div>
      </Card>
      <Card size="small" title={t('rules.billing')} className="fd-cs-card">
        <div className="fd-cs-grid">
          {days(['rentGraceDays'], t('rules.rentGraceDays'), RULE_DEFAULTS.rentGraceDays, 60)}
          <Form.Item
            name={['lateFee', 'dailyRatePermille']}
            label={t('rules.dailyRatePermille')}
            extra={
              <>
                <span data-testid="late-fee-percent">
                  {t('rules.perDay', { percent: permilleToPercent(permille) })}
                </span>
                {' · '}
                {byDefault(`${RULE_DEFAULTS.lateFee.dailyRatePermille} ‰`)}
              </>
            }
            rules={[{ required: true, message: t('rules.required') }]}
          >
            <InputNumber<number> min={0} max={100} step={0.5} suffix="‰" className="fd-cs-number" />
          </Form.Item>
          <Form.Item
            name={['lateFee', 'capPercent']}
            label={t('rules.capPercent')}
            extra={byDefault(`${RULE_DEFAULTS.lateFee.capPercent} %`)}
            rules={[{ required: true, message: t('rules.required') }]}
          >
            <InputNumber<number> min={0} max={100} suffix="%" className="fd-cs-number" />
          </Form.Item>
        </div>
        <Form.Item
          name="billProRating"
          label={t('rules.billProRating')}
          valuePropName="checked"
          extra={`${t('rules.billProRatingHint')} ${byDefault(t(RULE_DEFAULTS.billProRating ? 'rules.on' : 'rules.off'))}`}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="settingDebtorPaying"
          label={t('rules.settingDebtorPaying')}
          valuePropName="checked"
          extra={`${t('rules.settingDebtorPayingHint')} ${byDefault(t(RULE_DEFAULTS.settingDebtorPaying ? 'rules.on' : 'rules.off'))}`}
        >
          <Switch />
        </Form.Item>
      </Card>
      <Card size="small" title={t('rules.contractSms')} className="fd-cs-card">
        <p className="fd-cs-hint">{t('rules.contractSmsHint')}</p>
        {CONTRACT_SMS.map((kind) => (
          <Form.Item
            key={kind}
            name={['contractSms', kind]}
            label={t(`rules.contractSmsKinds.${kind}`)}
            valuePropName="checked"
            extra={`${t(`rules.contractSmsKindHints.${kind}`)} ${byDefault(t(RULE_DEFAULTS.contractSms[kind] ? 'rules.on' : 'rules.off'))}`}
          >
            <Switch />
          </Form.Item>
        ))}
      </Card>
      <Card size="small" title={t('rules.contractPrefixes')} className="fd-cs-card">
        <p className="fd-cs-hint">{t('rules.contractPrefixesHint', { prefix: DEFAULT_CONTRACT_PREFIX })}</p>
        <div className="fd-cs-grid">
          {rents.map((rent) => (
            <Form.Item key={rent.id} name={['contractPrefixes', String(rent.id)]} label={rent.name}>
              <Input
                maxLength={8}
                placeholder={DEFAULT_CONTRACT_PREFIX}
                className="fd-cs-prefix"
                aria-label={t('rules.prefixOf', { rent: rent.name })}
              />
            </Form.Item>
          ))}
        </div>
      </Card>
      <Card size="small" title={t('rules.mapTiles')} className="fd-cs-card">
        <Form.Item name="mapTiles" extra={byDefault(t(`rules.tiles.${RULE_DEFAULTS.mapTiles}`))}>
          <Radio.Group options={(['amap', 'osm'] as const).map((v) => ({ value: v, label: t(`rules.tiles.${v}`) }))} />
        </Form.Item>
      </Card>
      <Card size="small" title={t('rules.gpsRisk')} className="fd-cs-card" data-testid="rules-gps-risk">
        <p className="fd-cs-hint">{t('rules.gpsRiskHint')}</p>
        <div className="fd-cs-grid">
          {days(['gpsRisk', 'overdueDays'], t('rules.riskOverdueDays'), RULE_DEFAULTS.gpsRisk.overdueDays)}
          <Form.Item
            name={['gpsRisk', 'silentHours']}
            label={t('rules.riskSilentHours')}
            extra={byDefault(RULE_DEFAULTS.gpsRisk.silentHours)}
            rules={[{ required: true, message: t('rules.required') }]}
          >
            <InputNumber<number> min={1} max={720} precision={0} suffix={t('rules.hours')} className="fd-cs-number" />
          </Form.Item>
        </div>
        {RISK_SWITCHES.map((kind) => (
          <Form.Item
            key={kind}
            name={['gpsRisk', kind]}
            label={t(`rules.riskRules.${kind}`)}
            valuePropName="checked"
            extra={byDefault(t(RULE_DEFAULTS.gpsRisk[kind] ? 'rules.on' : 'rules.off'))}
          >
            <Switch />
          </Form.Item>
        ))}
      </Card>
      <Card size="small" title={t('rules.gpsEvents')} className="fd-cs-card" data-testid="rules-gps-events">
        <p className="fd-cs-hint">{t('rules.gpsEventsHint')}</p>
        <div className="fd-cs-grid">
          {GPS_LIMITS.map((f) => (
            <Form.Item
              key={f.key}
              name={['gpsEvents', f.key]}
              label={t(`rules.gps.${f.key}`)}
              extra={byDefault(`${RULE_DEFAULTS.gpsEvents[f.key]} ${f.unit}`)}
              rules={[{ required: true, message: t('rules.required') }]}
            >
              <InputNumber<number> min={f.min} max={f.max} precision={0} suffix={f.unit} className="fd-cs-number" />
            </Form.Item>
          ))}
        </div>
        <p className="fd-cs-hint">{t('rules.gps.noticesHint')}</p>
        <Form.Item name={['gpsEvents', 'notices', 'message']} label={t('rules.gps.message')}>
          <Checkbox.Group options={alarmOptions} />
        </Form.Item>
        <Form.Item name={['gpsEvents', 'notices', 'sms']} label={t('rules.gps.sms')}>
          <Checkbox.Group options={alarmOptions} />
        </Form.Item>
        <Form.Item
          name={['gpsEvents', 'notices', 'smsPhones']}
          label={t('rules.gps.smsPhones')}
          extra={t('rules.gps.smsPhonesHint')}
        >
          <Select mode="tags" open={false} tokenSeparators={[',', '，', ' ']} aria-label={t('rules.gps.smsPhones')} />
        </Form.Item>
      </Card>
      <Card size="small" title={t('rules.maintenance')} className="fd-cs-card" data-testid="rules-maintenance">
        <p className="fd-cs-hint">{t('rules.maintenanceHint')}</p>
        <div className="fd-cs-grid">
          <Form.Item
            name={['maintenance', 'approvalAbove']}
            label={t('rules.approvalAbove')}
            extra={`${t('rules.approvalAboveHint')} ${byDefault(`¥${RULE_DEFAULTS.maintenance.approvalAbove ?? '-'}`)}`}
          >
            <InputNumber<number>
              min={0}
              max={10_000_000}
              precision={2}
              prefix="¥"
              placeholder={t('rules.approvalNever')}
              className="fd-cs-number"
            />
          </Form.Item>
          <Form.Item
            name={['maintenance', 'leadKm']}
            label={t('rules.leadKm')}
            extra={`${t('rules.leadKmHint')} ${byDefault(`${RULE_DEFAULTS.maintenance.leadKm} km`)}`}
            rules={[{ required: true, message: t('rules.required') }]}
          >
            <InputNumber<number> min={0} max={20_000} precision={0} suffix="km" className="fd-cs-number" />
          </Form.Item>
        </div>
      </Card>
      <DriverLevelsCard form={form} />
      {pickCentre ? (
        <Card size="small" title={t('rules.costs')} className="fd-cs-card" data-testid="rules-costs">
          <p className="fd-cs-hint">{t('rules.costsHint')}</p>
          <Form.Item name={['costs', 'vehicleCostCentreId']} label={t('rules.vehicleCostCentre')}>
            <CostCentreSelect placeholder={t('rules.noCostCentre')} />
          </Form.Item>
        </Card>
      ) : null}
      {canEdit ? (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common:actions.save')}
        </Button>
      ) : null}
    </Form>
  );
}
