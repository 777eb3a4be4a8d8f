import { AGREEMENTS } from '../features/agreements/docs';
import { lazyPage, type LazyPage } from '../lib/lazy-page';
import { registerScreens } from '../lib/screen-registry';

/**
 * How a screen is framed:
 * - `plain`: no shared header and no antd (sign-in, agreements, annals: they load light);
 * - `bare`: no shared header, antd loaded;
 * - `header`: the shared header, navigation and ad.
 */
export type Frame = 'plain' | 'bare' | 'header';

/** One screen: the table drives the router, the guard, the navigation and the home shortcuts. */
export interface RouteDef {
  /** Route name (the membership gate lets `membership` and `order` through). */
  name: string;
  path: string;
  /** Title key in the common namespace (`routes.*`); menu routes take their title from the permission menus. */
  titleKey: string;
  frame: Frame;
  /** Opens without sign-in (spec section 2). */
  open?: boolean;
  /** Menu code the user must hold; the route exists for the user only then. */
  permission?: string;
  /** antd icon name, for the navigation when the permission menus give none. */
  icon?: string;
  /** Shown in the header navigation. */
  nav?: boolean;
  /**
   * The entry's own title in the navigation (a `common` key, loaded with the header) when several entries share one
   * menu (the risk group's screens under `riskGpsMap`); otherwise the menu's titles name it.
   */
  navTitleKey?: string;
  /** Only for the platform operator's users (`UserInfo.platformOperator`); anyone else gets the no-permission page. */
  platformOperator?: boolean;
  page?: LazyPage;
  /** Where a group route sends its visitor (the first child the user holds when this one is missing). */
  redirect?: string;
  children?: RouteDef[];
}

const auth = {
  login: lazyPage(() => import('../features/auth/pages/login-page')),
  qr: lazyPage(() => import('../features/auth/pages/qr-confirm-page')),
  authRedirect: lazyPage(() => import('../features/auth/pages/auth-redirect-page')),
};
const agreement = lazyPage(() => import('../features/agreements/pages/agreement-page'));
const operationLog = lazyPage(() => import('../features/oa-log/pages/operation-log-page'));
const smsNotices = lazyPage(() => import('../features/sms-notices/pages/sms-notices-page'));
const carForm = lazyPage(() => import('../features/vehicles/car-form/car-form-page'));
/**
 * The vehicle screens with the tabs other areas register for them (components/car-tabs): each area's small
 * registration module loads with the screen, the tab panels only when opened.
 */
function withFleetTabs<M>(screen: () => Promise<M>): Promise<M> {
  return Promise.all([
    import('../features/compliance/register'),
    import('../features/violations/register'),
    import('../features/contracts/register'),
    import('../features/handover/register'),
    import('../features/maintenance/register'),
    screen(),
  ]).then(([, , , , , m]) => m);
}
/** The contract screens with the tabs other areas register for the contract page (components/contract-tabs). */
function withContractTabs<M>(screen: () => Promise<M>): Promise<M> {
  return Promise.all([
    import('../features/handover/register'),
    import('../features/notarization/register'),
    screen(),
  ]).then(([, , m]) => m);
}
const driverForm = lazyPage(() => import('../features/drivers/form/driver-form-page'));
/** The driver page with the tabs other areas register for it (components/driver-tabs). */
function withDriverTabs<M>(screen: () => Promise<M>): Promise<M> {
  return Promise.all([
    import('../features/crm/register'),
    import('../features/teams/register'),
    import('../features/driver-portal/register'),
    screen(),
  ]).then(([, , , m]) => m);
}
/**
 * The driver portal (Super Driver, `/driver/...`): one chunk for its pages. They are open to the back office's guard
 * (no back-office session, layout or menus); the portal guards itself with the driver token.
 */
const driverPortal = lazyPage(() => import('../features/driver-portal/pages/driver-portal-page'));
const DRIVER_PORTAL_PAGES = [
  ['driverLogin', '/driver/login'],
  ['driverHome', '/driver'],
  ['driverBills', '/driver/bills'],
  ['driverContracts', '/driver/contracts'],
  ['driverRecords', '/driver/records'],
  ['driverDocuments', '/driver/documents'],
  ['driverSurveys', '/driver/surveys'],
  ['driverMembership', '/driver/membership'],
  ['driverMe', '/driver/me'],
] as const;

export const ROUTES: RouteDef[] = [
  { name: 'login', path: '/login', titleKey: 'routes.login', frame: 'plain', open: true, page: auth.login },
  {
    name: 'register',
    path: '/register/:id',
    titleKey: 'routes.register',
    frame: 'plain',
    open: true,
    page: auth.login,
  },
  {
    name: 'authredirect',
    path: '/authredirect',
    titleKey: 'routes.authredirect',
    frame: 'plain',
    open: true,
    page: auth.authRedirect,
  },
  ...AGREEMENTS.map((name) => ({
    name,
    path: `/${name}`,
    titleKey: `routes.${name}`,
    frame: 'plain' as const,
    open: true,
    page: agreement,
  })),
  {
    name: 'annals',
    path: '/annals',
    titleKey: 'routes.annals',
    frame: 'plain',
    open: true,
    page: lazyPage(() => import('../features/annals/pages/annals-page')),
  },
  {
    name: 'paySuccess',
    path: '/paySuccess',
    titleKey: 'routes.paySuccess',
    frame: 'bare',
    open: true,
    page: lazyPage(() => import('../features/membership/pages/pay-success-page')),
  },
  {
    name: 'paySandbox',
    path: '/pay/sandbox/:orderNo',
    titleKey: 'routes.paySandbox',
    frame: 'bare',
    open: true,
    page: lazyPage(() => import('../features/billing/pages/sandbox-pay-page')),
  },
  // The sandbox e-signature provider's signing page and the sandbox notary office (issue 35): open, phone-sized, no
  // shared header; the link's token proves the signer (the office).
  {
    name: 'esignSandbox',
    path: '/esign/sandbox/:token',
    titleKey: 'routes.esignSandbox',
    frame: 'bare',
    open: true,
    page: lazyPage(() => import('../features/notarization/pages/esign-sandbox-page')),
  },
  {
    name: 'notarySandbox',
    path: '/notary/sandbox/:caseNo',
    titleKey: 'routes.notarySandbox',
    frame: 'bare',
    open: true,
    page: lazyPage(() => import('../features/notarization/pages/notary-sandbox-page')),
  },
  // The CRM's open pages (spec section 2: the first segment `survey` is open): phone-first, no shared header.
  {
    name: 'surveyLeadForm',
    path: '/survey/lead/:key',
    titleKey: 'routes.surveyLeadForm',
    frame: 'bare',
    open: true,
    page: lazyPage(() => import('../features/crm/pages/public-lead-form-page')),
  },
  {
    name: 'surveyAnswer',
    path: '/survey/:id/:token',
    titleKey: 'routes.surveyAnswer',
    frame: 'bare',
    open: true,
    page: lazyPage(() => import('../features/crm/pages/public-survey-page')),
  },
  ...DRIVER_PORTAL_PAGES.map(([name, path]) => ({
    name,
    path,
    titleKey: `routes.${name}`,
    frame: 'bare' as const,
    open: true,
    page: driverPortal,
  })),
  { name: 'qr', path: '/qr/:id', titleKey: 'routes.qr', frame: 'bare', page: auth.qr },
  {
    name: 'home',
    path: '/',
    titleKey: 'routes.home',
    frame: 'header',
    icon: 'HomeOutlined',
    nav: true,
    page: lazyPage(() => import('../features/home/pages/home-page')),
  },
  {
    name: 'gameover',
    path: '/gameover',
    titleKey: 'routes.gameover',
    frame: 'header',
    page: lazyPage(() => import('../features/membership/pages/gameover-page')),
  },
  {
    name: 'messageCenter',
    path: '/messageCenter',
    titleKey: 'routes.messageCenter',
    frame: 'header',
    page: lazyPage(() => import('../features/messages/pages/message-centre-page')),
  },
  // Feedback (issue 37): any signed-in user sends his (not in the navigation: the account menu links here); the
  // platform operator's desk reads every tenant's.
  {
    name: 'feedback',
    path: '/feedback',
    titleKey: 'routes.feedback',
    frame: 'header',
    page: lazyPage(() => import('../features/feedback/pages/feedback-page')),
  },
  {
    name: 'platformFeedback',
    path: '/platform/feedback',
    titleKey: 'routes.platformFeedback',
    frame: 'header',
    permission: 'oaSetting',
    platformOperator: true,
    page: lazyPage(() => import('../features/feedback/pages/feedback-desk-page')),
  },
  {
    name: 'membership',
    path: '/membership',
    titleKey: 'routes.membership',
    frame: 'header',
    open: true,
    page: lazyPage(() => import('../features/membership/pages/membership-page')),
  },
  // The order screens: before `/order/:type`, `topUp` is a page of its own (TOP_UP_PAGE).
  {
    name: 'orderTopUp',
    path: '/order/topUp',
    titleKey: 'routes.orderTopUp',
    frame: 'header',
    page: lazyPage(() => import('../features/orders/pages/top-up-page')),
  },
  {
    name: 'orderDetail',
    path: '/order/detail/:id',
    titleKey: 'routes.orderDetail',
    frame: 'header',
    page: lazyPage(() => import('../features/orders/pages/order-detail-page')),
  },
  {
    name: 'order',
    path: '/order/:type',
    titleKey: 'routes.order',
    frame: 'header',
    page: lazyPage(() => import('../features/orders/pages/orders-page')),
  },
  {
    name: 'setting',
    path: '/setting/:type',
    titleKey: 'routes.setting',
    frame: 'header',
    page: lazyPage(() => import('../features/settings/pages/settings-page')),
  },
  {
    name: 'rentCar',
    path: '/rentCar/:type?',
    titleKey: 'routes.rentCar',
    frame: 'header',
    permission: 'rentCar',
    icon: 'CarOutlined',
    nav: true,
    page: lazyPage(() => withFleetTabs(() => import('../features/vehicles/pages/vehicles-page'))),
  },
  {
    // The maintenance screens as tabs (`orders`, `due`, `plans`, `workshops`, `reports`) and the work order page
    // (`order/{id}`): one route, so a tab's optional parameter stays out of the navigation's link.
    name: 'maintenance',
    path: '/maintenance/:page?/:id?',
    titleKey: 'maintenance:routes.maintenance',
    frame: 'header',
    permission: 'maintenance',
    icon: 'ToolOutlined',
    nav: true,
    page: lazyPage(() => import('../features/maintenance/pages/maintenance-page')),
  },
  {
    // Fleet operations: the tree of companies, fleets and teams, the chosen one's drivers, cars and history
    // (`?team={id}&tab=...`): one screen.
    name: 'teams',
    path: '/teams',
    titleKey: 'teams:routes.teams',
    frame: 'header',
    permission: 'teams',
    icon: 'ClusterOutlined',
    nav: true,
    page: lazyPage(() => import('../features/teams/pages/teams-page')),
  },
  {
    // The CRM as tabs (`leads`, `followUps`, `funnel`, `surveys`, `settings`), the lead page (`lead/{id}`) and the
    // survey page (`survey/{id}`): one route, as the maintenance screens.
    name: 'crm',
    path: '/crm/:page?/:id?',
    titleKey: 'crm:routes.crm',
    frame: 'header',
    permission: 'crm',
    icon: 'TeamOutlined',
    nav: true,
    page: lazyPage(() => import('../features/crm/pages/crm-page')),
  },
  {
    // Short-term rental (a sub-menu of the vehicles): the board, bookings, stores and prices as tabs
    // (`board`, `bookings`, `stores`, `prices`) and the booking page (`booking/{id}`): one route, as the CRM.
    name: 'sevenShort',
    path: '/sevenShort/:page?/:id?',
    titleKey: 'shortTerm:routes.sevenShort',
    frame: 'header',
    permission: 'sevenShort',
    icon: 'CalendarOutlined',
    nav: true,
    page: lazyPage(() => import('../features/short-term/pages/short-term-page')),
  },
  {
    // Time-share as tabs (`trips`, `zones`, `rates`, `renters`) and the trip page (`trip/{id}`): one route, as the CRM.
    name: 'sevenTime',
    path: '/sevenTime/:page?/:id?',
    titleKey: 'time-share:routes.sevenTime',
    frame: 'header',
    permission: 'sevenGo',
    icon: 'ClockCircleOutlined',
    nav: true,
    page: lazyPage(() => import('../features/time-share/pages/time-share-page')),
  },
  {
    name: 'riskGpsMap',
    path: '/riskGpsMap',
    titleKey: 'gps:routes.riskGpsMap',
    frame: 'header',
    permission: 'riskGpsMap',
    icon: 'EnvironmentOutlined',
    nav: true,
    page: lazyPage(() => import('../features/gps/pages/gps-map-page')),
  },
  {
    name: 'gpsRisk',
    path: '/riskGpsMap/risk',
    titleKey: 'gps-risk:routes.risk',
    frame: 'header',
    permission: 'riskGpsMap',
    icon: 'SafetyOutlined',
    nav: true,
    navTitleKey: 'common:nav.gpsRisk',
    page: lazyPage(() => import('../features/gps/risk/pages/risk-page')),
  },
  {
    name: 'gpsAlarms',
    path: '/riskGpsMap/alarms',
    titleKey: 'gps-events:routes.alarms',
    frame: 'header',
    permission: 'riskGpsMap',
    icon: 'AlertOutlined',
    nav: true,
    navTitleKey: 'common:nav.gpsAlarms',
    page: lazyPage(() => import('../features/gps/events/pages/alarms-page')),
  },
  {
    name: 'gpsGeofences',
    path: '/riskGpsMap/geofences',
    titleKey: 'gps-events:routes.geofences',
    frame: 'header',
    permission: 'riskGpsMap',
    icon: 'BorderOuterOutlined',
    nav: true,
    navTitleKey: 'common:nav.gpsGeofences',
    page: lazyPage(() => import('../features/gps/events/pages/geofences-page')),
  },
  {
    name: 'gpsCommands',
    path: '/riskGpsMap/commands',
    titleKey: 'gps-commands:routes.commands',
    frame: 'header',
    permission: 'riskGpsMap',
    icon: 'SendOutlined',
    nav: true,
    navTitleKey: 'common:nav.gpsCommands',
    page: lazyPage(() => import('../features/gps/commands/pages/commands-page')),
  },
  {
    name: 'gpsReceipts',
    path: '/riskGpsMap/receipts',
    titleKey: 'gps-receipts:routes.receipts',
    frame: 'header',
    permission: 'riskGpsMap',
    icon: 'SwapOutlined',
    nav: true,
    navTitleKey: 'common:nav.gpsReceipts',
    page: lazyPage(() => import('../features/gps/receipts/pages/receipts-page')),
  },
  // The car screens under the vehicles menu: before `/rentCar/car/:id`, `new` is not an id.
  {
    name: 'carNew',
    path: '/rentCar/car/new',
    titleKey: 'routes.carNew',
    frame: 'header',
    permission: 'rentCar',
    page: carForm,
  },
  {
    name: 'carDetail',
    path: '/rentCar/car/:id',
    titleKey: 'routes.carDetail',
    frame: 'header',
    permission: 'rentCar',
    page: lazyPage(() => withFleetTabs(() => import('../features/vehicles/detail/car-detail-page'))),
  },
  {
    name: 'carEdit',
    path: '/rentCar/car/:id/edit',
    titleKey: 'routes.carEdit',
    frame: 'header',
    permission: 'rentCar',
    page: carForm,
  },
  {
    name: 'rentDriver',
    path: '/rentDriver',
    titleKey: 'routes.rentDriver',
    frame: 'header',
    permission: 'rentDriver',
    icon: 'IdcardOutlined',
    nav: true,
    page: lazyPage(() => import('../features/drivers/pages/drivers-page')),
  },
  // The driver screens under the drivers menu: before `/rentDriver/:id`, `new` is not an id.
  {
    name: 'driverNew',
    path: '/rentDriver/new',
    titleKey: 'routes.driverNew',
    frame: 'header',
    permission: 'rentDriver',
    page: driverForm,
  },
  {
    name: 'driverDetail',
    path: '/rentDriver/:id',
    titleKey: 'routes.driverDetail',
    frame: 'header',
    permission: 'rentDriver',
    page: lazyPage(() => withDriverTabs(() => import('../features/drivers/detail/driver-detail-page'))),
  },
  {
    name: 'driverEdit',
    path: '/rentDriver/:id/edit',
    titleKey: 'routes.driverEdit',
    frame: 'header',
    permission: 'rentDriver',
    page: driverForm,
  },
  {
    name: 'rentContract',
    path: '/rentContract/:type?/:name?',
    titleKey: 'routes.rentContract',
    frame: 'header',
    permission: 'rentContract',
    icon: 'FileTextOutlined',
    nav: true,
    page: lazyPage(() => withContractTabs(() => import('../features/contracts/pages/contracts-page'))),
  },
  {
    name: 'finance',
    path: '/finance/:type?/:name?',
    titleKey: 'financing:routes.finance',
    frame: 'header',
    permission: 'finance',
    icon: 'AccountBookOutlined',
    nav: true,
    page: lazyPage(() => import('../features/financing/pages/finance-page')),
  },
  {
    // Online notarization: the applications (`/notarization`) and an application's page (`/notarization/{id}`): one
    // route, so the navigation links to the list.
    name: 'notarization',
    path: '/notarization/:id?',
    titleKey: 'notarization:routes.notarization',
    frame: 'header',
    permission: 'notarization',
    icon: 'SafetyCertificateOutlined',
    nav: true,
    page: lazyPage(() => import('../features/notarization/pages/notarization-page')),
  },
  {
    name: 'oaLog',
    path: '/oaLog',
    titleKey: 'routes.oaLog',
    frame: 'header',
    permission: 'oaLog',
    nav: true,
    page: operationLog,
  },
  {
    name: 'oaApproval',
    path: '/oaApproval',
    titleKey: 'approvals:routes.centre',
    frame: 'header',
    permission: 'oaApproval',
    icon: 'AuditOutlined',
    nav: true,
    page: lazyPage(() => import('../features/approvals/pages/approval-centre-page')),
  },
  {
    name: 'oaAttendance',
    path: '/oaAttendance',
    titleKey: 'attendance:routes.attendance',
    frame: 'header',
    permission: 'oaAttendance',
    icon: 'CalendarOutlined',
    nav: true,
    page: lazyPage(() => import('../features/attendance/pages/attendance-page')),
  },
  {
    name: 'oaSetting',
    path: '/oaSetting',
    titleKey: 'routes.oaSetting',
    frame: 'header',
    permission: 'oaSetting',
    icon: 'SettingOutlined',
    nav: true,
    page: lazyPage(() => import('../features/company-settings/pages/company-settings-page')),
  },
  {
    // The rental rules (short-term, time-share), protection tiers, extras and the holiday calendar: one page of cards.
    name: 'sevenSetting',
    path: '/sevenSetting',
    titleKey: 'rental-settings:routes.sevenSetting',
    frame: 'header',
    permission: 'sevenSetting',
    icon: 'ControlOutlined',
    nav: true,
    page: lazyPage(() => import('../features/rental-settings/pages/rental-settings-page')),
  },
  {
    name: 'billing',
    path: '/billing/:type?',
    titleKey: 'routes.billing',
    frame: 'header',
    permission: 'billing',
    icon: 'WalletOutlined',
    nav: true,
    page: lazyPage(() => import('../features/billing/pages/billing-page')),
  },
  {
    name: 'oa',
    path: '/oa',
    titleKey: 'routes.oa',
    frame: 'header',
    redirect: '/oa/depart',
    // In the catalogue's order: /oa without /oa/depart goes to the first of these the user holds.
    children: [
      {
        name: 'oaDepart',
        path: '/oa/depart/:type?',
        // Menu routes take their title from the permission menus; this key is the fallback.
        titleKey: 'organisation:routes.depart',
        frame: 'header',
        permission: 'oaDepart',
        icon: 'ContactsOutlined',
        nav: true,
        page: lazyPage(() => import('../features/organisation/pages/address-book-page')),
      },
      {
        name: 'oaCompany',
        path: '/oa/companySetting',
        titleKey: 'organisation:routes.company',
        frame: 'header',
        permission: 'oaCompany',
        icon: 'BankOutlined',
        nav: true,
        page: lazyPage(() => import('../features/organisation/pages/subsidiaries-page')),
      },
      {
        name: 'oaLabel',
        path: '/oa/labelManagement',
        titleKey: 'organisation:routes.label',
        frame: 'header',
        permission: 'oaLabel',
        icon: 'TagsOutlined',
        nav: true,
        page: lazyPage(() => import('../features/organisation/pages/labels-page')),
      },
      {
        name: 'oaMessage',
        path: '/oa/message',
        titleKey: 'routes.oaMessage',
        frame: 'header',
        permission: 'oaMessage',
        icon: 'MessageOutlined',
        nav: true,
        page: smsNotices,
      },
      {
        name: 'oaAttendanceRule',
        path: '/oa/attendance',
        titleKey: 'attendance:routes.rules',
        frame: 'header',
        permission: 'oaAttendanceRule',
        icon: 'ScheduleOutlined',
        nav: true,
        page: lazyPage(() => import('../features/attendance/pages/shifts-page')),
      },
      {
        name: 'oaApprovalFlow',
        path: '/oa/approval',
        titleKey: 'approvals:routes.flows',
        frame: 'header',
        permission: 'oaApprovalFlow',
        icon: 'BranchesOutlined',
        nav: true,
        page: lazyPage(() => import('../features/approvals/pages/approval-flows-page')),
      },
      {
        name: 'oaCostCenter',
        path: '/oa/costCenter',
        titleKey: 'costCentres:routes.costCenter',
        frame: 'header',
        permission: 'oaCostCenter',
        icon: 'PieChartOutlined',
        nav: true,
        page: lazyPage(() => import('../features/cost-centres/pages/cost-centres-page')),
      },
      {
        name: 'operationLog',
        path: '/oa/operationLog',
        titleKey: 'routes.oaLog',
        frame: 'header',
        permission: 'oaLog',
        page: operationLog,
      },
    ],
  },
];

/** Every menu code a screen of the table needs (children included). */
export function screenMenuCodes(routes: readonly RouteDef[] = ROUTES): string[] {
  return routes.flatMap((r) => [...(r.permission ? [r.permission] : []), ...screenMenuCodes(r.children ?? [])]);
}

// The modules with a screen, for the lists that name modules (lib/screens.ts).
registerScreens(screenMenuCodes());
