import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Something at the end of the field (a send-code button). */
  addon?: ReactNode;
}

/** A labelled input in antd's look, without antd (the sign-in screen stays light). */
export function TextField({ label, value, onChange, error, addon, type = 'text', ...rest }: Props) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [reveal, setReveal] = useState(false);
  const password = type === 'password';
  return (
    <div className={`fd-field${error ? ' fd-field-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="fd-field-row">
        <div className="fd-input-wrap">
          <input
            id={id}
            className="fd-input"
            type={password && reveal ? 'text' : type}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
            {...rest}
          />
          {password && (
            <button
              type="button"
              className="fd-input-toggle"
              onClick={() => setReveal((r) => !r)}
              aria-label={reveal ? t('field.hidePassword') : t('field.showPassword')}
              aria-pressed={reveal}
            >
              {reveal ? t('field.hide') : t('field.show')}
            </button>
          )}
        </div>
        {addon}
      </div>
      {error && (
        <div id={`${id}-error`} className="fd-field-message" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
