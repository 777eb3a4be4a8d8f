import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccess } from '../../../lib/access';

/**
 * Where a sandbox text message really is: the SMS outbox (`/oa/message?tab=outbox`), filtered to the phone, for
 * a user who may open it; else whom to ask. `onOpen` closes the dialog that shows it.
 */
export function SandboxOutbox({ phone, onOpen }: { phone: string; onOpen?: () => void }) {
  const { t } = useTranslation('organisation');
  const access = useAccess();
  if (!access.can('oaMessage')) return <p>{t('sandboxOutbox.ask')}</p>;
  return (
    <p>
      {t('sandboxOutbox.text')}{' '}
      <Link
        to={`/oa/message?tab=outbox&phone=${encodeURIComponent(phone)}`}
        onClick={onOpen}
        data-testid="sandbox-outbox-link"
      >
        {t('sandboxOutbox.open', { phone })}
      </Link>
    </p>
  );
}
