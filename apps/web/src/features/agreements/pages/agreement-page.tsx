import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PublicPage } from '../../../components/public-page';
import { AGREEMENTS } from '../docs';
import '../i18n';

interface Section {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}
interface Doc {
  title: string;
  updated: string;
  intro: string[];
  sections: Section[];
}

/** The six agreements, one screen: the path names the text. */
export default function AgreementPage() {
  const { t } = useTranslation('agreements');
  const name = useLocation().pathname.slice(1);
  const key = (AGREEMENTS as readonly string[]).includes(name) ? name : 'useragreement';
  const doc = t(key, { returnObjects: true }) as Doc;
  return (
    <PublicPage>
      <article className="fd-doc">
        <h1>{doc.title}</h1>
        <p className="fd-doc-meta">{doc.updated}</p>
        {doc.intro.map((p) => (
          <p key={p}>{p}</p>
        ))}
        {doc.sections.map((s) => (
          <section key={s.heading}>
            <h2>{s.heading}</h2>
            {s.paragraphs?.map((p) => (
              <p key={p}>{p}</p>
            ))}
            {s.items && (
              <ul>
                {s.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </article>
    </PublicPage>
  );
}
