import { useParams } from 'react-router';
import { ApplicationPage } from './application-page';
import { NotarizationList } from './notarization-list';
import '../i18n';
import '../notarization.css';

/** `/notarization/{id?}`: the applications, or one application's page. */
export default function NotarizationPage() {
  const { id } = useParams();
  const applicationId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  return (
    <div className="fd-nz" data-testid="notarization-page">
      {applicationId ? <ApplicationPage id={applicationId} /> : <NotarizationList />}
    </div>
  );
}
