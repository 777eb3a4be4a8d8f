import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHeldSubmit } from '../../../lib/prerendered';
import { useSignIn } from '../api/sign-in';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { TextField } from './text-field';

export function PasswordLoginForm({ onForgot }: { onForgot: () => void }) {
  const { t } = useTranslation('auth');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const signIn = useSignIn();
  const complete = useCompleteSignIn();
  // The form is prerendered (docs/web.md): an Enter pressed before hydration is sent once it is React's.
  const form = useRef<HTMLFormElement>(null);
  useHeldSubmit(form);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      ...(username.trim() ? {} : { username: t('password.usernameRequired') }),
      ...(password ? {} : { password: t('password.passwordRequired') }),
    };
    setErrors(next);
    if (next.username || next.password) return;
    try {
      await complete(await signIn.mutateAsync({ username, password }));
    } catch {
      // Shown by the request layer (wrong password, too many attempts, ...).
    }
  };

  return (
    <form ref={form} className="fd-auth-form" onSubmit={submit} noValidate>
      <TextField
        label={t('password.username')}
        placeholder={t('password.usernamePlaceholder')}
        value={username}
        onChange={setUsername}
        error={errors.username}
        autoComplete="username"
        autoFocus
        name="username"
      />
      <TextField
        label={t('password.password')}
        placeholder={t('password.passwordPlaceholder')}
        type="password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        autoComplete="current-password"
        name="password"
      />
      <div className="fd-auth-row">
        <span />
        <button type="button" className="fd-link-button" onClick={onForgot}>
          {t('password.forgot')}
        </button>
      </div>
      <button type="submit" className="fd-button fd-button-primary fd-button-block" disabled={signIn.isPending}>
        {signIn.isPending ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}
