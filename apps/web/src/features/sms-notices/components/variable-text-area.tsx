import Button from 'antd/es/button';
import Input from 'antd/es/input';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_MAX_LENGTH, smsSegments } from '@fleetdesk/contracts/sms-notices';
import type { SmsVariable } from '../api/get-variables';

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  variables: readonly SmsVariable[];
  /** The tenant's signature: counted, as the gateway counts it. */
  signature?: string | undefined;
  placeholder?: string;
  status?: 'error' | '';
}

/** A message's text with buttons that put a `{variable}` where the caret is, and the gateway's count. */
export function VariableTextArea({ id, value = '', onChange, variables, signature, placeholder, status }: Props) {
  const { t } = useTranslation('sms-notices');
  const ref = useRef<TextAreaRef>(null);
  const insert = (key: string) => {
    const el = ref.current?.resizableTextArea?.textArea;
    const token = `{${key}}`;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    onChange?.(value.slice(0, start) + token + value.slice(end));
    // The caret goes after the variable once React has rendered the new text.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  const counted = smsSegments(`${signature ? `【${signature}】` : ''}${value}`);
  return (
    <div className="fd-sms-editor">
      <div className="fd-sms-variables" role="group" aria-label={t('variables.insert')}>
        <span className="fd-muted">{t('variables.insert')}</span>
        {variables.map((v) => (
          <Button key={v.key} size="small" onClick={() => insert(v.key)} title={`{${v.key}} · ${v.example}`}>
            {v.title}
          </Button>
        ))}
      </div>
      <Input.TextArea
        id={id}
        ref={ref}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder={placeholder}
        autoSize={{ minRows: 4, maxRows: 10 }}
        maxLength={SMS_MAX_LENGTH}
        status={status}
      />
      {value && (
        <div className="fd-sms-count fd-muted" aria-live="polite">
          {t(signature ? 'count.withSignature' : 'count.plain', { length: counted.length, segments: counted.segments })}
        </div>
      )}
    </div>
  );
}
