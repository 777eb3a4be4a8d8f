import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { API, FIRST, leadRow, paged, SALES, SLOW } from './fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

const common = {
  [`GET ${API}/crmLead/owners`]: () => ok([{ id: 1, name: 'Zhang Wei', openLeads: 3 }]),
  'GET /api/ccwadmin/filter/list/:id': () => ok([]),
  'GET /api/admin/client/labels': () => ok([]),
};

describe('the leads list', () => {
  it('shows my leads with the view counts and sends the filters chosen', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      ...common,
      [`GET ${API}/crmLead/list`]: (req) =>
        req.query.get('withCounts') === 'true'
          ? paged([leadRow()], { counts: { mine: 4, pool: 10, all: 60 } })
          : paged([leadRow(), leadRow({ id: 42, name: 'Wang Fang', state: 'new', overdue: true })], { counts: null }),
    });
    renderApp('/crm?state=following&followUp=overdue');
    expect(await screen.findByText('Li Ming', {}, FIRST)).toBeInTheDocument();
    expect(screen.getByText('Wang Fang')).toBeInTheDocument();
    expect(await screen.findByText('Mine (4)', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Pool (10)')).toBeInTheDocument();
    expect(screen.getByText('All (60)')).toBeInTheDocument();
    const call = server
      .calls('GET', `${API}/crmLead/list`)
      .filter((c) => c.query.get('withCounts') !== 'true')
      .at(-1)!;
    expect(call.query.get('view')).toBe('mine');
    expect(call.query.get('state')).toBe('following');
    expect(call.query.get('followUp')).toBe('overdue');
    for (const tab of ['Leads', 'Follow-ups', 'Funnel', 'Surveys', 'Settings'])
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /New lead/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Import/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export/ })).toBeInTheDocument();

    // The pool: its view is sent, and the owner column says so.
    await userEvent.setup().click(screen.getByText('Pool (10)'));
    await waitFor(() =>
      expect(
        server
          .calls('GET', `${API}/crmLead/list`)
          .some((c) => c.query.get('view') === 'pool' && c.query.get('withCounts') !== 'true'),
      ).toBe(true),
    );
  }, 180_000);

  it('a sales adviser (scope own) has no "all" view, no import, no assign', async () => {
    signedIn();
    const server = sessionServer(SALES, {
      ...common,
      [`POST ${API}/crmLead/claim`]: () => ok({ ids: [50] }),
      [`GET ${API}/crmLead/list`]: (req) =>
        paged(
          req.query.get('view') === 'pool'
            ? [
                leadRow({
                  id: 50,
                  name: 'Pool Lead',
                  ownerId: null,
                  ownerName: null,
                  phone: '138****5678',
                  phoneMasked: true,
                  daysToPool: null,
                }),
              ]
            : [],
          {
            counts: { mine: 0, pool: 1, all: null },
          },
        ),
    });
    renderApp('/crm');
    expect(
      await screen.findByText('You own no leads: claim some from the pool or add one', {}, FIRST),
    ).toBeInTheDocument();
    expect(await screen.findByText('Pool (1)', {}, SLOW)).toBeInTheDocument();
    expect(document.querySelector('.ant-segmented')!.textContent).toBe('Mine (0)Pool (1)');
    expect(screen.queryByRole('button', { name: /Import/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /New lead/ })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByText('Pool (1)'));
    const row = (await screen.findByText('Pool Lead', {}, SLOW)).closest('tr')!;
    expect(within(row).getByText('138****5678')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('checkbox'));
    expect(screen.queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(server.calls('POST', `${API}/crmLead/claim`)[0]?.body).toEqual({ ids: [50] }));
    expect(await screen.findByText('1 lead claimed', {}, SLOW)).toBeInTheDocument();
  }, 180_000);

  it('offers a retry when the list fails', async () => {
    signedIn();
    let fail = true;
    sessionServer(ADMIN, {
      ...common,
      [`GET ${API}/crmLead/list`]: () =>
        fail ? { status: 500, body: { status: 500, message: 'boom' } } : paged([], { counts: null }),
    });
    renderApp('/crm');
    const retry = await screen.findByRole('button', { name: 'Try again' }, FIRST);
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText(/You own no leads/, {}, SLOW)).toBeInTheDocument();
  }, 180_000);

  it('the follow-ups tab lists my leads due today, then the overdue ones', async () => {
    signedIn();
    const server = sessionServer(SALES, {
      ...common,
      [`GET ${API}/crmLead/list`]: (req) =>
        req.query.get('followUp') === 'overdue'
          ? paged([leadRow({ id: 43, name: 'Late Lead', overdue: true })])
          : paged([leadRow({ id: 44, name: 'Today Lead' })]),
    });
    renderApp('/crm/followUps');
    expect(await screen.findByText('Today Lead', {}, FIRST)).toBeInTheDocument();
    expect(screen.getByText('Overdue (1)')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByText('Overdue (1)'));
    expect(await screen.findByText('Late Lead', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('GET', `${API}/crmLead/list`).every((c) => c.query.get('view') === 'mine')).toBe(true);
  }, 180_000);
});
