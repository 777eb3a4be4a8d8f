import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Collection, Contract } from '@fleetdesk/contracts/rental-contracts';
import { setLanguage } from '../../../lib/i18n';
import { session, type SessionUser } from '../../../lib/session';
import { fakeServer, ok } from '../../../test/fake-server';
import { signedIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { Payments } from '../pages/contract-detail';
import '../i18n';

const SLOW = { timeout: 20_000 };
const P = '/api/ccwadmin/rentContract';

const CONTRACT = { id: 41, number: 'HT202600041', state: 'signed' } as Contract;
const COLLECTIONS: Collection[] = [
  {
    id: 5,
    lineId: 301,
    lineType: 'deposit',
    period: null,
    amount: 12000,
    paidDate: '2026-01-10',
    accountId: 2,
    accountName: '对公账户',
    userName: 'Zhang Wei',
    remark: null,
    voucher: null,
    at: '2026-01-10T02:00:00.000Z',
  },
];

function user(elements: string[]): SessionUser {
  return {
    id: 1,
    name: 'Zhang Wei',
    username: 'admin',
    phone: '13800000001',
    email: null,
    avatar: null,
    roles: [],
    menus: ['rentContract'],
    elements: Object.fromEntries(elements.map((e) => [e, true as const])),
    tenantId: 3,
    tenantName: 'Demo Rentals',
    rentCode: 'HZ',
    rentId: 7,
    rentName: 'Demo Rentals Hangzhou',
    rentCity: null,
    shortRentName: null,
    rents: [],
  };
}

const saved: { blob: Blob; name: string }[] = [];

beforeEach(() => {
  saved.length = 0;
  signedIn();
  const blobs = new Map<string, Blob>();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: blobs.get(this.href)!, name: this.download });
  });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        const url = `blob:receipt-${blobs.size}`;
        blobs.set(url, b);
        return url;
      },
      revokeObjectURL: () => undefined,
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the payments tab's receipts", () => {
  it('downloads the receipt PDF of the collected line (zh)', async () => {
    await setLanguage('zh-CN');
    session.set({ user: user(['rentContract:view', 'rentContract:print']) });
    const server = fakeServer({
      [`GET ${P}/collections/:id`]: () => ok(COLLECTIONS),
      [`GET ${P}/receipt/:lineId`]: () => ({ file: '%PDF-1.7 receipt', contentType: 'application/pdf' }),
    });
    renderWithProviders(<Payments c={CONTRACT} />);
    const row = (await screen.findByText('对公账户', {}, SLOW)).closest('tr')!;
    await userEvent.setup().click(within(row).getByRole('button', { name: '收据' }));
    await waitFor(() => expect(server.calls('GET', `${P}/receipt/301`)).toHaveLength(1));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('收据-HT202600041-301.pdf');
    expect(await saved[0]!.blob.text()).toContain('%PDF');
  }, 60_000);

  it('shows no receipt button without the print element (en)', async () => {
    await setLanguage('en-US');
    session.set({ user: user(['rentContract:view']) });
    fakeServer({ [`GET ${P}/collections/:id`]: () => ok(COLLECTIONS) });
    renderWithProviders(<Payments c={CONTRACT} />);
    expect(await screen.findByText('对公账户', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Receipt' })).toBeNull();
    expect(screen.queryByRole('button', { name: '收据' })).toBeNull();
  }, 60_000);
});
