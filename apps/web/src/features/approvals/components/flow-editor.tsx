import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APPROVER_KINDS, FlowInput, type BusinessType, type Flow, type FlowStep } from '@fleetdesk/contracts/approvals';
import { serverFieldErrors } from '../../../lib/field-failure';
import { currentLanguage } from '../../../lib/i18n';
import { activeStaffQuery, rolesQuery } from '../../../lib/organisation-lists';
import { issueMessage } from '../../../lib/validation';
import { useSaveFlow } from '../api/flows';

interface Values {
  name?: string;
  enabled?: boolean;
  steps?: Partial<FlowStep>[];
  copyUserIds?: number[];
}

const NEW_STEP: Partial<FlowStep> = {
  name: '',
  kind: 'deptHead',
  userIds: [],
  roleId: null,
  mode: 'any',
  amountAbove: null,
  amountUpTo: null,
};

/** Editing a type's flow: ordered steps (who approves, any one or all, amount conditions) and copy-to people. */
export function FlowEditor({ type, flow, onClose }: { type: BusinessType; flow?: Flow; onClose: () => void }) {
  const { t } = useTranslation('approvals');
  const { message } = App.useApp();
  const lang = currentLanguage();
  const [form] = Form.useForm<Values>();
  const staff = useQuery(activeStaffQuery());
  const roles = useQuery(rolesQuery());
  const save = useSaveFlow();
  const steps = Form.useWatch('steps', form) ?? [];
  const people = (staff.data ?? []).map((e) => ({
    value: e.id,
    label: `${e.name}${e.departmentName ? ` · ${e.departmentName}` : ''}`,
  }));

  const submit = async () => {
    const v = form.getFieldsValue(true) as Values;
    const parsed = FlowInput.safeParse({
      businessType: type.code,
      name: v.name ?? '',
      enabled: v.enabled ?? true,
      steps: (v.steps ?? []).map((s) => ({ ...NEW_STEP, ...s, name: s.name ?? '' })),
      copyUserIds: v.copyUserIds ?? [],
    });
    const show = (errors: { path: string; message: string }[]) =>
      form.setFields(
        errors.map((e) => ({
          name: e.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) as never,
          errors: [e.message],
        })),
      );
    if (!parsed.success) {
      show(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: issueMessage(i, t) })));
      return;
    }
    try {
      await save.mutateAsync({ id: flow?.id, input: parsed.data });
      void message.success(t('flows.saved', { name: parsed.data.name }));
      onClose();
    } catch (e) {
      show(serverFieldErrors(e));
    }
  };

  return (
    <Drawer
      open
      width={640}
      title={t(flow ? 'flows.editTitle' : 'flows.addTitle', { type: type.name[lang] })}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            {t('common:actions.save')}
          </Button>
        </Space>
      }
    >
      {flow && <p className="fd-muted">{t('flows.versionHint', { version: flow.version })}</p>}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          name: flow?.name ?? type.name[lang],
          enabled: flow?.enabled ?? true,
          steps: flow?.steps ?? [{ ...NEW_STEP, name: t('flows.defaultStep') }],
          copyUserIds: flow?.copyUserIds ?? [],
        }}
      >
        <Space align="start">
          <Form.Item name="name" label={t('flows.name')} required>
            <Input maxLength={30} className="fd-approval-search" />
          </Form.Item>
          <Form.Item name="enabled" label={t('flows.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="steps" noStyle>
          <span />
        </Form.Item>
        <Form.List name="steps">
          {(fields, { add, remove, move }) => (
            <>
              {fields.map((field, i) => {
                const kind = steps[i]?.kind ?? 'deptHead';
                return (
                  <div key={field.key} className="fd-flow-step" data-testid={`flow-step-${i}`}>
                    <Space align="start" wrap>
                      <Form.Item name={[field.name, 'name']} label={t('flows.stepName', { n: i + 1 })} required>
                        <Input maxLength={30} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'kind']} label={t('flows.kind')}>
                        <Select
                          className="fd-approval-filter"
                          options={APPROVER_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
                        />
                      </Form.Item>
                      <Space size={0}>
                        <Button
                          type="text"
                          disabled={i === 0}
                          onClick={() => move(i, i - 1)}
                          aria-label={t('flows.up')}
                        >
                          ↑
                        </Button>
                        <Button
                          type="text"
                          disabled={i === fields.length - 1}
                          onClick={() => move(i, i + 1)}
                          aria-label={t('flows.down')}
                        >
                          ↓
                        </Button>
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          disabled={fields.length === 1}
                          onClick={() => remove(i)}
                          aria-label={t('flows.removeStep')}
                        />
                      </Space>
                    </Space>
                    {kind === 'user' && (
                      <Form.Item name={[field.name, 'userIds']} label={t('flows.users')} required>
                        <Select
                          mode="multiple"
                          showSearch
                          optionFilterProp="label"
                          loading={staff.isFetching}
                          options={people}
                        />
                      </Form.Item>
                    )}
                    {kind === 'role' && (
                      <Form.Item name={[field.name, 'roleId']} label={t('flows.role')} required>
                        <Select
                          loading={roles.isFetching}
                          options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
                        />
                      </Form.Item>
                    )}
                    {kind !== 'deptHead' && (
                      <Form.Item name={[field.name, 'mode']} label={t('flows.mode')}>
                        <Radio.Group
                          options={(['any', 'all'] as const).map((m) => ({ value: m, label: t(`mode.${m}`) }))}
                        />
                      </Form.Item>
                    )}
                    {type.amountField && (
                      <Space wrap>
                        <Form.Item name={[field.name, 'amountAbove']} label={t('flows.amountAbove')}>
                          <InputNumber min={0} precision={2} prefix="¥" placeholder={t('flows.noLimit')} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'amountUpTo']} label={t('flows.amountUpTo')}>
                          <InputNumber min={0} precision={2} prefix="¥" placeholder={t('flows.noLimit')} />
                        </Form.Item>
                      </Space>
                    )}
                  </div>
                );
              })}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ ...NEW_STEP, name: t('flows.defaultStep') })}
                disabled={fields.length >= 10}
              >
                {t('flows.addStep')}
              </Button>
            </>
          )}
        </Form.List>
        <Form.Item name="copyUserIds" label={t('flows.copyTo')} className="fd-flow-copy">
          <Select mode="multiple" showSearch optionFilterProp="label" loading={staff.isFetching} options={people} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
