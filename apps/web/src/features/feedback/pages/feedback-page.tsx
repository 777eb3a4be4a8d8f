import Card from 'antd/es/card';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FeedbackForm } from '../components/feedback-form';
import { MyFeedbackList } from '../components/my-feedback-list';
import { sourcePage } from '../model/source-page';
import '../i18n';
import './feedback.css';

/**
 * `/feedback`: any signed-in user sends the platform a note (text, screenshots, contact, the screen it is about:
 * `?from=` of the account menu's link, else the referrer) and reads his own notes with the answers below.
 */
export default function FeedbackPage() {
  const { t } = useTranslation('feedback');
  const [search] = useSearchParams();
  const from = search.get('from');
  const page = useMemo(
    () => sourcePage(from, typeof document === 'undefined' ? '' : document.referrer, window.location.origin),
    [from],
  );
  return (
    <div className="fd-feedback-page-body" data-testid="feedback-screen">
      <h1 className="fd-page-title">{t('title')}</h1>
      <p className="fd-muted fd-feedback-intro">{t('intro')}</p>
      <Card title={t('form.title')}>
        <FeedbackForm page={page} />
      </Card>
      <Card title={t('mine.title')}>
        <MyFeedbackList />
      </Card>
    </div>
  );
}
