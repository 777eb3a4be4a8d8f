import App from 'antd/es/app';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import { CommissionRuleInput, type CommissionRule } from '@fleetdesk/contracts/team-performance';
import type { TeamDetail } from '@fleetdesk/contracts/teams';
import { CostCentreSelect, useCanPickCostCentre } from '../../../components/cost-centre-select';
import { InlineFailure } from '../../../components/inline-failure';
import { useModalForm } from '../../../components/use-modal-form';
import { issueMessage, zodRule } from '../../../lib/validation';
import { useSaveCommissionRule } from '../api/save-commission-rule';
import { centreLabel } from '../model/commission';
import { useDialogFailure } from './dialog-failure';

const MONEY = ['flowTarget', 'onTimeBonus', 'violationPenalty', 'accidentPenalty'] as const;
type Amount = (typeof MONEY)[number] | 'flowSharePct' | 'leaderPct';
/** The fields in the order the form shows them. */
const AMOUNTS: readonly Amount[] = [
  'flowTarget',
  'flowSharePct',
  'onTimeBonus',
  'violationPenalty',
  'accidentPenalty',
  'leaderPct',
];
const FIELDS = ['enabled', ...AMOUNTS, 'costCentreId'] as const;

type Values = { enabled: boolean; costCentreId: number | null } & Partial<Record<Amount, number | null>>;

/**
 * A node's commission rule: in use, the share of the flow above a target, the on-time bonus, the penalties, the
 * leader's commission and the cost centre it is posted to (none allowed). The contracts' rules are checked before
 * sending; the server's field errors land on their fields; one about something else is said above the form.
 */
export function RuleForm({ team, rule, onClose }: { team: TeamDetail; rule: CommissionRule; onClose: () => void }) {
  const { t } = useTranslation('teams');
  const { message } = App.useApp();
  const save = useSaveCommissionRule();
  const pickCentre = useCanPickCostCentre();
  // Without the cost centres' list there is no centre field: an error about it is said above the form.
  const shown: readonly string[] = pickCentre ? FIELDS : FIELDS.filter((f) => f !== 'costCentreId');
  const { failure, capture, clear } = useDialogFailure(shown);
  const { form, submit, saving } = useModalForm<Values, CommissionRule, CommissionRuleInput>({
    submit: async (input) => {
      clear();
      try {
        return await save.mutateAsync(input);
      } catch (e) {
        capture(e);
        throw e;
      }
    },
    onSuccess: () => void message.success(t('rule.saved', { name: team.name })),
    onClose,
    field: (path) => {
      const top = path.split('.')[0] ?? '';
      return shown.includes(top) ? top : null;
    },
  });

  const initialValues: Values = {
    // A rule set for the first time is meant to be used.
    enabled: rule.updatedAt === null ? true : rule.enabled,
    costCentreId: rule.costCentreId,
    ...Object.fromEntries(AMOUNTS.map((k) => [k, rule[k]])),
  };

  const finish = (v: Values) => {
    clear();
    const parsed = CommissionRuleInput.safeParse({
      teamId: team.id,
      enabled: v.enabled,
      ...Object.fromEntries(AMOUNTS.map((k) => [k, v[k] ?? undefined])),
      costCentreId: pickCentre ? (v.costCentreId ?? null) : rule.costCentreId,
    });
    if (!parsed.success) {
      const errors = new Map<string, string>();
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? '');
        if (!shown.includes(name) || errors.has(name)) continue;
        const empty = v[name as keyof Values] == null;
        errors.set(name, empty ? t('common:validation.required') : issueMessage(issue, t));
      }
      form.setFields([...errors].map(([name, text]) => ({ name: name as keyof Values, errors: [text] })));
      return;
    }
    void submit(parsed.data);
  };

  const amount = (name: Amount) => {
    const money = (MONEY as readonly string[]).includes(name);
    return (
      <Form.Item
        key={name}
        name={name}
        label={t(`rule.fields.${name}`)}
        extra={t(`rule.hints.${name}`)}
        rules={[
          { required: true, message: t('common:validation.required') },
          zodRule(CommissionRuleInput.shape[name], t),
        ]}
      >
        <InputNumber<number>
          className="fd-rule-input"
          {...(money ? { prefix: '¥' } : { suffix: '%' })}
          step={money ? 100 : 0.5}
        />
      </Form.Item>
    );
  };

  return (
    <Modal
      open
      width={640}
      title={t('rule.formTitle', { name: team.name })}
      onOk={() => form.submit()}
      onCancel={onClose}
      okText={t('common:actions.save')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name="commission-rule"
        layout="vertical"
        initialValues={initialValues}
        onFinish={finish}
        onValuesChange={(changed: Partial<Values>) => {
          clear();
          form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof Values, errors: [] })));
        }}
        className="fd-rule-form"
      >
        <p className="fd-muted">{t(team.kind === 'fleet' ? 'rule.introFleet' : 'rule.introTeam')}</p>
        <InlineFailure failure={failure} onClose={clear} />
        <Form.Item
          name="enabled"
          label={t('rule.fields.enabled')}
          valuePropName="checked"
          extra={t('rule.hints.enabled')}
        >
          <Switch />
        </Form.Item>
        <div className="fd-team-form-grid">{AMOUNTS.map(amount)}</div>
        {pickCentre ? (
          <Form.Item name="costCentreId" label={t('rule.fields.costCentreId')} extra={t('rule.hints.costCentreId')}>
            <CostCentreSelect placeholder={t('rule.noCentre')} />
          </Form.Item>
        ) : (
          // The list is not the user's to read: the rule keeps the centre it has.
          <Form.Item label={t('rule.fields.costCentreId')} extra={t('rule.hints.centreLocked')}>
            <span>{centreLabel(rule.costCentreId, rule.costCentreName) ?? t('rule.noCentre')}</span>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
