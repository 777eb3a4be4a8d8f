import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LedgerEntry, PaidServicePrice } from '@fleetdesk/contracts/payments';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, CLERK, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const SLOW = { timeout: 20_000 };
const entry = (id: number, over: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id,
  kind: 'topUp',
  amount: 500,
  balanceAfter: 500,
  orderId: 9,
  orderNo: 'T20261126104400000009',
  serviceCode: null,
  serviceName: null,
  count: null,
  description: 'Top-up',
  createdAt: '2026-11-26T02:00:00Z',
  createdByName: 'Zhang Wei',
  ...over,
});
const LEDGER = [
  entry(2, {
    kind: 'charge',
    amount: -18,
    balanceAfter: 482,
    orderId: null,
    orderNo: null,
    serviceCode: 'S10',
    serviceName: 'Violation query',
    count: 12,
    description: 'Violation query of 12 cars',
  }),
  entry(1),
];
const plans = (std: number | null, ent: number | null) => [
  { planCode: 'TRIAL', planName: 'Trial', unitPrice: 2, includedPerMonth: null },
  { planCode: 'STANDARD', planName: 'Standard', unitPrice: std, includedPerMonth: null },
  { planCode: 'ENTERPRISE', planName: 'Enterprise', unitPrice: ent, includedPerMonth: null },
];
const PRICES: PaidServicePrice[] = [
  {
    code: 'S10',
    name: 'Violation query',
    unit: 'car',
    unitPrice: 1,
    available: true,
    includedPerMonth: null,
    prices: plans(1.5, 1),
  },
  {
    code: 'S30',
    name: 'Online notarization',
    unit: 'application',
    unitPrice: 198,
    available: true,
    includedPerMonth: null,
    prices: plans(null, 198),
  },
];

beforeEach(async () => {
  await setLanguage('en-US');
});

function server(account = ADMIN) {
  return sessionServer(account, {
    'GET /api/ccwadmin/balance/info': () => ok({ balance: 482, updatedAt: '2026-11-26T03:00:00Z' }),
    'GET /api/ccwadmin/balance/ledger/list': () => ok({ rows: LEDGER, total: 2, pageNum: 1, pageSize: 20 }),
    'POST /api/ccwadmin/balance/ledger/export': () => ({
      file: 'xlsx-bytes',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
    'GET /api/ccwadmin/service/price/list': () => ok(PRICES),
  });
}

describe('/billing', () => {
  it('shows the balance and the ledger with the filters of the URL, and exports what they select', async () => {
    signedIn();
    const api = server();
    const createUrl = vi.fn(() => 'blob:ledger');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() }));
    renderApp('/billing/ledger?kind=charge&serviceCode=S10&from=2026-11-01&to=2026-11-30');
    const balance = await screen.findByTestId('billing-balance', {}, SLOW);
    expect(await within(balance).findByText('¥482.00', {}, SLOW)).toBeInTheDocument();
    const row = (await screen.findByText('Violation query of 12 cars', {}, SLOW)).closest('tr')!;
    expect(within(row).getByText('-¥18.00')).toBeInTheDocument();
    expect(within(row).getByText('Violation query × 12')).toBeInTheDocument();
    expect(within(row).getByText('Service charge')).toBeInTheDocument();
    const topUp = screen.getByText('+¥500.00').closest('tr')!;
    expect(within(topUp).getByRole('link', { name: 'T20261126104400000009' })).toHaveAttribute(
      'href',
      '/order/detail/9',
    );
    const query = api.calls('GET', '/api/ccwadmin/balance/ledger/list')[0]!.query;
    expect(Object.fromEntries(query)).toMatchObject({
      kind: 'charge',
      serviceCode: 'S10',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    await userEvent.click(screen.getByRole('button', { name: /Export/ }));
    await waitFor(() => expect(api.calls('POST', '/api/ccwadmin/balance/ledger/export')).toHaveLength(1));
    expect(api.calls('POST', '/api/ccwadmin/balance/ledger/export')[0]!.body).toEqual({
      kind: 'charge',
      serviceCode: 'S10',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    await waitFor(() => expect(createUrl).toHaveBeenCalled());
  });

  it('lists the paid-service prices per plan with the tenant plan lit', async () => {
    signedIn();
    server();
    renderApp('/billing/prices');
    const row = (await screen.findByText('Online notarization', {}, SLOW)).closest('tr')!;
    expect(within(row).getAllByText('Not offered').length).toBe(1);
    const current = screen.getAllByText('Your plan')[0]!.closest('th')!;
    expect(current).toHaveTextContent('Enterprise');
    expect(current.className).toContain('fd-price-current');
  });

  it('is not there for a user without the billing menu', async () => {
    signedIn();
    const api = server(CLERK);
    renderApp('/billing');
    expect(await screen.findByText(/do not have/i, {}, SLOW)).toBeInTheDocument();
    expect(api.calls('GET', '/api/ccwadmin/balance/ledger/list')).toHaveLength(0);
  });
});
