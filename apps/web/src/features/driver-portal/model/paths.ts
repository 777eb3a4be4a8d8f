/** The portal's pages (web routes, `app/routes.ts`): open is only the sign-in. */
export const PORTAL_PATHS = {
  home: '/driver',
  login: '/driver/login',
  bills: '/driver/bills',
  contracts: '/driver/contracts',
  records: '/driver/records',
  documents: '/driver/documents',
  surveys: '/driver/surveys',
  membership: '/driver/membership',
  me: '/driver/me',
} as const;

/** The open agreement pages the sign-in and the "me" page link to. */
export const AGREEMENT_PATHS = { personal: '/superDriverPersonal', members: '/superDriverMembers' } as const;
