import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Checkbox from 'antd/es/checkbox';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_CATEGORIES } from '@fleetdesk/contracts/messages';
import { currentLanguage } from '../../../lib/i18n';
import { smsCategoriesQuery, useSaveSmsCategories } from '../api/sms-categories';

/**
 * The user's choice of categories whose messages also go to his phone by SMS. A user without a mobile is told
 * that nothing can be sent (the choice is kept for when he has one).
 */
export function SmsSettings({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('messages');
  const { message } = App.useApp();
  const lang = currentLanguage();
  const choice = useQuery({ ...smsCategoriesQuery(), enabled: open });
  const save = useSaveSmsCategories();
  const [chosen, setChosen] = useState<number[]>([]);
  useEffect(() => {
    if (open && choice.data) setChosen(choice.data.categories);
  }, [open, choice.data]);

  return (
    <Modal
      open={open}
      title={t('sms.title')}
      okText={t('sms.save')}
      cancelText={t('sms.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: !choice.data }}
      onCancel={onClose}
      onOk={() =>
        save.mutate(chosen, {
          onSuccess: () => {
            void message.success(t('sms.saved'));
            onClose();
          },
        })
      }
      destroyOnHidden
    >
      {!choice.data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <div className="fd-messages-sms" data-testid="message-sms-settings">
          <p>{t('sms.explain')}</p>
          {choice.data.phone ? (
            <p className="fd-muted">{t('sms.phone', { phone: choice.data.phone })}</p>
          ) : (
            <Alert type="warning" showIcon message={t('sms.noPhone')} />
          )}
          <Checkbox.Group
            value={chosen}
            onChange={(values) => setChosen(values as number[])}
            options={MESSAGE_CATEGORIES.map((c) => ({ value: c.id, label: c.name[lang] }))}
          />
        </div>
      )}
    </Modal>
  );
}
