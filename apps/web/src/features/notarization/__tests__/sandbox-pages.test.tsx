import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EsignSandboxPage, NotarySandboxCase } from '@fleetdesk/contracts/notarization';
import { setLanguage } from '../../../lib/i18n';
import { fakeServer, ok } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { FIRST, hash, SLOW } from './fixtures';

const TOKEN = 'tok-driver-0123456789abcdef';
const SIGN = `/api/esign/sandbox/${TOKEN}`;

const signing = (patch: Partial<EsignSandboxPage> = {}): EsignSandboxPage => ({
  title: 'Rental contract HT202600009',
  company: 'Demo Rentals Hangzhou',
  role: 'driver',
  name: 'Wang Jianguo',
  idTail: true,
  state: 'signing',
  flowState: 'signing',
  expiresAt: '2026-12-08T02:00:00.000Z',
  signedAt: null,
  seal: null,
  ...patch,
});

const CASE_NO = 'NSBX17330001AB';
const ACT = `/api/notary/sandbox/${CASE_NO}/act`;
const notaryCase = (patch: Partial<NotarySandboxCase> = {}): NotarySandboxCase => ({
  caseNo: CASE_NO,
  company: 'Demo Rentals Hangzhou',
  kind: 'enforcement',
  state: 'submitted',
  notaryOffice: 'Hangzhou Xihu Notary Office',
  applicant: 'Demo Rentals Hangzhou',
  documents: [{ kind: 'contract', fileName: 'contract-HT202600009.pdf', sha256: hash('c0ffee12ab34') }],
  supplementRequest: null,
  supplementNote: null,
  certificateNo: null,
  ...patch,
});

describe('/esign/sandbox/{token}', () => {
  beforeEach(async () => {
    await setLanguage('en-US');
  });

  it('checks the ID tail, shows a wrong one on the field, then signs and shows the result', async () => {
    const server = fakeServer({
      [`GET ${SIGN}`]: () => ok(signing()),
      [`POST ${SIGN}/sign`]: (req) =>
        (req.body as { idTail?: string }).idTail === '12345X'
          ? ok(signing({ state: 'signed', signedAt: '2026-12-01T03:04:05.000Z' }))
          : {
              status: 400,
              body: {
                status: 400,
                message: 'The last six characters of the ID number do not match',
                errors: [{ path: 'idTail', message: 'The last six characters of the ID number do not match' }],
              },
            },
    });
    renderApp(`/esign/sandbox/${TOKEN}`);
    const page = await screen.findByTestId('esign-sandbox', {}, FIRST);
    expect(screen.getByText('E-signature sandbox')).toBeInTheDocument();
    expect(screen.getByTestId('sandbox-notice')).toHaveTextContent('Sandbox: no real signature is made.');
    expect(within(page).getByText('Rental contract HT202600009')).toBeInTheDocument();
    expect(within(page).getByText('Wang Jianguo')).toBeInTheDocument();
    expect(within(page).getByText('Lessee (driver)')).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'View the contract PDF' })).toHaveAttribute('href', `${SIGN}/pdf`);
    // Open: the public client's credential, no user token.
    expect(server.calls('GET', SIGN)[0]!.headers.get('Authorization')).toMatch(/^Basic /);

    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Sign' }));
    expect(
      await within(page).findByText('Enter the last 6 characters of your ID number', {}, SLOW),
    ).toBeInTheDocument();
    const tail = within(page).getByLabelText('Last 6 characters of your ID number');
    await user.type(tail, '12a');
    await user.click(within(page).getByRole('button', { name: 'Sign' }));
    expect(
      await within(page).findByText('Six characters: digits, the last one may be X', {}, SLOW),
    ).toBeInTheDocument();
    expect(server.calls('POST', `${SIGN}/sign`)).toHaveLength(0);

    await user.clear(tail);
    await user.type(tail, '999999');
    await user.click(within(page).getByRole('button', { name: 'Sign' }));
    expect(
      await within(page).findByText('The last six characters of the ID number do not match', {}, SLOW),
    ).toBeInTheDocument();

    await user.clear(tail);
    await user.type(tail, '12345x');
    await user.click(within(page).getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(server.calls('POST', `${SIGN}/sign`)).toHaveLength(2));
    expect(server.calls('POST', `${SIGN}/sign`)[1]!.body).toEqual({ action: 'sign', idTail: '12345X' });
    expect(await screen.findByTestId('esign-sandbox-outcome', {}, SLOW)).toHaveTextContent(
      'Signed at 2026-12-01 11:04:05',
    );
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
  }, 180_000);

  it('refuses with a reason, which is required', async () => {
    const server = fakeServer({
      [`GET ${SIGN}`]: () => ok(signing()),
      [`POST ${SIGN}/sign`]: () => ok(signing({ state: 'refused', flowState: 'refused' })),
    });
    renderApp(`/esign/sandbox/${TOKEN}`);
    const page = await screen.findByTestId('esign-sandbox', {}, FIRST);
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Refuse' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await within(dialog).findByText('Give the reason', {}, SLOW)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'The rent is wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(server.calls('POST', `${SIGN}/sign`)).toHaveLength(1));
    expect(server.calls('POST', `${SIGN}/sign`)[0]!.body).toEqual({ action: 'refuse', reason: 'The rent is wrong' });
    expect(await screen.findByTestId('esign-sandbox-outcome', {}, SLOW)).toHaveTextContent('Refused');
  }, 180_000);

  it('shows the company its seal and "confirm the seal", without the ID check', async () => {
    const server = fakeServer({
      [`GET ${SIGN}`]: () =>
        ok(
          signing({
            role: 'company',
            name: 'Demo Rentals Hangzhou',
            idTail: false,
            seal: 'Demo Rentals contract seal',
          }),
        ),
      [`POST ${SIGN}/sign`]: () =>
        ok(signing({ role: 'company', state: 'signed', flowState: 'completed', signedAt: '2026-12-02T02:00:00.000Z' })),
    });
    renderApp(`/esign/sandbox/${TOKEN}`);
    const page = await screen.findByTestId('esign-sandbox', {}, FIRST);
    expect(within(page).getByTestId('esign-seal')).toHaveTextContent('Demo Rentals contract seal');
    expect(within(page).queryByLabelText('Last 6 characters of your ID number')).toBeNull();
    await userEvent.setup().click(within(page).getByRole('button', { name: 'Confirm the seal' }));
    await waitFor(() => expect(server.calls('POST', `${SIGN}/sign`)).toHaveLength(1));
    expect(server.calls('POST', `${SIGN}/sign`)[0]!.body).toEqual({ action: 'sign' });
    expect(await screen.findByTestId('esign-sandbox-outcome', {}, SLOW)).toHaveTextContent('Signed at');
  }, 180_000);

  it('shows the state instead of the buttons when it is not the signer’s turn, and a link that cannot be used', async () => {
    fakeServer({ [`GET ${SIGN}`]: () => ok(signing({ state: 'waiting', role: 'company', idTail: false })) });
    const first = renderApp(`/esign/sandbox/${TOKEN}`);
    expect(await screen.findByTestId('esign-sandbox-outcome', {}, FIRST)).toHaveTextContent(
      'Waiting for the signer before you',
    );
    expect(screen.queryByRole('button', { name: /Sign|Confirm the seal/ })).toBeNull();
    first.unmount();

    fakeServer({ [`GET ${SIGN}`]: () => ok(signing({ flowState: 'expired' })) });
    const second = renderApp(`/esign/sandbox/${TOKEN}`);
    expect(await screen.findByTestId('esign-sandbox-outcome', {}, SLOW)).toHaveTextContent(
      'This signing flow is Expired',
    );
    second.unmount();

    fakeServer({ [`GET ${SIGN}`]: () => ({ status: 404, body: { status: 404, message: 'Not found' } }) });
    renderApp(`/esign/sandbox/${TOKEN}`);
    expect(await screen.findByTestId('esign-sandbox-invalid', {}, SLOW)).toHaveTextContent(
      'This signing link cannot be used',
    );
    expect(screen.getByTestId('sandbox-notice')).toBeInTheDocument();
  }, 180_000);

  it('speaks Chinese unless English was chosen, and switches language', async () => {
    await setLanguage('zh-CN');
    fakeServer({ [`GET ${SIGN}`]: () => ok(signing()) });
    renderApp(`/esign/sandbox/${TOKEN}`);
    const page = await screen.findByTestId('esign-sandbox', {}, FIRST);
    expect(screen.getByText('电子签约沙箱')).toBeInTheDocument();
    expect(within(page).getByRole('button', { name: '签署' })).toBeInTheDocument();
    expect(within(page).getByRole('button', { name: '拒签' })).toBeInTheDocument();
    expect(within(page).getByLabelText('身份证号后六位')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'English' }));
    expect(await within(page).findByRole('button', { name: 'Sign' }, SLOW)).toBeInTheDocument();
    expect(localStorage.getItem('fleetdesk.lang')).toBe('en-US');
  }, 180_000);
});

describe('/notary/sandbox/{caseNo}?token=', () => {
  beforeEach(async () => {
    await setLanguage('en-US');
  });

  it('accepts a submitted case, then asks for a supplement with the note required', async () => {
    let current = notaryCase();
    const server = fakeServer({
      [`GET /api/notary/sandbox/${CASE_NO}`]: () => ok(current),
      [`POST ${ACT}`]: (req) => {
        const { action, note } = req.body as { action: string; note?: string };
        current =
          action === 'accept'
            ? notaryCase({ state: 'reviewing' })
            : notaryCase({ state: 'supplement', supplementRequest: note ?? null });
        return ok(current);
      },
    });
    renderApp(`/notary/sandbox/${CASE_NO}?token=nt-1`);
    const page = await screen.findByTestId('notary-sandbox', {}, FIRST);
    expect(screen.getByText('Notary sandbox')).toBeInTheDocument();
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent(`Case ${CASE_NO}`);
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('Submitted');
    expect(within(page).getByText('Enforceable debt instrument')).toBeInTheDocument();
    expect(within(page).getByText('Signed contract · contract-HT202600009.pdf')).toBeInTheDocument();
    expect(within(page).getByText('c0ffee12ab34…')).toBeInTheDocument();
    const get = server.calls('GET', `/api/notary/sandbox/${CASE_NO}`)[0]!;
    expect(get.query.get('token')).toBe('nt-1');
    expect(get.headers.get('Authorization')).toMatch(/^Basic /);

    const user = userEvent.setup();
    const actions = within(page).getByRole('group', { name: 'Notary actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept', 'Reject']);
    await user.click(within(actions).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(server.calls('POST', ACT)).toHaveLength(1));
    expect(server.calls('POST', ACT)[0]!.body).toEqual({ token: 'nt-1', action: 'accept' });
    await waitFor(() =>
      expect(
        within(within(page).getByRole('group', { name: 'Notary actions' }))
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Ask for a supplement', 'Issue the certificate', 'Reject']),
    );
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('Under review');

    await user.click(within(page).getByRole('button', { name: 'Ask for a supplement' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Ask for a supplement' }));
    expect(await within(dialog).findByText('Required', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('POST', ACT)).toHaveLength(1);
    await user.type(within(dialog).getByLabelText('What is missing'), 'The vehicle licence');
    await user.click(within(dialog).getByRole('button', { name: 'Ask for a supplement' }));
    await waitFor(() => expect(server.calls('POST', ACT)).toHaveLength(2));
    expect(server.calls('POST', ACT)[1]!.body).toEqual({
      token: 'nt-1',
      action: 'askSupplement',
      note: 'The vehicle licence',
    });
    expect(await within(page).findByText('The vehicle licence', {}, SLOW)).toBeInTheDocument();
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('Supplement asked');
  }, 180_000);

  it('notarizes a case under review, shows a refusal, and refuses a link without its token', async () => {
    let current = notaryCase({ state: 'reviewing', supplementNote: 'Licence added' });
    const server = fakeServer({
      [`GET /api/notary/sandbox/${CASE_NO}`]: (req) =>
        req.query.get('token') === 'nt-1' ? ok(current) : { status: 404, body: { status: 404, message: 'Not found' } },
      [`POST ${ACT}`]: () => {
        current = notaryCase({ state: 'notarized', certificateNo: '(2026) Sandbox No. 000123' });
        return ok(current);
      },
    });
    const first = renderApp(`/notary/sandbox/${CASE_NO}?token=nt-1`);
    const page = await screen.findByTestId('notary-sandbox', {}, FIRST);
    expect(within(page).getByText('Licence added')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Issue the certificate' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Issue the certificate' }));
    await waitFor(() => expect(server.calls('POST', ACT)).toHaveLength(1));
    expect(server.calls('POST', ACT)[0]!.body).toEqual({ token: 'nt-1', action: 'notarize' });
    expect(await within(page).findByText('(2026) Sandbox No. 000123', {}, SLOW)).toBeInTheDocument();
    expect(within(page).getByTestId('notary-sandbox-done')).toHaveTextContent('Nothing to decide in this state.');
    first.unmount();

    renderApp(`/notary/sandbox/${CASE_NO}?token=wrong`);
    expect(await screen.findByTestId('notary-sandbox-invalid', {}, SLOW)).toHaveTextContent(
      'This case cannot be opened',
    );
  }, 180_000);

  it('keeps the server’s refusal on the page', async () => {
    fakeServer({
      [`GET /api/notary/sandbox/${CASE_NO}`]: () => ok(notaryCase()),
      [`POST ${ACT}`]: () => ({ status: 409, body: { status: 409, message: 'The case is not in a state for this' } }),
    });
    renderApp(`/notary/sandbox/${CASE_NO}?token=nt-1`);
    const page = await screen.findByTestId('notary-sandbox', {}, FIRST);
    await userEvent.setup().click(within(page).getByRole('button', { name: 'Accept' }));
    expect(await within(page).findByTestId('notary-sandbox-failure', {}, SLOW)).toHaveTextContent(
      'The case is not in a state for this',
    );
  }, 180_000);
});
