import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { searchFor } from '../../../test/filter-form';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { FIRST, N, NZ_VIEWER, OPTIONS, paged, row, SLOW } from './fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('the notarization applications list', () => {
  it('shows the rows with their links, state, fee and certificate; sends the filters of the address and the form', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      [`GET ${N}/list`]: () =>
        paged([
          row(),
          row({
            id: 6,
            number: 'GZ202612060002',
            state: 'notarized',
            kind: 'contract',
            fee: 50,
            certificateNo: '(2026) Zhe Hang Zheng No. 001',
            submittedAt: '2026-12-06T03:00:00.000Z',
          }),
          row({ id: 7, number: 'GZ202612060003', state: 'rejected', fee: 50, feeRefunded: true }),
        ]),
      [`GET ${N}/options`]: () => ok(OPTIONS),
    });
    renderApp('/notarization?contractId=9&state=draft');
    expect(await screen.findByText('GZ202612060001', {}, FIRST)).toBeInTheDocument();
    const first = screen.getByText('GZ202612060001').closest('tr')!;
    expect(within(first).getByRole('link', { name: 'GZ202612060001' })).toHaveAttribute('href', '/notarization/5');
    expect(within(first).getByRole('link', { name: 'HT202600009' })).toHaveAttribute('href', '/rentContract/detail/9');
    expect(within(first).getByRole('link', { name: 'Wang Jianguo' })).toHaveAttribute('href', '/rentDriver/4');
    expect(within(first).getByText('浙A·D12345')).toBeInTheDocument();
    expect(within(first).getByText('Draft')).toBeInTheDocument();
    expect(within(first).getByText('Enforceable debt instrument')).toBeInTheDocument();
    const second = screen.getByText('GZ202612060002').closest('tr')!;
    expect(within(second).getByText('Notarized')).toBeInTheDocument();
    expect(within(second).getByText('(2026) Zhe Hang Zheng No. 001')).toBeInTheDocument();
    expect(within(second).getByText('¥50.00')).toBeInTheDocument();
    const third = screen.getByText('GZ202612060003').closest('tr')!;
    expect(within(third).getByText('Refunded')).toBeInTheDocument();

    // The contract page's filter arrives by the address, shown as a removable tag.
    const opening = server.calls('GET', `${N}/list`).at(-1)!;
    expect(opening.query.get('contractId')).toBe('9');
    expect(opening.query.get('state')).toBe('draft');
    expect(screen.getByText('Contract: 9')).toBeInTheDocument();

    const user = userEvent.setup();
    const form = screen.getByTestId('list-notarization');
    await searchFor(user, form, 'Keyword', 'Wang');
    await waitFor(() => expect(server.calls('GET', `${N}/list`).at(-1)!.query.get('keyword')).toBe('Wang'));
    const last = server.calls('GET', `${N}/list`).at(-1)!;
    expect(last.query.get('contractId')).toBe('9');
    expect(last.query.get('pageNum')).toBe('1');
    expect(screen.getByTestId('location').textContent).toContain('keyword=Wang');

    // A click on a row opens the application.
    fireEvent.click(within(second).getByText('Notarized'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/notarization/6'));
  }, 180_000);

  it('says so when there is none, and a reader gets no "new" button', async () => {
    signedIn();
    sessionServer(NZ_VIEWER, {
      [`GET ${N}/list`]: () => paged([]),
      [`GET ${N}/options`]: () => ok(OPTIONS),
    });
    renderApp('/notarization?new=1');
    expect(await screen.findByText('No notarization application yet', {}, FIRST)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New notarization application/ })).toBeNull();
    // `new=1` opens nothing for a user who may not add.
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 180_000);

  it('offers a retry when the list fails', async () => {
    signedIn();
    let fail = true;
    sessionServer(ADMIN, {
      [`GET ${N}/list`]: () => (fail ? { status: 500, body: { status: 500, message: 'boom' } } : paged([row()])),
      [`GET ${N}/options`]: () => ok(OPTIONS),
    });
    renderApp('/notarization');
    const retry = await screen.findByRole('button', { name: 'Try again' }, FIRST);
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('GZ202612060001', {}, SLOW)).toBeInTheDocument();
  }, 180_000);
});
