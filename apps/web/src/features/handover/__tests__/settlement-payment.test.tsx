import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Settlement } from '@fleetdesk/contracts/handover';
import type { Contract, PaymentLine } from '@fleetdesk/contracts/rental-contracts';
import { setLanguage } from '../../../lib/i18n';
import { session, type SessionUser } from '../../../lib/session';
import { fakeServer, ok } from '../../../test/fake-server';
import { ADMIN, signedIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import SettlementTab from '../panels/settlement-tab';
import '../i18n';

const SLOW = { timeout: 20_000 };
const C = '/api/ccwadmin/rentContract';
const contract = { id: 9, number: 'HT202600009', state: 'terminated' } as Contract;

function signInAs(elements: string[]) {
  signedIn();
  const user = {
    id: 1,
    name: '管理员',
    username: 'admin',
    roles: ['admin'],
    menus: ADMIN.menus,
    elements: Object.fromEntries(elements.map((e) => [e, true as const])),
    tenantId: 3,
    rents: [],
  } as unknown as SessionUser;
  session.set({ user, tenantElements: null });
}

const approved: Settlement = {
  id: 4,
  contractId: 9,
  state: 'approved',
  depositReceived: 5000,
  deductions: [{ kind: 'repair', amount: 800, note: null }],
  deductionsTotal: 800,
  owedBack: 0,
  owedBackNote: null,
  voidRemaining: false,
  result: -4200,
  outcome: 'refund',
  remark: null,
  approvalId: 12,
  lineId: 77,
  unpaidLines: 0,
  damageDeduction: 800,
  returned: true,
  editable: false,
  lockedAt: '2026-11-20T02:00:00.000Z',
};
const refundLine = (patch: Partial<PaymentLine> = {}) =>
  ({
    id: 77,
    contractId: 9,
    type: 'depositRefund',
    amount: -4200,
    paid: 0,
    outstanding: 0,
    state: 'unpaid',
    paidDate: null,
    version: 2,
    ...patch,
  }) as PaymentLine;

describe("the approved settlement's refund", () => {
  it('is paid out of the chosen account, then shows when (zh)', async () => {
    await setLanguage('zh-CN');
    signInAs(['rentContract:view', 'rentContract:collect', 'rentContract:refund']);
    let line = refundLine();
    const server = fakeServer({
      [`GET ${C}/settlement/9`]: () => ok(approved),
      [`GET ${C}/lines/9`]: () => ok([line]),
      [`GET ${C}/accounts`]: () => ok([{ id: 3, name: '对公账户', kind: 'bank', balance: 10000 }]),
      [`POST ${C}/settlement/pay/9`]: () => {
        line = refundLine({ state: 'paid', paid: -4200, paidDate: '2026-11-26', version: 3 });
        return ok(line);
      },
    });
    renderWithProviders(<SettlementTab contract={contract} />);
    const box = await screen.findByTestId('settlement-payment', {}, SLOW);
    expect(within(box).getByText('待退押金：¥4,200.00')).toBeInTheDocument();
    const user = userEvent.setup();
    const pay = within(box).getByRole('button', { name: '支付退款' });
    expect(pay).toBeDisabled();
    await user.click(within(box).getByRole('combobox', { name: '账户' }));
    await user.click(await screen.findByText('对公账户', { selector: '.ant-select-item-option-content' }, SLOW));
    await user.click(pay);
    await waitFor(() => expect(server.calls('POST', `${C}/settlement/pay/9`)).toHaveLength(1));
    expect(server.calls('POST', `${C}/settlement/pay/9`)[0]!.body).toEqual({ accountId: 3, version: 2 });
    expect(await screen.findByText(/已于 2026-11-26 支付/, {}, SLOW)).toBeInTheDocument();
  }, 60_000);

  it('offers no payment without the refund element (en)', async () => {
    await setLanguage('en-US');
    signInAs(['rentContract:view', 'rentContract:collect']);
    fakeServer({
      [`GET ${C}/settlement/9`]: () => ok(approved),
      [`GET ${C}/lines/9`]: () => ok([refundLine()]),
      [`GET ${C}/accounts`]: () => ok([]),
    });
    renderWithProviders(<SettlementTab contract={contract} />);
    const box = await screen.findByTestId('settlement-payment', {}, SLOW);
    expect(within(box).getByText('Deposit refund to pay: ¥4,200.00')).toBeInTheDocument();
    expect(within(box).queryByRole('button')).toBeNull();
  }, 60_000);
});
