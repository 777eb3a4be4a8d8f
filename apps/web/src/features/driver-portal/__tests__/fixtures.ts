import {
  DRIVER_TOKEN_KEY,
  type PortalBill,
  type PortalHome,
  type PortalMe,
  type PortalMembership,
} from '@fleetdesk/contracts/driver-portal';
import type { PayInfo } from '@fleetdesk/contracts/payments';
import { fakeServer, ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-server';

export const SLOW = { timeout: 20_000 };
/** The first screen of a file loads the antd frame and the portal's chunk. */
export const FIRST = { timeout: 60_000 };

export const ME: PortalMe = {
  driverId: 11,
  name: 'Wang Jianguo',
  phone: '139****0001',
  tenantName: 'Demo Rentals',
  rentName: 'Demo Rentals Hangzhou',
  state: 'active',
  companies: [{ tenantId: 3, name: 'Demo Rentals', current: true }],
};

export const HOME: PortalHome = {
  me: ME,
  due: { dueNow: 3200, overdue: 1200, nextDueDate: '2026-12-15', nextAmount: 3200 },
  contracts: 1,
  level: { code: 'silver', name: 'Silver' },
  openViolations: 2,
  openSurveys: 1,
  notices: [{ id: 1, text: 'Your rent is due on the 15th', at: '2026-11-10T02:00:00.000Z' }],
};

export function bill(patch: Partial<PortalBill> & Pick<PortalBill, 'id'>): PortalBill {
  return {
    contractId: 5,
    contractNumber: 'HT2026001',
    type: 'rent',
    typeName: 'Rent',
    period: 3,
    dueDate: '2026-11-01',
    amount: 3200,
    paid: 0,
    left: 3200,
    state: 'unpaid',
    overdueDays: 0,
    payable: true,
    ...patch,
  };
}

export const PAY_INFO: PayInfo = {
  orderId: 77,
  orderNo: 'FD20261115001',
  amount: 4400,
  provider: 'sandbox',
  sandbox: true,
  codeUrl: 'http://localhost/pay/sandbox/FD20261115001',
  qrImage: 'data:image/png;base64,iVBORw0KGgo=',
  payUrl: 'http://localhost/pay/sandbox/FD20261115001',
  expiresAt: '2026-11-15T03:00:00.000Z',
};

export const MEMBERSHIP: PortalMembership = {
  level: {
    code: 'silver',
    name: 'Silver',
    perks: { rentDiscountPercent: 2, freeDaysPerYear: 2, newCarPriority: false },
    minOnTimeMonths: 3,
    maxViolations: 3,
    maxAccidents: 1,
  },
  next: {
    code: 'gold',
    name: 'Gold',
    perks: { rentDiscountPercent: 5, freeDaysPerYear: 5, newCarPriority: true },
    minOnTimeMonths: 6,
    maxViolations: 1,
    maxAccidents: 0,
  },
  facts: { onTimeMonths: 4, violations: 2, accidents: 0, overdueNow: false },
  since: '2026-09-01',
  computedOn: '2026-11-15',
  levels: [
    {
      code: 'member',
      name: 'Member',
      perks: { rentDiscountPercent: 0, freeDaysPerYear: 0, newCarPriority: false },
      minOnTimeMonths: 0,
      maxViolations: 99,
      maxAccidents: 99,
    },
  ],
};
MEMBERSHIP.levels.push(MEMBERSHIP.level, MEMBERSHIP.next!);

/** A driver signed in to the portal (the back office is not). */
export function driverSignedIn(token = 'driver-token-1') {
  localStorage.setItem(DRIVER_TOKEN_KEY, token);
}

/** The portal's calls, answered: `me` and `home` by default. */
export function portalServer(more: Record<string, (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>> = {}) {
  return fakeServer({
    'GET /api/driver/me': () => ok(ME),
    'GET /api/driver/home': () => ok(HOME),
    ...more,
  });
}

/** A 400 naming fields, as the server's validation answers. */
export const fieldFailure = (errors: { path: string; message: string }[]): FakeAnswer => ({
  status: 400,
  body: { status: 400, message: 'Bad request', errors: [{ path: '', message: 'Bad request' }, ...errors] },
});
