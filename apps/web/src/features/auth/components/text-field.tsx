import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
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
  const input = useRef<HTMLInputElement>(null);
  // The sign-in screen is prerendered (docs/web.md): what the user typed (or the browser filled) before the
  // JavaScript took the page over is in the field but not in the state; hydration leaves the field as it is
  // and fires no change. Taken over once, on mount, or a sign-in would send empty fields.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for what was typed before hydration
  }, []);
  return (
    <div className={`fd-field${error ? ' fd-field-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="fd-field-row">
        <div className="fd-input-wrap">
          <input
            ref={input}
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
