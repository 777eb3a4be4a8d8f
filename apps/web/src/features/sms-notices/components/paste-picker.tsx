import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftApi } from '../model/draft';
import { parsePasted } from '../model/parse-pasted';

/** Numbers pasted one per line (`name phone` or `phone`); lines without a number stay for the user to fix. */
export function PastePicker({ api }: { api: DraftApi }) {
  const { t } = useTranslation('sms-notices');
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [unreadable, setUnreadable] = useState<number[]>([]);
  const add = () => {
    const lines = text.split(/\r?\n/);
    const parsed = parsePasted(text);
    if (parsed.recipients.length) {
      api.add(parsed.recipients, { kind: 'paste' });
      void message.success(t('recipients.added', { count: parsed.recipients.length }));
    }
    setUnreadable(parsed.unreadable);
    setText(parsed.unreadable.map((n) => lines[n - 1]).join('\n'));
  };
  return (
    <div className="fd-sms-paste">
      <label className="fd-sms-label" htmlFor="sms-paste">
        {t('paste.label')}
      </label>
      <Input.TextArea
        id="sms-paste"
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 5, maxRows: 12 }}
        placeholder={t('paste.placeholder')}
      />
      {unreadable.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('paste.unreadable', { lines: unreadable.join(', '), count: unreadable.length })}
        />
      )}
      <Button icon={<UserAddOutlined />} onClick={add} disabled={!text.trim()}>
        {t('paste.add')}
      </Button>
    </div>
  );
}
