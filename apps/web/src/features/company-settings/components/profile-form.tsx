import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CompanyProfileInput, TIME_ZONES, type CompanyProfile } from '@fleetdesk/contracts/organisation';
import { useAccess } from '../../../lib/access';
import { zodRule } from '../../../lib/validation';
import { companyQuery } from '../api/get-company';
import { useUpdateCompany } from '../api/update-company';
import { schemaErrors, serverErrors } from './form-errors';
import { ImageField } from './image-field';
import { LoadFailed, Loading } from './states';

interface Values {
  name: string;
  shortName: string;
  logo: string | null;
  licenceNo: string;
  licenceImage: string | null;
  timeZone: string;
  contactName: string;
  contactPhone: string;
}

const FIELDS = ['name', 'shortName', 'logo', 'licenceNo', 'licenceImage', 'timeZone', 'contactName', 'contactPhone'];
const shape = CompanyProfileInput.shape;

const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

function toValues(p: CompanyProfile): Values {
  return {
    name: p.name,
    shortName: p.shortName,
    logo: p.logo,
    licenceNo: p.licenceNo ?? '',
    licenceImage: p.licenceImage,
    timeZone: p.timeZone,
    contactName: p.contactName ?? '',
    contactPhone: p.contactPhone ?? '',
  };
}

/** The tab: shown to whoever opens the screen, changed only with `oaSetting:edit`. */
export function ProfileTab() {
  const profile = useQuery(companyQuery());
  if (profile.isPending) return <Loading />;
  if (profile.isError) return <LoadFailed retry={() => void profile.refetch()} />;
  return <ProfileForm profile={profile.data} />;
}

function ProfileForm({ profile }: { profile: CompanyProfile }) {
  const { t } = useTranslation('companySettings');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const canEdit = useAccess().can('oaSetting:edit');
  const save = useUpdateCompany();

  const submit = async (values: Values) => {
    const parsed = CompanyProfileInput.safeParse({
      name: values.name,
      shortName: values.shortName,
      logo: values.logo ?? null,
      licenceNo: blank(values.licenceNo),
      licenceImage: values.licenceImage ?? null,
      timeZone: values.timeZone,
      contactName: blank(values.contactName),
      contactPhone: blank(values.contactPhone),
    });
    if (!parsed.success) {
      form.setFields(schemaErrors(parsed.error, t) as never);
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data);
      form.setFieldsValue(toValues(saved));
      void message.success(t('profile.saved'));
    } catch (e) {
      form.setFields(serverErrors(e, ([n]) => FIELDS.includes(n!), ['name']) as never);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="fd-cs-form"
      initialValues={toValues(profile)}
      onFinish={submit}
      disabled={!canEdit}
      aria-label={t('tabs.profile')}
    >
      {canEdit ? null : <Alert type="info" showIcon className="fd-cs-readonly" title={t('profile.readOnly')} />}
      <Form.Item name="name" label={t('profile.name')} required rules={[zodRule(shape.name, t)]}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="shortName" label={t('profile.shortName')} required rules={[zodRule(shape.shortName, t)]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="logo" label={t('profile.logo')} extra={canEdit ? t('profile.logoHint') : undefined}>
        <ImageField type="image" previewUrl={profile.logoUrl} alt={t('profile.logo')} disabled={!canEdit} />
      </Form.Item>
      <Form.Item
        name="licenceNo"
        label={t('profile.licenceNo')}
        rules={[zodRule(shape.licenceNo, t)]}
        extra={t('profile.licenceNoHint')}
      >
        <Input maxLength={18} />
      </Form.Item>
      <Form.Item name="licenceImage" label={t('profile.licenceImage')}>
        <ImageField
          type="license"
          previewUrl={profile.licenceImageUrl}
          alt={t('profile.licenceImage')}
          disabled={!canEdit}
        />
      </Form.Item>
      <Form.Item
        name="timeZone"
        label={t('profile.timeZone')}
        required
        rules={[zodRule(shape.timeZone, t)]}
        extra={t('profile.timeZoneHint')}
      >
        <Select
          showSearch
          options={TIME_ZONES.map((z) => ({ value: z, label: t(`timeZones.${z}`, { defaultValue: z }) }))}
        />
      </Form.Item>
      <Form.Item name="contactName" label={t('profile.contactName')} rules={[zodRule(shape.contactName, t)]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="contactPhone" label={t('profile.contactPhone')} rules={[zodRule(shape.contactPhone, t)]}>
        <Input maxLength={11} />
      </Form.Item>
      {canEdit ? (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common:actions.save')}
        </Button>
      ) : null}
    </Form>
  );
}
