import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQrSession } from '../api/create-qr';
import { useQrPoll } from '../api/poll-qr';
import { signIn } from '../api/sign-in';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

type Reason = 'expired' | 'cancelled';

/**
 * The QR of a sign-in session, polled every 2 s: waiting, scanned (confirm on the phone), confirmed (the
 * username and one-time code are exchanged for tokens), or expired / cancelled with a refresh.
 */
export function QrLoginPanel() {
  const { t } = useTranslation('auth');
  const qr = useQrSession();
  const session = qr.data;
  // Why a session ended; it belongs to that session, so a fresh QR starts clean.
  const [endedFor, setEndedFor] = useState<{ id: string; reason: Reason } | null>(null);
  const ended = session && endedFor?.id === session.id ? endedFor.reason : null;
  const [signingIn, setSigningIn] = useState(false);
  const exchanged = useRef<string | null>(null);
  const poll = useQrPoll(session?.id, !!session && !ended && !signingIn && !qr.isFetching);
  const complete = useCompleteSignIn();
  const state = poll.data?.state;

  // The session dies after expiresIn seconds even if a poll is late.
  useEffect(() => {
    if (!session) return;
    const id = session.id;
    const timer = setTimeout(
      () => setEndedFor((e) => (e?.id === id ? e : { id, reason: 'expired' })),
      session.expiresIn * 1000,
    );
    return () => clearTimeout(timer);
  }, [session]);

  useEffect(() => {
    if (poll.isError && session) setEndedFor((e) => (e?.id === session.id ? e : { id: session.id, reason: 'expired' }));
  }, [poll.isError, session]);

  useEffect(() => {
    const answer = poll.data;
    if (!answer || !session) return;
    const id = session.id;
    const setEnded = (reason: Reason) => setEndedFor((e) => (e?.id === id ? e : { id, reason }));
    if (answer.state === 'expired' || answer.state === 'consumed') setEnded('expired');
    if (answer.state === 'cancelled') setEnded('cancelled');
    if (answer.state === 'confirmed' && answer.username && answer.verify && exchanged.current !== session.id) {
      exchanged.current = session.id;
      setSigningIn(true);
      signIn({ username: answer.username, password: '', verify: answer.verify })
        .then(complete)
        .catch(() => {
          setSigningIn(false);
          setEnded('expired');
        });
    }
  }, [poll.data, session, complete]);

  const refresh = () => {
    setSigningIn(false);
    void qr.refetch();
  };

  const status = signingIn
    ? t('qr.signingIn')
    : ended === 'cancelled'
      ? t('qr.cancelled')
      : ended === 'expired'
        ? t('qr.expired')
        : state === 'scanned'
          ? t('qr.scanned')
          : t('qr.waiting');

  return (
    <div className="fd-qr">
      <div className={`fd-qr-box${ended ? ' fd-qr-ended' : ''}`}>
        {session ? (
          <img src={session.image} alt={t('qr.alt')} width={200} height={200} data-qr-id={session.id} />
        ) : (
          <span className="fd-spinner" aria-label={t('qr.loading')} />
        )}
        {(ended || qr.isError) && (
          <div className="fd-qr-overlay">
            <button type="button" className="fd-button fd-button-primary" onClick={refresh}>
              {t('qr.refresh')}
            </button>
          </div>
        )}
      </div>
      <p className={`fd-qr-status${state === 'scanned' && !ended ? ' fd-qr-scanned' : ''}`} role="status">
        {qr.isError ? t('qr.loadFailed') : status}
      </p>
      <p className="fd-muted fd-qr-hint">{t('qr.hint')}</p>
    </div>
  );
}
