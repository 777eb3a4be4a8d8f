import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from 'antd/es/app';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EsignPanel } from '@fleetdesk/contracts/notarization';
import type { Contract } from '@fleetdesk/contracts/rental-contracts';
import { setLanguage } from '../../../lib/i18n';
import { session, type SessionUser } from '../../../lib/session';
import { fakeServer, ok } from '../../../test/fake-server';
import { ADMIN, signedIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ESIGN_POLL_MS, esignPanelQuery } from '../api/esign';
import EsignTab from '../pages/esign-tab';
import { E, flow, hash, panel, signer, SLOW } from './fixtures';

const ACCOUNTS = [
  { id: 2, name: 'Cash', kind: 'cash', balance: 0 },
  { id: 3, name: 'ICBC', kind: 'bank', balance: 0 },
];
const pending = { id: 9, number: 'HT202600009', state: 'pending' } as Contract;
const signed = { id: 9, number: 'HT202600009', state: 'signed' } as Contract;

function signInAs(elements: string[]) {
  signedIn();
  const user = {
    id: 1,
    name: 'Zhang Wei',
    username: 'admin',
    roles: ['admin'],
    menus: ADMIN.menus,
    elements: Object.fromEntries(elements.map((e) => [e, true as const])),
    tenantId: 3,
  } as unknown as SessionUser;
  session.set({ user, tenantElements: null });
}

const renderTab = (contract: Contract) =>
  renderWithProviders(
    <App>
      <EsignTab contract={contract} />
    </App>,
  );

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('the contract page’s e-signature tab', () => {
  it('sends a pending contract: the account is required, the fee line shows, the input is sent', async () => {
    signInAs(['rentContract:view', 'rentContract:sign']);
    let answer: EsignPanel = panel({ canSend: true });
    const server = fakeServer({
      [`GET ${E}/:id`]: () => ok(answer),
      'GET /api/ccwadmin/rentContract/accounts': () => ok(ACCOUNTS),
      [`POST ${E}/send/:id`]: () => {
        answer = panel({ current: flow() });
        return ok(answer.current);
      },
    });
    renderTab(pending);
    expect(await screen.findByTestId('esign-provider', {}, SLOW)).toHaveTextContent('sandboxSandbox');
    expect(screen.getByText('¥5.00')).toBeInTheDocument();
    expect(screen.getByText('¥320.00')).toBeInTheDocument();
    expect(screen.getByText('This contract has not been sent for e-signature')).toBeInTheDocument();
    // A pending contract is not notarized yet (and the user may not apply).
    expect(screen.queryByRole('link', { name: /Apply for notarization/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send for e-signature' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByTestId('esign-send-fee')).toHaveTextContent(
      'Fee: ¥5.00, charged to the balance (¥320.00) now.',
    );
    expect(within(dialog).getByLabelText('Days to sign')).toHaveValue('7');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Required', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('POST', `${E}/send/9`)).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Receipt account'));
    await user.click(await screen.findByText('ICBC', { selector: '.ant-select-item-option-content' }, SLOW));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.calls('POST', `${E}/send/9`)).toHaveLength(1));
    expect(server.calls('POST', `${E}/send/9`)[0]!.body).toEqual({ accountId: 3, expireDays: 7 });
    // The panel is asked again: the flow now signing.
    expect(await screen.findByTestId('esign-current', {}, SLOW)).toBeInTheDocument();
  }, 60_000);

  it('shows why it cannot be sent, and offers no send without the sign element', async () => {
    signInAs(['rentContract:view']);
    fakeServer({
      [`GET ${E}/:id`]: () => ok(panel({ canSend: false, refusal: 'Only a pending contract can be sent for signing' })),
    });
    renderTab(pending);
    expect(await screen.findByTestId('esign-refusal', {}, SLOW)).toHaveTextContent(
      'Only a pending contract can be sent for signing',
    );
    expect(screen.queryByRole('button', { name: 'Send for e-signature' })).toBeNull();
  }, 60_000);

  it('shows the flow signing: the signers’ states, the driver’s link, remind and cancel', async () => {
    signInAs(['rentContract:view', 'rentContract:sign']);
    const server = fakeServer({
      [`GET ${E}/:id`]: () => ok(panel({ current: flow(), refusal: 'A flow is signing' })),
      [`POST ${E}/remind/:id`]: () => ok(flow({ remindedAt: '2026-12-02T02:00:00.000Z' })),
      [`POST ${E}/cancel/:id`]: () => ok(flow({ state: 'cancelled' })),
    });
    renderTab(pending);
    const card = await screen.findByTestId('esign-current', {}, SLOW);
    expect(within(card).getByText('QS202612010001')).toBeInTheDocument();
    expect(within(card).getByText('ESBX1733000000000abcd')).toBeInTheDocument();
    expect(within(card).getAllByText('Signing').length).toBeGreaterThan(0);
    const driverRow = within(card).getByText('Lessee (driver)').closest('tr')!;
    expect(within(driverRow).getByText('To sign')).toBeInTheDocument();
    expect(within(driverRow).getByText('138****0001')).toBeInTheDocument();
    const companyRow = within(card).getByText('Lessor (company seal)').closest('tr')!;
    expect(within(companyRow).getByText('Waiting for the one before')).toBeInTheDocument();
    // Not the company's turn: no seal.
    expect(within(card).queryByRole('button', { name: 'Company seal' })).toBeNull();
    expect(within(driverRow).getByRole('link', { name: /Open/ })).toHaveAttribute(
      'href',
      'http://localhost/esign/sandbox/tok-driver-0123456789abcdef',
    );
    // (user-event puts its own clipboard in place)
    const user = userEvent.setup();
    await user.click(within(driverRow).getByRole('button', { name: /Copy signing link/ }));
    expect(await screen.findByText('Signing link copied', {}, SLOW)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('http://localhost/esign/sandbox/tok-driver-0123456789abcdef');
    // The event list with its short hash.
    expect(within(card).getByText('Sent for signing')).toBeInTheDocument();
    expect(within(card).getByText('feed1234beef…')).toBeInTheDocument();

    const actions = within(card).getByRole('group', { name: 'Signing actions' });
    await user.click(within(actions).getByRole('button', { name: 'Remind' }));
    await waitFor(() => expect(server.calls('POST', `${E}/remind/31`)).toHaveLength(1));

    await user.click(within(actions).getByRole('button', { name: 'Cancel signing' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel signing' }));
    expect(await within(dialog).findByText('Give the reason', {}, SLOW)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Wrong rent');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel signing' }));
    await waitFor(() => expect(server.calls('POST', `${E}/cancel/31`)).toHaveLength(1));
    expect(server.calls('POST', `${E}/cancel/31`)[0]!.body).toEqual({ reason: 'Wrong rent' });
  }, 60_000);

  it('opens the company’s seal page in a new window once the driver has signed', async () => {
    signInAs(['rentContract:view', 'rentContract:sign']);
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: {} } as Window);
    const current = flow({
      signers: [
        signer({ state: 'signed', signedAt: '2026-12-01T03:00:00.000Z', url: null }),
        signer({
          id: 2,
          role: 'company',
          order: 2,
          name: 'Demo Rentals Hangzhou',
          phone: null,
          state: 'signing',
          url: null,
        }),
      ],
    });
    const server = fakeServer({
      [`GET ${E}/:id`]: () => ok(panel({ current })),
      [`POST ${E}/seal/:id`]: () => ok({ url: 'http://localhost/esign/sandbox/tok-company-0123456789abcdef' }),
    });
    renderTab(pending);
    const card = await screen.findByTestId('esign-current', {}, SLOW);
    expect(within(card).getByText('Signed')).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Company seal' }));
    await waitFor(() => expect(server.calls('POST', `${E}/seal/31`)).toHaveLength(1));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('http://localhost/esign/sandbox/tok-company-0123456789abcdef', '_blank'),
    );
  }, 60_000);

  it('shows a completed flow: the signed file with its SHA-256 and evidence number, a sign error, earlier flows; offers notarization', async () => {
    signInAs(['rentContract:view', 'rentContract:sign', 'notarization:add']);
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:x');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const sha = hash('9f86d081884c7d65');
    const server = fakeServer({
      [`GET ${E}/:id`]: () =>
        ok(
          panel({
            current: flow({
              state: 'completed',
              completedAt: '2026-12-02T02:00:00.000Z',
              signers: [
                signer({ state: 'signed', signedAt: '2026-12-01T03:00:00.000Z', url: null }),
                signer({
                  id: 2,
                  role: 'company',
                  order: 2,
                  state: 'signed',
                  signedAt: '2026-12-02T02:00:00.000Z',
                  url: null,
                }),
              ],
              signedFile: { documentId: 44, fileName: 'HT202600009-signed.pdf', sha256: sha, evidenceNo: 'EVI17331' },
              signError: 'the car is in the workshop.',
            }),
            history: [flow({ id: 30, flowNo: 'QS202611300001', state: 'cancelled', fee: 5, feeRefunded: true })],
          }),
        ),
      [`GET ${E}/signedFile/:id`]: () => ({ file: '%PDF-1.7', contentType: 'application/pdf' }),
    });
    renderTab(signed);
    const card = await screen.findByTestId('esign-current', {}, SLOW);
    expect(within(card).getByText('Completed', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(card).queryByRole('group', { name: 'Signing actions' })).toBeNull();
    expect(within(card).getByTestId('esign-sign-error')).toHaveTextContent(
      'The contract was not signed automatically: the car is in the workshop. Sign it on the contract page by hand.',
    );
    const file = within(card).getByTestId('esign-signed-file');
    expect(within(file).getByText(sha)).toBeInTheDocument();
    expect(within(file).getByText('EVI17331')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(file).getByRole('button', { name: 'Download the signed PDF' }));
    await waitFor(() => expect(saved).toEqual(['HT202600009-signed.pdf']));
    expect(server.calls('GET', `${E}/signedFile/31`)).toHaveLength(1);

    // Earlier flows are folded.
    expect(screen.queryByText('QS202611300001')).toBeNull();
    await user.click(screen.getByText('Earlier signing flows (1)'));
    const earlier = await screen.findByTestId('esign-flow-30', {}, SLOW);
    expect(within(earlier).getByText('Cancelled')).toBeInTheDocument();
    expect(within(earlier).getByText('Refunded')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: /Apply for notarization/ })).toHaveAttribute(
      'href',
      '/notarization?contractId=9&new=1',
    );
  }, 60_000);

  it('asks the panel again every 5 s while the flow signs, and shows the new states', async () => {
    expect(ESIGN_POLL_MS).toBe(5_000);
    const interval = esignPanelQuery(9).refetchInterval as (q: unknown) => number | false;
    expect(interval({ state: { data: panel({ current: flow() }) } })).toBe(5_000);
    expect(interval({ state: { data: panel({ current: flow({ state: 'completed' }) }) } })).toBe(false);
    expect(interval({ state: { data: panel() } })).toBe(false);

    signInAs(['rentContract:view', 'rentContract:sign']);
    let calls = 0;
    fakeServer({
      [`GET ${E}/:id`]: () => {
        calls += 1;
        return ok(
          panel({
            current:
              calls === 1
                ? flow()
                : flow({ signers: [signer({ state: 'signed', signedAt: '2026-12-01T03:00:00.000Z', url: null })] }),
          }),
        );
      },
    });
    renderTab(pending);
    const card = await screen.findByTestId('esign-current', {}, SLOW);
    expect(within(card).getByText('To sign')).toBeInTheDocument();
    expect(await within(card).findByText('Signed', {}, { timeout: 15_000 })).toBeInTheDocument();
  }, 60_000);
});
