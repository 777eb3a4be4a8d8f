import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FOLLOW_UP_WAY_TITLES, FOLLOW_UP_WAYS, type FollowUpWay } from '@fleetdesk/contracts/crm';
import { LICENCE_CLASSES, type LicenceClass } from '@fleetdesk/contracts/drivers';
import { idCardFacts } from '@fleetdesk/contracts/identifiers';
import { entityPath } from '../../../components/entity-links';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { useModalForm } from '../../../components/use-modal-form';
import { useAccess } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { ownersQuery, useConvertLead, useCreateFollowUp, useLeadState, type LeadDetail } from '../api/crm';
import { conflictOf } from './conflict';
import { useTitle } from './titles';

// ---------------------------------------------------------------- follow-up

export interface FollowUpValues {
  way: FollowUpWay;
  at: Dayjs;
  content: string;
  nextStep?: string;
  nextAt?: Dayjs | null;
}

/** The form's own checks (the server checks again): content 1-500, at not in the future, next after at. */
export function followUpProblems(
  v: Partial<FollowUpValues>,
  now: Dayjs,
): Partial<Record<keyof FollowUpValues, string>> {
  const out: Partial<Record<keyof FollowUpValues, string>> = {};
  if (!v.content?.trim()) out.content = 'followUp.contentRequired';
  else if (v.content.trim().length > 500) out.content = 'followUp.contentLong';
  if (!v.at) out.at = 'followUp.atRequired';
  else if (v.at.isAfter(now.add(1, 'minute'))) out.at = 'followUp.atFuture';
  if ((v.nextStep?.trim().length ?? 0) > 100) out.nextStep = 'followUp.nextStepLong';
  if (v.nextAt && v.at && !v.nextAt.isAfter(v.at)) out.nextAt = 'followUp.nextAfter';
  return out;
}

/** A follow-up of a lead: how, when, what was said, the next step and when. */
export function FollowUpForm({ lead, onClose, inline }: { lead: LeadDetail; onClose: () => void; inline?: boolean }) {
  const { t } = useTranslation('crm');
  const title = useTitle();
  const { message } = App.useApp();
  const create = useCreateFollowUp();
  const { form, submit, saving } = useModalForm<FollowUpValues>({
    submit: (v) =>
      create.mutateAsync({
        leadId: lead.id,
        way: v.way,
        at: v.at.toISOString(),
        content: v.content.trim(),
        nextStep: v.nextStep?.trim() || null,
        nextAt: v.nextAt ? v.nextAt.toISOString() : null,
      }),
    onSuccess: () => void message.success(t('followUp.done')),
    onClose,
  });
  const finish = (v: FollowUpValues) => {
    const problems = followUpProblems(v, dayjs());
    const names = Object.keys(problems) as (keyof FollowUpValues)[];
    if (names.length) {
      form.setFields(names.map((name) => ({ name, errors: [t(problems[name]!)] })));
      return;
    }
    void submit(v);
  };
  const body = (
    <Form<FollowUpValues>
      form={form}
      layout="vertical"
      initialValues={{ way: 'phone', at: dayjs() }}
      onFinish={finish}
      aria-label={t('followUp.title')}
      className="fd-crm-form"
    >
      <Form.Item name="way" label={t('fields.way')} rules={[{ required: true }]}>
        <Radio.Group
          optionType="button"
          options={FOLLOW_UP_WAYS.map((w) => ({ value: w, label: title(FOLLOW_UP_WAY_TITLES[w]) }))}
        />
      </Form.Item>
      <div className="fd-crm-grid">
        <Form.Item name="at" label={t('fields.at')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" className="fd-crm-full" />
        </Form.Item>
        <Form.Item name="nextAt" label={t('fields.nextAt')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" className="fd-crm-full" />
        </Form.Item>
      </div>
      <Form.Item name="content" label={t('fields.content')}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
      <Form.Item name="nextStep" label={t('fields.nextStep')}>
        <Input maxLength={100} />
      </Form.Item>
      {inline ? (
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('followUp.save')}
        </Button>
      ) : null}
    </Form>
  );
  if (inline) return body;
  return (
    <Modal
      open
      title={t('followUp.title')}
      okText={t('followUp.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}

// ---------------------------------------------------------------- lost

/** Marks a lead lost: the reason (1-200 characters) is required. */
export function LostDialog({ lead, onClose }: { lead: LeadDetail; onClose: () => void }) {
  const { t } = useTranslation('crm');
  const { message } = App.useApp();
  const move = useLeadState();
  const { form, submit, saving } = useModalForm<{ reason: string }>({
    submit: (v) =>
      move.mutateAsync({ id: lead.id, input: { state: 'lost', reason: v.reason.trim(), version: lead.version } }),
    onSuccess: () => void message.success(t('moves.lost.done')),
    onClose,
  });
  return (
    <Modal
      open
      title={t('moves.lost.title', { name: lead.name })}
      okText={t('moves.lost.ok')}
      okButtonProps={{ danger: true }}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="reason"
          label={t('fields.lostReason')}
          rules={[{ required: true, whitespace: true, message: t('moves.lost.required') }, { max: 200 }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={t('moves.lost.hint')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// ---------------------------------------------------------------- assign

/** Gives leads to an employee (or back to the pool). */
export function AssignDialog({
  count,
  onClose,
  submit: send,
}: {
  count: number;
  onClose: () => void;
  submit: (ownerId: number | null) => Promise<void>;
}) {
  const { t } = useTranslation('crm');
  const { message } = App.useApp();
  const owners = useQuery(ownersQuery());
  const inline = useInlineFailure();
  const [ownerId, setOwnerId] = useState<number | undefined>();
  const [saving, setSaving] = useState(false);
  const ok = async () => {
    if (ownerId === undefined) return;
    setSaving(true);
    const done = await inline.run(() => send(ownerId === 0 ? null : ownerId).then(() => true));
    setSaving(false);
    if (done) {
      void message.success(t('assign.done', { count }));
      onClose();
    }
  };
  return (
    <Modal
      open
      title={t('assign.title', { count })}
      okText={t('assign.ok')}
      okButtonProps={{ disabled: ownerId === undefined }}
      onOk={() => void ok()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <InlineFailure failure={inline.failure} onClose={inline.clear} />
      <Form layout="vertical">
        <Form.Item label={t('fields.owner')} required>
          <Select
            aria-label={t('fields.owner')}
            showSearch
            optionFilterProp="label"
            value={ownerId}
            onChange={setOwnerId}
            loading={owners.isPending}
            options={[
              { value: 0, label: t('assign.toPool') },
              ...(owners.data ?? []).map((o) => ({ value: o.id, label: o.name })),
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// ---------------------------------------------------------------- convert

interface ConvertValues {
  name: string;
  phone: string;
  idNumber: string;
  rentId: number;
  licenceNumber?: string;
  licenceClass?: string;
  address?: string;
}

/**
 * Converts a lead into a driver: name, phone and company come from the lead, the user adds the ID number (and,
 * if at hand, the licence). A driver with that phone or ID number already there is a 409 naming him: the dialog
 * links to his page. On success it offers to start a contract for the new driver.
 */
export function ConvertDialog({ lead, onClose }: { lead: LeadDetail; onClose: () => void }) {
  const { t } = useTranslation('crm');
  const access = useAccess();
  const rents = useSession((s) => s.user?.rents ?? []);
  const convert = useConvertLead();
  const [existing, setExisting] = useState<{ message: string; driverId?: number; driverName?: string } | null>(null);
  const [driverId, setDriverId] = useState<number | null>(null);
  const { form, submit, saving } = useModalForm<ConvertValues>({
    submit: async (v) => {
      setExisting(null);
      const facts = idCardFacts(v.idNumber.trim().toUpperCase());
      try {
        const answer = await convert.mutateAsync({
          id: lead.id,
          input: {
            name: v.name.trim(),
            phone: v.phone.trim(),
            idNumber: v.idNumber.trim().toUpperCase(),
            gender: facts?.gender ?? 'male',
            rentId: v.rentId,
            licenceNumber: v.licenceNumber?.trim() || null,
            licenceClass: (v.licenceClass || null) as LicenceClass | null,
            address: v.address?.trim() || null,
            labelIds: [],
          },
        });
        setDriverId(answer.driverId);
        return answer;
      } catch (e) {
        const c = conflictOf(e);
        if (c) setExisting(c);
        throw e;
      }
    },
  });

  if (driverId !== null)
    return (
      <Modal open title={t('convert.title', { name: lead.name })} footer={null} onCancel={onClose} destroyOnHidden>
        <Result
          status="success"
          title={t('convert.done', { name: lead.name })}
          extra={[
            access.can('rentContract:add') ? (
              <Link key="contract" to={`/rentContract/new?driverId=${driverId}`} onClick={onClose}>
                <Button type="primary">{t('convert.startContract')}</Button>
              </Link>
            ) : null,
            <Link key="driver" to={entityPath.driver(driverId)} onClick={onClose}>
              <Button>{t('convert.openDriver')}</Button>
            </Link>,
          ]}
        />
      </Modal>
    );

  return (
    <Modal
      open
      title={t('convert.title', { name: lead.name })}
      okText={t('convert.ok')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<ConvertValues>
        form={form}
        layout="vertical"
        initialValues={{ name: lead.name, phone: lead.phone, rentId: lead.rentId }}
        onFinish={(v) => void submit(v)}
        className="fd-crm-form"
      >
        <p className="fd-muted">{t('convert.intro')}</p>
        {existing ? (
          <Alert
            type="error"
            showIcon
            className="fd-inline-failure"
            title={existing.message}
            description={
              existing.driverId ? (
                <Link to={entityPath.driver(existing.driverId)} onClick={onClose}>
                  {t('convert.openExisting', { name: existing.driverName ?? '' })}
                </Link>
              ) : undefined
            }
          />
        ) : null}
        <div className="fd-crm-grid">
          <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('fields.phone')}
            rules={[{ required: true }, { pattern: /^1[3-9]\d{9}$/, message: t('form.phoneFormat') }]}
          >
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item
            name="idNumber"
            label={t('fields.idNumber')}
            rules={[
              { required: true, message: t('form.required') },
              {
                validator: async (_, v: string | undefined) => {
                  if (v && !idCardFacts(v.trim().toUpperCase())) throw new Error(t('convert.idInvalid'));
                },
              },
            ]}
          >
            <Input maxLength={18} />
          </Form.Item>
          <Form.Item name="rentId" label={t('fields.rent')} rules={[{ required: true }]}>
            <Select options={rents.map((r) => ({ value: r.id, label: r.shortName || r.name }))} />
          </Form.Item>
          <Form.Item name="licenceNumber" label={t('fields.licenceNumber')}>
            <Input maxLength={18} />
          </Form.Item>
          <Form.Item name="licenceClass" label={t('fields.licenceClass')}>
            <Select allowClear options={LICENCE_CLASSES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </div>
        <Form.Item name="address" label={t('fields.address')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
