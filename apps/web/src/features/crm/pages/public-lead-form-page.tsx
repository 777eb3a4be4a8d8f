import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  LEAD_CONTRACT_KIND_TITLES,
  LEAD_CONTRACT_KINDS,
  LEAD_KIND_TITLES,
  LEAD_KINDS,
  type LeadContractKind,
  type LeadKind,
} from '@fleetdesk/contracts/crm';
import { RequestError } from '../../../lib/request';
import { openFormQuery, submitLeadForm } from '../api/crm';
import { PublicFrame } from '../components/public-frame';
import { useTitle } from '../components/titles';
import '../i18n';
import '../crm.css';

interface Values {
  kind: LeadKind;
  name: string;
  phone: string;
  companyName?: string;
  wantedCar?: string;
  contractKind?: LeadContractKind;
  message?: string;
  /** The honeypot: hidden from people; a robot that fills it is answered as a success and nothing is kept. */
  website?: string;
}

/** `/survey/lead/{key}` (open, phone-first): a customer leaves his name and phone; it becomes a lead of the tenant. */
export default function PublicLeadFormPage() {
  const { t } = useTranslation('crm');
  const title = useTitle();
  const { key = '' } = useParams();
  const info = useQuery(openFormQuery(key));
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const finish = async (v: Values) => {
    setSending(true);
    setFailure(null);
    try {
      await submitLeadForm(key, {
        kind: v.kind,
        name: v.name.trim(),
        phone: v.phone.trim(),
        companyName: v.kind === 'company' ? v.companyName?.trim() || null : null,
        wantedCar: v.wantedCar?.trim() || null,
        contractKind: v.contractKind ?? null,
        message: v.message?.trim() || null,
        website: v.website ?? '',
      });
      setSent(true);
    } catch (e) {
      if (e instanceof RequestError && e.httpStatus === 400) {
        const errors = (e.body as { errors?: { path: string; message: string }[] } | undefined)?.errors ?? [];
        const named = errors.filter((x) => x.path);
        if (named.length) form.setFields(named.map((x) => ({ name: x.path as keyof Values, errors: [x.message] })));
        else setFailure(e.serverMessage);
      } else if (e instanceof RequestError && e.httpStatus === 429) setFailure(t('public.form.tooMany'));
      else setFailure(e instanceof RequestError && e.serverMessage ? e.serverMessage : t('public.form.failed'));
    } finally {
      setSending(false);
    }
  };

  let body;
  if (info.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (info.isError || !info.data.enabled)
    body = (
      <Result
        status={(info.error as RequestError | null)?.httpStatus === 404 || info.data ? '404' : 'error'}
        title={t('public.form.invalid')}
        subTitle={t('public.form.invalidText')}
        data-testid="crm-form-invalid"
      />
    );
  else if (sent)
    body = (
      <Result
        status="success"
        title={t('public.form.thanks')}
        subTitle={t('public.form.thanksText', { tenant: info.data.tenantName })}
        data-testid="crm-form-sent"
      />
    );
  else
    body = (
      <div className="fd-crm-public-form" data-testid="crm-public-form">
        <h1 className="fd-crm-public-title">{t('public.form.title')}</h1>
        <p className="fd-muted">{t('public.form.intro', { tenant: info.data.tenantName })}</p>
        <Form<Values>
          form={form}
          layout="vertical"
          size="large"
          initialValues={{ kind: 'person', website: '' }}
          onFinish={(v) => void finish(v)}
        >
          <Form.Item name="kind" label={t('fields.kind')}>
            <Radio.Group
              optionType="button"
              options={LEAD_KINDS.map((k) => ({ value: k, label: title(LEAD_KIND_TITLES[k]) }))}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('public.form.name')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 30 }]}
          >
            <Input maxLength={30} autoComplete="name" />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('public.form.phone')}
            rules={[
              { required: true, message: t('form.required') },
              { pattern: /^1[3-9]\d{9}$/, message: t('form.phoneFormat') },
            ]}
          >
            <Input maxLength={11} inputMode="tel" autoComplete="tel" />
          </Form.Item>
          {kind === 'company' ? (
            <Form.Item
              name="companyName"
              label={t('fields.companyName')}
              rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 60 }]}
            >
              <Input maxLength={60} autoComplete="organization" />
            </Form.Item>
          ) : null}
          <Form.Item name="contractKind" label={t('public.form.contractKind')}>
            <Select
              allowClear
              options={LEAD_CONTRACT_KINDS.map((k) => ({ value: k, label: title(LEAD_CONTRACT_KIND_TITLES[k]) }))}
            />
          </Form.Item>
          <Form.Item name="wantedCar" label={t('public.form.wantedCar')} rules={[{ max: 40 }]}>
            <Input maxLength={40} placeholder={t('form.wantedCarHint')} />
          </Form.Item>
          <Form.Item name="message" label={t('public.form.message')} rules={[{ max: 200 }]}>
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
          {/* The honeypot: out of sight and out of the tab order; people leave it empty. */}
          <div className="fd-crm-hp" aria-hidden="true">
            <Form.Item name="website" label="Website">
              <Input tabIndex={-1} autoComplete="off" data-testid="crm-hp" />
            </Form.Item>
          </div>
          {failure ? <Alert type="error" showIcon title={failure} className="fd-crm-gap" /> : null}
          <Button type="primary" htmlType="submit" block loading={sending}>
            {t('public.form.submit')}
          </Button>
          <p className="fd-muted fd-crm-small">{t('public.form.privacy')}</p>
        </Form>
      </div>
    );
  return <PublicFrame title={info.data?.tenantName}>{body}</PublicFrame>;
}
