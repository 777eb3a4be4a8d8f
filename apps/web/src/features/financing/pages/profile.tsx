import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Skeleton from 'antd/es/skeleton';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FinancingProfile } from '@fleetdesk/contracts/financing';
import { pathToName } from '../../../components/use-modal-form';
import { serverFieldErrors } from '../../../lib/field-failure';
import { useAccess } from '../../../lib/access';
import { profileQuery, saveProfile } from '../api/extras';
import { financingKey } from '../api/keys';
import { ImageInput } from '../components/image-input';

type Values = Omit<FinancingProfile, 'rentId' | 'version' | 'updatedAt'>;
const TEXTS = [
  'companyName',
  'licenceNo',
  'legalPersonName',
  'legalPersonIdNo',
  'contactName',
  'contactPhone',
  'bankName',
  'bankAccountName',
  'bankAccountNo',
  'address',
] as const;

/** `/finance/profile`: the applicant profile (legal person, contacts, bank account, licence) every application reuses. */
export function ProfileForm() {
  const { t } = useTranslation('financing');
  const { message } = App.useApp();
  const access = useAccess();
  const client = useQueryClient();
  const profile = useQuery(profileQuery());
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const editable = access.can('finance:edit');
  if (profile.isPending) return <Skeleton active />;
  const p = profile.data;
  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const blankToNull = Object.fromEntries(
        Object.entries(v).map(([k, x]) => [k, typeof x === 'string' && x.trim() === '' ? null : x]),
      );
      await saveProfile({
        ...(p ? { version: p.version } : {}),
        ...blankToNull,
        companyName: v.companyName,
      } as never);
      await client.invalidateQueries({ queryKey: [...financingKey, 'profile'] });
      void message.success(t('profile.saved'));
    } catch (e) {
      form.setFields(serverFieldErrors(e).map((x) => ({ name: pathToName(x.path) as never, errors: [x.message] })));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      disabled={!editable}
      className="fd-fin-profile"
      initialValues={{
        ...Object.fromEntries(TEXTS.map((k) => [k, p?.[k] ?? ''])),
        licenceImage: p?.licenceImage ?? null,
      }}
    >
      <div className="fd-fin-grid">
        {TEXTS.map((k) => (
          <Form.Item
            key={k}
            name={k}
            label={t(`profile.${k}`)}
            rules={k === 'companyName' ? [{ required: true, message: t('form.required') }] : []}
          >
            <Input maxLength={k === 'address' ? 200 : 100} />
          </Form.Item>
        ))}
        <Form.Item name="licenceImage" label={t('profile.licenceImage')}>
          <ImageInput label={t('profile.licenceImage')} disabled={!editable} />
        </Form.Item>
      </div>
      {editable && (
        <Button type="primary" loading={busy} onClick={() => void save().catch(() => undefined)}>
          {t('actions.save')}
        </Button>
      )}
    </Form>
  );
}
