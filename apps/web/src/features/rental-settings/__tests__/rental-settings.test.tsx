import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { TenantRules } from '@fleetdesk/contracts/organisation';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn, type Account } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { SHORT_TERM_FIELDS, TIME_SHARE_FIELDS } from '../components/rules-card';
import { weekdayOf } from '../components/holidays-card';

const API = '/api/ccwadmin';
const RULES = `${API}/setting/rules`;
const FIRST = { timeout: 90_000 };
const SLOW = { timeout: 20_000 };
const DEFAULTS = TenantRules.parse({});
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Rental management only: reads the lists, no rules (no company settings), nothing changed. */
const READER: Account = { menus: ['sevenSetting'], elements: ['sevenSetting:view'] };

beforeEach(async () => {
  await setLanguage('en-US');
});

const lists = {
  [`GET ${API}/shortSetting/protection/list`]: () =>
    ok({
      rows: [
        {
          id: 2,
          name: 'Full cover',
          dayPrice: 80,
          deductible: 0,
          tyresGlass: true,
          enabled: true,
          sort: 2,
          version: 1,
        },
        { id: 1, name: 'Basic', dayPrice: 30, deductible: 1500, tyresGlass: false, enabled: true, sort: 1, version: 1 },
      ],
    }),
  [`GET ${API}/shortSetting/extra/list`]: () =>
    ok({
      rows: [{ id: 5, name: 'Child seat', kind: 'childSeat', dayPrice: 20, maxPrice: 100, enabled: true, version: 1 }],
    }),
  // Whatever year is asked (the page opens on this year): its National Day.
  [`GET ${API}/shortSetting/holiday/list`]: (req: { query: URLSearchParams }) =>
    ok({ rows: [{ id: 31, day: `${req.query.get('from')!.slice(0, 4)}-10-01`, name: 'National Day' }] }),
};

describe('the rental settings', () => {
  it('knows every rule of both sections', () => {
    expect(SHORT_TERM_FIELDS.map((f) => f.key).sort()).toEqual(Object.keys(DEFAULTS.shortTerm).sort());
    expect(TIME_SHARE_FIELDS.map((f) => f.key).sort()).toEqual(Object.keys(DEFAULTS.timeShare).sort());
    expect(weekdayOf('2026-10-01')).toBe(4); // a Thursday
  });

  it('shows the rules with their defaults and saves one section, the rest as read', async () => {
    signedIn();
    const stored = { ...DEFAULTS, crm: { ...DEFAULTS.crm, poolDays: 30 } };
    const server = sessionServer(ADMIN, {
      ...lists,
      [`GET ${RULES}`]: () => ok(stored),
      [`PUT ${RULES}`]: (req) => ok(req.body),
    });
    renderApp('/sevenSetting');
    const short = await screen.findByTestId('rules-shortTerm', {}, FIRST);
    const ts = screen.getByTestId('rules-timeShare');
    expect(within(short).getByLabelText('Grace')).toHaveValue('60');
    expect(within(short).getByText(/Default: 60 min/)).toBeInTheDocument();
    expect(within(short).getByLabelText('Fuel per percent')).toHaveValue('5.00');
    expect(within(ts).getByLabelText('Night rate from')).toHaveValue('23:00');
    expect(within(ts).getByText(/Default: ¥50.00/)).toBeInTheDocument();

    const user = userEvent.setup();
    // A time of day that is not HH:MM is refused with the contracts' message, nothing sent.
    await user.clear(within(ts).getByLabelText('Night rate to'));
    await user.type(within(ts).getByLabelText('Night rate to'), '7am');
    await user.clear(within(ts).getByLabelText('Off-zone fee'));
    await user.type(within(ts).getByLabelText('Off-zone fee'), '80');
    await user.click(within(ts).getByRole('button', { name: 'Save' }));
    expect(await within(ts).findByText('Enter a time as HH:MM', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('PUT', RULES)).toHaveLength(0);

    await user.clear(within(ts).getByLabelText('Night rate to'));
    await user.type(within(ts).getByLabelText('Night rate to'), '06:30');
    await user.click(within(ts).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', RULES)).toHaveLength(1));
    const body = server.calls('PUT', RULES)[0]!.body as typeof DEFAULTS;
    expect(body.timeShare).toEqual({ ...DEFAULTS.timeShare, offZoneFee: 80, nightTo: '06:30' });
    expect(body.shortTerm).toEqual(DEFAULTS.shortTerm);
    expect(body.crm.poolDays).toBe(30);
    expect(await screen.findByText('The rules are saved', {}, SLOW)).toBeInTheDocument();

    // The server's field error lands on its field of the right section.
    server.on({
      [`PUT ${RULES}`]: () => ({
        status: 400,
        body: {
          status: 400,
          message: 'Bad request',
          errors: [{ path: 'shortTerm.graceMinutes', message: 'Too long a grace' }],
        },
      }),
    });
    await user.click(within(short).getByRole('button', { name: 'Save' }));
    expect(await within(short).findByText('Too long a grace', {}, SLOW)).toBeInTheDocument();
  }, 180_000);

  it('edits the protections, extras and holidays', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      ...lists,
      [`GET ${RULES}`]: () => ok(DEFAULTS),
      [`POST ${API}/shortSetting/protection/create`]: (req) => ok({ id: 3, version: 1, ...(req.body as object) }),
      [`POST ${API}/shortSetting/extra/delete/:id`]: () => ok(true),
      [`POST ${API}/shortSetting/holiday/save`]: (req) => ok({ id: 40, ...(req.body as object) }),
      [`POST ${API}/shortSetting/holiday/delete/:id`]: () => ok(true),
    });
    renderApp('/sevenSetting');
    const protections = await screen.findByTestId('protections', {}, FIRST);
    // Sorted by their order: Basic first.
    const names = within(protections)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('td')!.textContent);
    expect(names).toEqual(['Basic', 'Full cover']);
    expect(within(protections).getByText('¥1,500.00')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(protections).getByRole('button', { name: /New tier/ }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Name and price missing: refused before sending.
    await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(2), SLOW);
    expect(server.calls('POST', `${API}/shortSetting/protection/create`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Name'), 'Premium');
    await user.type(within(dialog).getByLabelText('Per day'), '120');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('POST', `${API}/shortSetting/protection/create`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/shortSetting/protection/create`)[0]!.body).toEqual({
      name: 'Premium',
      dayPrice: 120,
      deductible: 0,
      tyresGlass: false,
      enabled: true,
      sort: 0,
    });

    const extras = screen.getByTestId('extras');
    expect(within(extras).getAllByText('Child seat', { selector: 'td' })).toHaveLength(2); // its name and its kind
    expect(within(extras).getByText('¥100.00')).toBeInTheDocument();
    await user.click(within(extras).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }, SLOW));
    await waitFor(() => expect(server.calls('POST', `${API}/shortSetting/extra/delete/5`)).toHaveLength(1));

    const holidays = screen.getByTestId('holidays');
    expect(await within(holidays).findByText('National Day', {}, SLOW)).toBeInTheDocument();
    const year = holidays.querySelector('.ant-segmented-item-selected')!.textContent!;
    expect(within(holidays).getByText(`${year}-10-01`)).toBeInTheDocument();
    expect(within(holidays).getByText(WEEKDAYS[weekdayOf(`${year}-10-01`)]!)).toBeInTheDocument();
    // A name without a day is refused.
    await user.type(within(holidays).getByLabelText('Name'), 'Spring Festival');
    await user.click(within(holidays).getByRole('button', { name: 'Add' }));
    expect(server.calls('POST', `${API}/shortSetting/holiday/save`)).toHaveLength(0);
    await user.click(within(holidays).getByLabelText('Day'));
    await user.type(within(holidays).getByLabelText('Day'), `${year}-02-17{enter}`);
    await user.click(within(holidays).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server.calls('POST', `${API}/shortSetting/holiday/save`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/shortSetting/holiday/save`)[0]!.body).toEqual({
      day: `${year}-02-17`,
      name: 'Spring Festival',
    });
    await user.click(within(holidays).getByRole('button', { name: 'Remove' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }, SLOW));
    await waitFor(() => expect(server.calls('POST', `${API}/shortSetting/holiday/delete/31`)).toHaveLength(1));
  }, 180_000);

  it('a reader without the company settings sees the lists, no rules and no changes', async () => {
    signedIn();
    const server = sessionServer(READER, lists);
    renderApp('/sevenSetting');
    expect(await screen.findByTestId('rules-no-access', {}, FIRST)).toHaveTextContent(
      'Reading the rules needs the company settings (view)',
    );
    const protections = screen.getByTestId('protections');
    expect(await within(protections).findByText('Basic', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New tier/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /New extra/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(server.calls('GET', RULES)).toHaveLength(0);
  }, 180_000);
});
