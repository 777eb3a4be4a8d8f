import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PortalMembership, Submission } from '@fleetdesk/contracts/driver-portal';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { driver, driverRoutes, SLOW } from './driver-fixtures';

const FIRST = { timeout: 90_000 };

beforeEach(async () => {
  await setLanguage('en-US');
});

const level = (code: string, name: string, months: number): PortalMembership['level'] => ({
  code,
  name,
  perks: { rentDiscountPercent: months ? 5 : 0, freeDaysPerYear: 0, newCarPriority: false },
  minOnTimeMonths: months,
  maxViolations: 3,
  maxAccidents: 1,
});

const LEVEL: PortalMembership = {
  level: level('member', 'Member', 0),
  next: level('silver', 'Silver', 3),
  facts: { onTimeMonths: 1, violations: 0, accidents: 0, overdueNow: false },
  since: null,
  computedOn: '2026-11-15',
  levels: [level('member', 'Member', 0), level('silver', 'Silver', 3)],
};

const submission = (patch: Partial<Submission> & Pick<Submission, 'id'>): Submission => ({
  driverId: 11,
  driverName: 'Wang',
  kind: 'licence',
  details: { number: '330106198503074418', licenceClass: 'A1', expiry: '2032-05-01' },
  files: ['http://localhost/files/front.png?sig=1', 'http://localhost/files/back.png?sig=1'],
  note: null,
  state: 'pending',
  reviewNote: null,
  reviewedByName: null,
  createdAt: '2026-11-10T02:00:00.000Z',
  reviewedAt: null,
  ...patch,
});

function server(account = ADMIN) {
  const d = driver();
  const s = sessionServer(account, {
    ...driverRoutes([d]),
    'GET /api/ccwadmin/operationLog/list': () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 20 }),
    'GET /api/ccwadmin/driverPortal/level/:driverId': () => ok(LEVEL),
    'GET /api/ccwadmin/driverPortal/submissions': () =>
      ok({
        records: [
          submission({ id: 1 }),
          submission({
            id: 2,
            kind: 'violationProof',
            details: { plate: '浙AD12345' },
            files: ['http://localhost/files/p.png?sig=1'],
            state: 'approved',
            reviewedByName: 'Zhang Wei',
            reviewedAt: '2026-11-11T02:00:00.000Z',
          }),
        ],
        total: 2,
      }),
    'POST /api/ccwadmin/driverPortal/submissions/review': (req) =>
      ok({ ...submission({ id: 1 }), ...(req.body as object) }),
  });
  return { d, s };
}

async function openTab(id: number) {
  renderApp(`/rentDriver/${id}`);
  const tab = await screen.findByRole('tab', { name: 'Driver app' }, FIRST);
  await userEvent.setup().click(tab);
  return screen.findByTestId('driver-app-tab', {}, SLOW);
}

/** The driver portal adds a "driver app" tab to the driver's page (components/driver-tabs). */
describe('the driver page’s driver app tab', () => {
  it('shows the level and the submissions; approves one, and a rejection needs a note', async () => {
    signedIn();
    const { d, s } = server();
    const panel = await openTab(d.id);
    const lvl = await within(panel).findByTestId('dp-admin-level', {}, SLOW);
    expect(within(lvl).getByText('Member')).toBeInTheDocument();
    expect(within(lvl).getByText('Pay on time for 2 more months')).toBeInTheDocument();
    expect(s.calls('GET', '/api/ccwadmin/driverPortal/submissions')[0]!.query.get('driverId')).toBe(String(d.id));

    const table = await within(panel).findByTestId('dp-submissions', {}, SLOW);
    expect(within(table).getByText('Licence update')).toBeInTheDocument();
    expect(within(table).getByText('Licence class: A1')).toBeInTheDocument();
    const thumb = within(table).getAllByRole('img', { name: 'Picture 1' })[0]!;
    expect(thumb.closest('a')).toHaveAttribute('href', 'http://localhost/files/front.png?sig=1');
    expect(within(table).getByText('Approved')).toBeInTheDocument();
    // Only the pending one can be reviewed.
    expect(within(table).getAllByRole('button', { name: 'Approve' })).toHaveLength(1);

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Reject' }));
    const rejectDialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(rejectDialog).getByRole('button', { name: 'Reject' }));
    expect(await within(rejectDialog).findByText('Say why it is rejected')).toBeInTheDocument();
    expect(s.calls('POST', '/api/ccwadmin/driverPortal/submissions/review')).toHaveLength(0);
    await user.type(within(rejectDialog).getByLabelText('Why it is rejected'), 'The photo is blurred');
    await user.click(within(rejectDialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(s.calls('POST', '/api/ccwadmin/driverPortal/submissions/review')).toHaveLength(1));
    expect(s.calls('POST', '/api/ccwadmin/driverPortal/submissions/review')[0]!.body).toEqual({
      id: 1,
      approve: false,
      note: 'The photo is blurred',
    });

    await user.click(within(table).getByRole('button', { name: 'Approve' }));
    const approveDialog = (await screen.findByText('Approve the submission', {}, SLOW)).closest<HTMLElement>(
      '[role="dialog"]',
    )!;
    await user.click(within(approveDialog).getByRole('button', { name: /Approve$/, hidden: true }));
    await waitFor(() => expect(s.calls('POST', '/api/ccwadmin/driverPortal/submissions/review')).toHaveLength(2));
    expect(s.calls('POST', '/api/ccwadmin/driverPortal/submissions/review')[1]!.body).toEqual({
      id: 1,
      approve: true,
      note: null,
    });
  }, 180_000);

  it('shows no review buttons without rentDriver:edit', async () => {
    signedIn();
    const { d } = server({ menus: ['rentDriver'], elements: ['rentDriver:view'] });
    const panel = await openTab(d.id);
    const table = await within(panel).findByTestId('dp-submissions', {}, SLOW);
    expect(within(table).getByText('Licence update')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Reject' })).toBeNull();
  }, 180_000);
});
