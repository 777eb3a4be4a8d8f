import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useDriverToken } from '../api/client';
import { portalKey } from '../api/keys';
import { PORTAL_PATHS } from '../model/paths';
import PortalBillsPage from './bills-page';
import PortalContractsPage from './contracts-page';
import PortalDocumentsPage from './documents-page';
import PortalHomePage from './home-page';
import PortalLoginPage from './login-page';
import PortalMePage from './me-page';
import PortalMembershipPage from './membership-page';
import PortalRecordsPage from './records-page';
import PortalSurveysPage from './surveys-page';
import '../i18n';
import '../portal.css';

const PAGES: Record<string, ComponentType> = {
  [PORTAL_PATHS.home]: PortalHomePage,
  [PORTAL_PATHS.bills]: PortalBillsPage,
  [PORTAL_PATHS.contracts]: PortalContractsPage,
  [PORTAL_PATHS.records]: PortalRecordsPage,
  [PORTAL_PATHS.documents]: PortalDocumentsPage,
  [PORTAL_PATHS.surveys]: PortalSurveysPage,
  [PORTAL_PATHS.membership]: PortalMembershipPage,
  [PORTAL_PATHS.me]: PortalMePage,
};

/**
 * The driver portal (Super Driver, `/driver/...`): one chunk for all its pages. The route table marks them open (the back
 * office's guard and session stay out); the portal guards itself with the driver token: without it every page but
 * the sign-in goes to the sign-in, with it the sign-in goes home. Server texts are asked again after a language switch.
 */
export default function DriverPortalPage() {
  const { pathname } = useLocation();
  const token = useDriverToken();
  const client = useQueryClient();
  const { i18n } = useTranslation();

  useEffect(() => {
    const again = () => void client.invalidateQueries({ queryKey: portalKey });
    i18n.on('languageChanged', again);
    return () => i18n.off('languageChanged', again);
  }, [client, i18n]);

  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === PORTAL_PATHS.login) return token ? <Navigate to={PORTAL_PATHS.home} replace /> : <PortalLoginPage />;
  if (!token) return <Navigate to={PORTAL_PATHS.login} replace />;
  const Page = PAGES[path] ?? PortalHomePage;
  return <Page />;
}
