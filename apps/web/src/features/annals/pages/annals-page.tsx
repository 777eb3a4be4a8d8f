import { useTranslation } from 'react-i18next';
import { PublicPage } from '../../../components/public-page';
import '../i18n';
import './annals-page.css';

interface Entry {
  month: string;
  title: string;
  items: string[];
}

/** `/annals` (always open): Fleetdesk's release notes, month by month. */
export default function AnnalsPage() {
  const { t } = useTranslation('annals');
  const entries = t('entries', { returnObjects: true }) as Entry[];
  return (
    <PublicPage>
      <article className="fd-doc">
        <h1>{t('title')}</h1>
        <p className="fd-doc-meta">{t('intro')}</p>
        <ol className="fd-annals">
          {entries.map((e) => (
            <li key={e.month}>
              <time dateTime={e.month}>{e.month}</time>
              <div>
                <h2>{e.title}</h2>
                <ul>
                  {e.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ol>
        <p className="fd-annals-next">{t('next')}</p>
      </article>
    </PublicPage>
  );
}
