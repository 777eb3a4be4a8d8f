import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import '../i18n';
import './settings-page.css';

const TYPES = ['profile', 'password'] as const;

/** `/setting/{type}`: the signed-in user's profile and password. */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { type } = useParams();
  const navigate = useNavigate();
  if (!(TYPES as readonly string[]).includes(type ?? '')) return <Navigate to="/setting/profile" replace />;
  return (
    <div className="fd-settings">
      <h1 className="fd-page-title">{t('title')}</h1>
      <Tabs
        activeKey={type}
        onChange={(key) => navigate(`/setting/${key}`)}
        items={TYPES.map((key) => ({
          key,
          label: t(`tabs.${key}`),
          children: key === 'profile' ? <ProfileForm /> : <PasswordForm />,
        }))}
      />
    </div>
  );
}
