import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { stopTaskNotices } from '../../../lib/task-notices';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn, type Account } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { addDays, today } from '../model/flow-sync';
import { FIRST, flowSync, PERF, platformRoutes, SETUP, SLOW, VIEWER } from './fixtures';

const dialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' }, SLOW)).closest<HTMLElement>('.ant-modal')!;
const open = async (name: RegExp, title: string) => {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }, FIRST));
  return { user, box: await dialog(title) };
};
const setDay = (box: HTMLElement, label: string, day: string) => {
  const input = within(box).getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: day } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
};
const PAGE = '/teams?team=1&tab=performance&month=2026-11';
/** May sync flows, may not change the accounts. */
const IMPORTER: Account = { menus: ['teams'], elements: ['teams:view', 'teams:import'] };
/** May change the accounts, may not sync. */
const EDITOR: Account = { menus: ['teams'], elements: ['teams:view', 'teams:edit'] };

beforeEach(async () => {
  await setLanguage('en-US');
  stopTaskNotices();
  signedIn();
});

describe('platform API and sync', () => {
  it('lists the accounts with their last sync and the history, and saves the list with the server’s errors shown', async () => {
    let puts = 0;
    const server = sessionServer(
      ADMIN,
      platformRoutes(
        { total: 23 },
        {
          [`PUT ${PERF.platforms}`]: (req) =>
            ++puts === 1
              ? {
                  status: 400,
                  body: {
                    status: 400,
                    message: 'Invalid request',
                    errors: [
                      { path: '', message: 'One account per platform' },
                      { path: '1.partnerId', message: 'Unknown at the platform' },
                    ],
                  },
                }
              : ok({ ...SETUP, accounts: (req.body as typeof SETUP.accounts).map((a) => ({ ...a, lastSync: null })) }),
        },
      ),
    );
    renderApp(PAGE);
    const { user, box } = await open(/Platform API/, 'Platform API');
    expect(
      await within(box).findByText(
        'Adapter on the server: sandbox: demo flows generated from the drivers’ phone numbers',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
    const rows = within(box).getAllByTestId('platform-account');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('DiDi')).toBeInTheDocument();
    expect(within(rows[0]!).getByLabelText('Partner ID at DiDi')).toHaveValue('HZ-fleet.01');
    expect(within(rows[0]!).getByRole('switch', { name: 'Sync DiDi daily' })).toBeChecked();
    // DiDi's last sync: one day by the daily job; Amap's: failed, with the error and who.
    expect(rows[0]).toHaveTextContent('2026-11-20');
    expect(rows[0]).toHaveTextContent('fetched 14, written 12, unknown 2');
    expect(rows[0]).toHaveTextContent('daily job');
    expect(within(rows[1]!).getByRole('switch', { name: 'Sync Amap ride-hailing daily' })).not.toBeChecked();
    expect(rows[1]).toHaveTextContent('2026-11-01 to 2026-11-15');
    expect(within(rows[1]!).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Amap refused the partner id')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Zhang Wei');

    // The history: ten a page, newest first as the server gives them.
    const history = within(box).getByTestId('sync-history');
    expect(server.calls('GET', PERF.syncs).at(-1)!.query.toString()).toBe('pageNum=1&pageSize=10');
    expect(within(history).getAllByText('daily job').length).toBeGreaterThan(0);
    await user.click(within(history).getByTitle('2'));
    await waitFor(() => expect(server.calls('GET', PERF.syncs).at(-1)!.query.toString()).toBe('pageNum=2&pageSize=10'));

    // Amap goes, a T3 account comes (only the platforms not in use are offered), DiDi stops syncing daily.
    await user.click(within(rows[1]!).getByRole('button', { name: 'Remove Amap ride-hailing' }));
    await user.click(within(box).getByRole('button', { name: /Add an account/ }));
    await user.click(within(box).getByLabelText('Platform'));
    const options = await screen.findAllByText(/./, { selector: '.ant-select-item-option-content' });
    expect(options.map((o) => o.textContent)).not.toContain('DiDi');
    await user.click(await screen.findByText('T3', { selector: '.ant-select-item-option-content' }));
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    expect(await within(box).findByText('Required')).toBeInTheDocument();
    expect(server.calls('PUT', PERF.platforms)).toHaveLength(0);
    await user.type(within(box).getByLabelText('Partner ID at T3'), 'bad/id');
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    expect(await within(box).findByText('Letters, digits, _ . and - only')).toBeInTheDocument();
    await user.clear(within(box).getByLabelText('Partner ID at T3'));
    await user.type(within(box).getByLabelText('Partner ID at T3'), 't3-778');
    await user.click(within(box).getByRole('switch', { name: 'Sync DiDi daily' }));
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', PERF.platforms)).toHaveLength(1));
    expect(server.calls('PUT', PERF.platforms)[0]!.body).toEqual([
      { platform: 'didi', partnerId: 'HZ-fleet.01', enabled: false },
      { platform: 't3', partnerId: 't3-778', enabled: true },
    ]);
    // The rule of the whole list above the rows, a row's error under its field; the dialog stays open.
    expect(await within(box).findByText('One account per platform', {}, SLOW)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(box).getByLabelText('Partner ID at T3').closest('.ant-form-item')!).toHaveTextContent(
        'Unknown at the platform',
      ),
    );

    await user.click(within(box).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', PERF.platforms)).toHaveLength(2));
    expect(await screen.findByText('Platform accounts saved', {}, SLOW)).toBeInTheDocument();
  }, 60_000);

  it('syncs yesterday by default, keeps to 31 days, shows the result and reloads the figures', async () => {
    const server = sessionServer(
      ADMIN,
      platformRoutes(
        {},
        {
          [`POST ${PERF.sync}`]: (req) => {
            const body = req.body as { platform: 'didi'; from: string; to: string };
            const data = flowSync({ id: 10, ...body, fetched: 31, written: 29, byName: 'Zhang Wei' });
            // (a while, for the spinner)
            return { status: 200, body: { status: 200, message: 'ok', data }, delayMs: 400 };
          },
        },
      ),
    );
    renderApp(PAGE);
    const { user, box } = await open(/Sync from platform/, 'Sync from platform');
    const yesterday = addDays(today(), -1);
    // Only the enabled accounts; DiDi, the one, chosen.
    await waitFor(() => expect(within(box).getByLabelText('From')).toHaveValue(yesterday), SLOW);
    expect(within(box).getByLabelText('To')).toHaveValue(yesterday);
    expect(within(box).getByText('1 day (at most 31)')).toBeInTheDocument();
    expect(
      within(box)
        .getByRole('combobox', { name: 'Platform' })
        .closest('.ant-select')!
        .querySelector('.ant-select-content'),
    ).toHaveTextContent('DiDi');
    await user.click(within(box).getByLabelText('Platform'));
    const options = await screen.findAllByText(/./, { selector: '.ant-select-item-option-content' });
    expect(options.map((o) => o.textContent)).toEqual(['DiDi']);
    await user.click(options[0]!);

    // Forty days: refused before anything is sent.
    setDay(box, 'From', addDays(yesterday, -39));
    await waitFor(() => expect(within(box).getByLabelText('From')).toHaveValue(addDays(yesterday, -39)));
    await user.click(within(box).getByRole('button', { name: 'Start sync' }));
    expect(await within(box).findByText('The days run from the first to the last, 31 at most')).toBeInTheDocument();
    expect(server.calls('POST', PERF.sync)).toHaveLength(0);

    // Thirty-one days go.
    setDay(box, 'From', addDays(yesterday, -30));
    await waitFor(() => expect(within(box).getByText('31 days (at most 31)')).toBeInTheDocument());
    const months = server.calls('GET', PERF.teams).length;
    const ranking = server.calls('GET', PERF.drivers).length;
    await user.click(within(box).getByRole('button', { name: 'Start sync' }));
    // A spinner while the platform answers.
    expect(await within(box).findByText('Syncing from DiDi…')).toBeInTheDocument();
    const result = await within(box).findByTestId('sync-result', {}, SLOW);
    expect(server.calls('POST', PERF.sync)[0]!.body).toEqual({
      platform: 'didi',
      from: addDays(yesterday, -30),
      to: yesterday,
    });
    expect(within(result).getByText('DiDi synced')).toBeInTheDocument();
    expect(within(result).getByText(`${addDays(yesterday, -30)} to ${yesterday}`)).toBeInTheDocument();
    expect(within(result).getByText('Days the platform answered').closest('tr')!).toHaveTextContent('31 days');
    expect(within(result).getByText('Days written').closest('tr')!).toHaveTextContent('29 days');
    expect(within(result).getByText('Days of unknown drivers').closest('tr')!).toHaveTextContent('2 days');
    expect(within(result).getByText('138****0001')).toBeInTheDocument();
    expect(within(result).getByText('139****0002')).toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET', PERF.teams).length).toBeGreaterThan(months));
    await waitFor(() => expect(server.calls('GET', PERF.drivers).length).toBeGreaterThan(ranking));

    // Again: the form as it was.
    await user.click(within(box).getByRole('button', { name: 'Sync again' }));
    expect(await within(box).findByRole('button', { name: 'Start sync' })).toBeInTheDocument();
  }, 60_000);

  it('shows the server’s words when a sync fails', async () => {
    sessionServer(
      ADMIN,
      platformRoutes(
        {},
        {
          [`POST ${PERF.sync}`]: () => ({
            status: 409,
            body: { status: 409, message: 'The platform sync failed: partner HZ-fleet.01 is not authorised' },
          }),
        },
      ),
    );
    renderApp(PAGE);
    const { user, box } = await open(/Sync from platform/, 'Sync from platform');
    await user.click(await within(box).findByRole('button', { name: 'Start sync' }, SLOW));
    expect(
      await within(box).findByText('The platform sync failed: partner HZ-fleet.01 is not authorised', {}, SLOW),
    ).toBeInTheDocument();
    expect(within(box).queryByTestId('sync-result')).toBeNull();
  }, 60_000);

  it('says to set the platform API up first when no account is enabled', async () => {
    const none = { ...SETUP, accounts: SETUP.accounts.map((a) => ({ ...a, enabled: false })) };
    sessionServer(ADMIN, platformRoutes({ setup: none }));
    renderApp(PAGE);
    const { user, box } = await open(/Sync from platform/, 'Sync from platform');
    expect(await within(box).findByText('No enabled platform account', {}, SLOW)).toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: 'Start sync' })).toBeNull();
    await user.click(within(box).getByRole('button', { name: 'Set up the platform API' }));
    expect(await dialog('Platform API')).toBeInTheDocument();
  }, 60_000);

  it.each([
    ['a viewer', VIEWER, false, false],
    ['an importer', IMPORTER, true, true],
    ['an editor', EDITOR, false, true],
  ] as const)(
    'shows the buttons by element: %s',
    async (_, account, sync, setup) => {
      sessionServer(account, platformRoutes());
      renderApp(PAGE);
      await screen.findByRole('button', { name: /Ranking weights/ }, FIRST);
      expect(!!screen.queryByRole('button', { name: /Sync from platform/ })).toBe(sync);
      expect(!!screen.queryByRole('button', { name: /Platform API/ })).toBe(setup);
    },
    60_000,
  );

  it('shows the accounts read only to a user who may sync but not edit', async () => {
    sessionServer(IMPORTER, platformRoutes());
    renderApp(PAGE);
    const { box } = await open(/Platform API/, 'Platform API');
    await waitFor(() => expect(within(box).getByLabelText('Partner ID at DiDi')).toBeDisabled(), SLOW);
    expect(within(box).getByText('Only a user who may edit fleets can change the accounts.')).toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(box).queryByRole('button', { name: /Add an account/ })).toBeNull();
    expect(within(box).queryByRole('button', { name: 'Remove DiDi' })).toBeNull();
  }, 60_000);

  it('tells a user who may not edit to ask for the platform API', async () => {
    sessionServer(IMPORTER, platformRoutes({ setup: { ...SETUP, accounts: [] } }));
    renderApp(PAGE);
    const { box } = await open(/Sync from platform/, 'Sync from platform');
    expect(await within(box).findByText('No enabled platform account', {}, SLOW)).toBeInTheDocument();
    expect(within(box).getByText(/ask a colleague who may edit fleets/)).toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: 'Set up the platform API' })).toBeNull();
  }, 60_000);

  it('speaks Chinese', async () => {
    await setLanguage('zh-CN');
    sessionServer(ADMIN, platformRoutes());
    renderApp(PAGE);
    expect(await screen.findByRole('button', { name: /从平台同步/ }, FIRST)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /平台接口/ }));
    const box = await dialog('平台接口');
    expect(
      await within(box).findByText('服务器使用的接口：沙箱：按司机手机号生成演示流水', {}, SLOW),
    ).toBeInTheDocument();
    expect(within(box).getAllByText('每日任务').length).toBeGreaterThan(0);
    expect(within(box).getByText('同步记录')).toBeInTheDocument();
  }, 60_000);
});
