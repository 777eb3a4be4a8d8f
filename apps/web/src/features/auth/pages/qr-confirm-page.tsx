import LaptopOutlined from '@ant-design/icons/LaptopOutlined';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useConfirmQr } from '../api/confirm-qr';
import { useScanQr } from '../api/scan-qr';
import '../i18n';
import './qr-confirm-page.css';

/** The phone side of a QR sign-in: a signed-in user approves (or refuses) the desktop's sign-in. */
export default function QrConfirmPage() {
  const { t } = useTranslation('auth');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const scan = useScanQr();
  const confirm = useConfirmQr();
  const scanned = useRef<string | null>(null);

  useEffect(() => {
    if (scanned.current === id) return;
    scanned.current = id;
    scan.mutate(id);
  }, [id, scan]);

  let content;
  if (confirm.data) {
    const approved = confirm.data.state === 'confirmed';
    content = (
      <Result
        status={approved ? 'success' : 'info'}
        title={approved ? t('qrConfirm.approved') : t('qrConfirm.refused')}
        subTitle={approved ? t('qrConfirm.approvedText') : t('qrConfirm.refusedText')}
        extra={<Button onClick={() => navigate('/')}>{t('qrConfirm.done')}</Button>}
      />
    );
  } else if (scan.isError) {
    content = (
      <Result
        status="warning"
        title={t('qrConfirm.unusable')}
        subTitle={t('qrConfirm.unusableText')}
        extra={<Button onClick={() => navigate('/')}>{t('qrConfirm.done')}</Button>}
      />
    );
  } else if (!scan.data) {
    content = <Spin size="large" />;
  } else {
    content = (
      <div className="fd-qr-confirm">
        <LaptopOutlined className="fd-qr-confirm-icon" />
        <h1>{t('qrConfirm.title')}</h1>
        <p>{t('qrConfirm.as', { name: user?.name ?? '', username: user?.username ?? '' })}</p>
        <dl>
          <dt>{t('qrConfirm.ip')}</dt>
          <dd>{scan.data.ip ?? '-'}</dd>
          <dt>{t('qrConfirm.time')}</dt>
          <dd>{formatDateTime(scan.data.createdAt, true)}</dd>
        </dl>
        <p className="fd-qr-confirm-warn">{t('qrConfirm.warning')}</p>
        <Button
          type="primary"
          size="large"
          block
          loading={confirm.isPending && confirm.variables?.approve}
          onClick={() => confirm.mutate({ id, approve: true })}
        >
          {t('qrConfirm.approve')}
        </Button>
        <Button size="large" block onClick={() => confirm.mutate({ id, approve: false })} disabled={confirm.isPending}>
          {t('qrConfirm.refuse')}
        </Button>
      </div>
    );
  }

  return (
    <div className="fd-qr-confirm-page">
      <Card className="fd-qr-confirm-card">{content}</Card>
    </div>
  );
}
