import UploadOutlined from '@ant-design/icons/UploadOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import App from 'antd/es/app';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Upload from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileUpdate } from '@fleetdesk/contracts/auth';
import { UPLOAD_TYPES } from '@fleetdesk/contracts/files';
import { useSession } from '../../../lib/session';
import { zodRule } from '../../../lib/validation';
import { useUpdateProfile } from '../api/update-profile';
import { useUploadFile } from '../../../lib/upload';

interface Values {
  name: string;
  email: string;
}

/** Name, e-mail and photo of the signed-in user; username and phone are shown, not edited here. */
export function ProfileForm() {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const user = useSession((s) => s.user);
  const update = useUpdateProfile();
  const upload = useUploadFile();
  // The photo: the stable address to store, and an address that opens now.
  const [photo, setPhoto] = useState<{ store: string | null; show: string | null }>({
    store: user?.avatar ?? null,
    show: user?.avatar ?? null,
  });
  if (!user) return null;

  const pick = async (file: File) => {
    const allowed = UPLOAD_TYPES.avatar;
    if (!(allowed.mime as readonly string[]).includes(file.type)) {
      void message.warning(t('profile.photoType'));
      return;
    }
    if (file.size > allowed.maxBytes) {
      void message.warning(t('profile.photoSize', { mb: allowed.maxBytes / 1024 / 1024 }));
      return;
    }
    const result = await upload.mutateAsync({ type: 'avatar', file }).catch(() => null);
    if (result) setPhoto({ store: result.url, show: result.signedUrl });
  };

  const save = async (values: Values) => {
    await update
      .mutateAsync({ name: values.name.trim(), email: values.email?.trim() || null, profilePhoto: photo.store })
      .then(() => message.success(t('profile.saved')))
      .catch(() => undefined);
  };

  return (
    <Form<Values>
      layout="vertical"
      className="fd-settings-form"
      initialValues={{ name: user.name, email: user.email ?? '' }}
      onFinish={save}
    >
      <Form.Item label={t('profile.photo')}>
        <div className="fd-avatar-row">
          <Avatar size={72} src={photo.show ?? undefined} icon={<UserOutlined />} />
          <Upload
            accept={UPLOAD_TYPES.avatar.mime.join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              void pick(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending}>
              {t('profile.upload')}
            </Button>
          </Upload>
        </div>
      </Form.Item>
      <Form.Item label={t('profile.username')}>
        <Input value={user.username} disabled />
      </Form.Item>
      <Form.Item label={t('profile.phone')}>
        <Input value={user.phone} disabled />
      </Form.Item>
      <Form.Item name="name" label={t('profile.name')} required rules={[zodRule(ProfileUpdate.shape.name, t)]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('profile.email')}
        rules={[zodRule(ProfileUpdate.shape.email, t)]}
        normalize={(v: string) => v.trim()}
      >
        <Input type="email" maxLength={128} placeholder={t('profile.emailPlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('profile.save')}
      </Button>
    </Form>
  );
}
