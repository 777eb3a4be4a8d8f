import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  LEAD_CONTRACT_KIND_TITLES,
  LEAD_CONTRACT_KINDS,
  LEAD_INTENT_TITLES,
  LEAD_INTENTS,
  LEAD_KIND_TITLES,
  LEAD_KINDS,
  LEAD_SOURCE_TITLES,
  LEAD_SOURCES,
  type LeadContractKind,
  type LeadIntent,
  type LeadKind,
  type LeadSource,
} from '@fleetdesk/contracts/crm';
import { useModalForm } from '../../../components/use-modal-form';
import { useAccess } from '../../../lib/access';
import { labelsQuery } from '../../../lib/organisation-lists';
import { useSession } from '../../../lib/session';
import { ownersQuery, useSaveLead, type LeadDetail } from '../api/crm';
import { conflictOf, type ConflictFacts } from './conflict';
import { useTitle } from './titles';

export interface LeadValues {
  kind: LeadKind;
  name: string;
  companyName?: string;
  phone: string;
  source: LeadSource;
  intent: LeadIntent;
  wantedCar?: string;
  budgetYuan?: number | null;
  contractKind?: LeadContractKind | null;
  rentId: number;
  ownerId?: number | null;
  labelIds: number[];
  nextFollowUpAt?: Dayjs | null;
  remark?: string;
}

const POOL = 0;

/** The values as the create/update call's body. */
export function leadInput(v: LeadValues, lead?: LeadDetail, me?: number) {
  const body = {
    kind: v.kind,
    name: v.name?.trim(),
    companyName: v.kind === 'company' ? v.companyName?.trim() || null : null,
    phone: v.phone?.trim(),
    source: v.source,
    intent: v.intent,
    wantedCar: v.wantedCar?.trim() || null,
    budgetYuan: v.budgetYuan ?? null,
    contractKind: v.contractKind ?? null,
    rentId: v.rentId,
    labelIds: v.labelIds ?? [],
    nextFollowUpAt: v.nextFollowUpAt ? v.nextFollowUpAt.toISOString() : null,
    remark: v.remark?.trim() || null,
  };
  if (lead) return { ...body, id: lead.id, version: lead.version };
  // Absent: the caller owns it; null: the pool; another employee needs crm:assign.
  if (v.ownerId === POOL) return { ...body, ownerId: null };
  return v.ownerId === undefined || v.ownerId === me ? body : { ...body, ownerId: v.ownerId };
}

/** A new lead (mine, or the pool, or an employee's with `crm:assign`) or a lead's details changed. */
export function LeadForm({
  lead,
  onClose,
  onSaved,
}: {
  lead?: LeadDetail;
  onClose: () => void;
  onSaved?: (lead: LeadDetail) => void;
}) {
  const { t } = useTranslation('crm');
  const title = useTitle();
  const access = useAccess();
  const { message } = App.useApp();
  const me = useSession((s) => s.user);
  const rents = me?.rents ?? [];
  const save = useSaveLead();
  const owners = useQuery({ ...ownersQuery(), enabled: !lead && access.can('crm:assign') });
  const labels = useQuery({ ...labelsQuery('customer'), retry: false });
  const [duplicate, setDuplicate] = useState<(ConflictFacts & { message: string }) | null>(null);
  const { form, submit, saving } = useModalForm<LeadValues, LeadDetail, LeadValues>({
    submit: async (v) => {
      setDuplicate(null);
      try {
        return await save.mutateAsync(leadInput(v, lead, me?.id) as never);
      } catch (e) {
        const c = conflictOf(e);
        if (c) setDuplicate(c);
        throw e;
      }
    },
    onSuccess: (saved) => {
      void message.success(lead ? t('form.updated') : t('form.created', { name: saved.name }));
      onSaved?.(saved);
    },
    onClose,
  });
  const kind = Form.useWatch('kind', form);
  const ownerOptions = [
    { value: me?.id ?? -1, label: t('form.ownerMe') },
    { value: POOL, label: t('pool') },
    ...(owners.data ?? []).filter((o) => o.id !== me?.id).map((o) => ({ value: o.id, label: o.name })),
  ];

  const initial: Partial<LeadValues> = lead
    ? {
        kind: lead.kind,
        name: lead.name,
        companyName: lead.companyName ?? undefined,
        phone: lead.phone,
        source: lead.source,
        intent: lead.intent,
        wantedCar: lead.wantedCar ?? undefined,
        budgetYuan: lead.budgetYuan ?? null,
        contractKind: lead.contractKind ?? undefined,
        rentId: lead.rentId,
        labelIds: lead.labels.map((l) => l.id),
        nextFollowUpAt: lead.nextFollowUpAt ? dayjs(lead.nextFollowUpAt) : null,
        remark: lead.remark ?? undefined,
      }
    : {
        kind: 'person',
        source: 'walkIn',
        intent: 'medium',
        contractKind: 'longTerm',
        rentId: me?.rentId ?? rents[0]?.id,
        ownerId: me?.id,
        labelIds: [],
      };

  return (
    <Modal
      open
      title={lead ? t('form.editTitle', { name: lead.name }) : t('form.createTitle')}
      okText={t('form.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      width={640}
    >
      <Form<LeadValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => void submit(v)}
        className="fd-crm-form"
      >
        {duplicate ? (
          <Alert
            type="error"
            showIcon
            className="fd-inline-failure"
            title={duplicate.message}
            description={
              duplicate.leadId ? (
                <Link to={`/crm/lead/${duplicate.leadId}`} onClick={onClose}>
                  {t('form.openExisting', { owner: duplicate.ownerName || t('pool') })}
                </Link>
              ) : undefined
            }
          />
        ) : null}
        <Form.Item name="kind" label={t('fields.kind')} rules={[{ required: true }]}>
          <Radio.Group
            optionType="button"
            options={LEAD_KINDS.map((k) => ({ value: k, label: title(LEAD_KIND_TITLES[k]) }))}
          />
        </Form.Item>
        <div className="fd-crm-grid">
          <Form.Item
            name="name"
            label={t('fields.name')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 30 }]}
          >
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('fields.phone')}
            rules={[
              { required: true, message: t('form.required') },
              { pattern: /^1[3-9]\d{9}$/, message: t('form.phoneFormat') },
            ]}
          >
            <Input maxLength={11} inputMode="tel" />
          </Form.Item>
          {kind === 'company' ? (
            <Form.Item
              name="companyName"
              label={t('fields.companyName')}
              rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 60 }]}
            >
              <Input maxLength={60} />
            </Form.Item>
          ) : null}
          <Form.Item name="source" label={t('fields.source')} rules={[{ required: true }]}>
            <Select options={LEAD_SOURCES.map((s) => ({ value: s, label: title(LEAD_SOURCE_TITLES[s]) }))} />
          </Form.Item>
          <Form.Item name="intent" label={t('fields.intent')} rules={[{ required: true }]}>
            <Select options={LEAD_INTENTS.map((s) => ({ value: s, label: title(LEAD_INTENT_TITLES[s]) }))} />
          </Form.Item>
          <Form.Item name="contractKind" label={t('fields.contractKind')}>
            <Select
              allowClear
              options={LEAD_CONTRACT_KINDS.map((s) => ({ value: s, label: title(LEAD_CONTRACT_KIND_TITLES[s]) }))}
            />
          </Form.Item>
          <Form.Item name="wantedCar" label={t('fields.wantedCar')} rules={[{ max: 40 }]}>
            <Input maxLength={40} placeholder={t('form.wantedCarHint')} />
          </Form.Item>
          <Form.Item name="budgetYuan" label={t('fields.budget')}>
            <InputNumber min={0} max={100000} precision={2} className="fd-crm-full" addonAfter={t('form.perMonth')} />
          </Form.Item>
          <Form.Item name="rentId" label={t('fields.rent')} rules={[{ required: true, message: t('form.required') }]}>
            <Select options={rents.map((r) => ({ value: r.id, label: r.shortName || r.name }))} />
          </Form.Item>
          {!lead ? (
            <Form.Item name="ownerId" label={t('fields.owner')}>
              <Select options={ownerOptions} />
            </Form.Item>
          ) : null}
          <Form.Item name="nextFollowUpAt" label={t('fields.nextFollowUpAt')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" className="fd-crm-full" />
          </Form.Item>
          <Form.Item name="labelIds" label={t('fields.labels')}>
            <Select
              mode="multiple"
              allowClear
              options={(labels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
            />
          </Form.Item>
        </div>
        <Form.Item name="remark" label={t('fields.remark')} rules={[{ max: 200 }]}>
          <Input.TextArea maxLength={200} rows={2} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
