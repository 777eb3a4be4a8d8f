import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Accident, AccidentState, License, LicenseTotal } from '@fleetdesk/contracts/compliance';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, CLERK, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const SLOW = { timeout: 20_000 };
/** The first screen of a test loads the vehicles screen and its tab chunks: slow on a busy machine. */
const FIRST = { timeout: 90_000 };
const paged = (rows: unknown[]) => ok({ rows, total: rows.length, pageNum: 1, pageSize: 20 });

function accident(state: AccidentState, patch: Partial<Accident> = {}): Accident {
  return {
    id: 5,
    carId: 1,
    plate: '浙AD12345',
    rentId: 7,
    rentName: 'Hangzhou',
    driverId: null,
    driverName: 'Wang Jianguo',
    occurredAt: '2026-11-20T11:15:00.000Z',
    place: 'Wensan Road and Xueyuan Road',
    responsibility: 'major',
    state,
    claimState: 'none',
    claimNo: null,
    repairCost: 8600,
    settledAmount: null,
    createdAt: '2026-11-20T12:00:00.000Z',
    description: 'Rear-ended the car in front in the rain',
    damage: 'Front bumper',
    injuries: false,
    photos: [],
    insurerCode: null,
    remark: null,
    events: [{ from: null, to: 'reported', remark: null, userName: 'Zhang Wei', at: '2026-11-20T12:00:00.000Z' }],
    ...patch,
  };
}

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('accidents', () => {
  it('lists accidents; the drawer offers only the moves the state allows and sends the one chosen', async () => {
    signedIn();
    let current: Accident = accident('assessing');
    const server = sessionServer(ADMIN, {
      'GET /api/ccwadmin/accident/list': () => paged([current]),
      'GET /api/ccwadmin/accident/detail/:id': () => ok(current),
      'PUT /api/ccwadmin/accident/state/:id': (req) => {
        current = accident((req.body as { state: AccidentState }).state);
        return ok(current);
      },
    });
    renderApp('/rentCar/accidents');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Details' }, FIRST));
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    await within(drawer).findByText('Rear-ended the car in front in the rain', {}, SLOW);
    const moves = within(drawer)
      .getAllByRole('button', { name: /^Mark/ })
      .map((b) => b.textContent);
    expect(moves).toEqual(['Mark "Repairing"', 'Mark "Claimed"', 'Mark "Closed"', 'Mark "Cancelled"']);
    await user.click(within(drawer).getByRole('button', { name: 'Mark "Repairing"' }));
    await waitFor(() => expect(server.calls('PUT', '/api/ccwadmin/accident/state/5')).toHaveLength(1));
    expect(server.calls('PUT', '/api/ccwadmin/accident/state/5')[0]!.body).toEqual({
      state: 'repairing',
      remark: null,
    });
    expect(await screen.findByText('Now "Repairing"', {}, SLOW)).toBeInTheDocument();
  }, 180_000);

  it('a reader sees the accidents without the report button or the moves', async () => {
    signedIn();
    sessionServer(CLERK, {
      'GET /api/ccwadmin/accident/list': () => paged([accident('reported')]),
      'GET /api/ccwadmin/accident/detail/:id': () => ok(accident('reported')),
    });
    renderApp('/rentCar/accidents');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Details' }, FIRST));
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    await within(drawer).findByText('Rear-ended the car in front in the rain', {}, SLOW);
    expect(within(drawer).queryAllByRole('button', { name: /^Mark/ })).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Report an accident' })).toBeNull();
  }, 180_000);
});

describe('licences', () => {
  it('shows the counts and the licences with their due state', async () => {
    signedIn();
    const total: LicenseTotal = { total: 12, expiring: 2, expired: 1, carsWithoutTransport: 4, leadDays: 30 };
    const cert: License = {
      id: 9,
      carId: 1,
      plate: '浙AD12345',
      rentId: 7,
      rentName: 'Hangzhou',
      kind: 'vehicle',
      number: '330100123456',
      issuer: null,
      issueDate: '2023-06-18',
      expiryDate: '2026-12-08',
      due: 'soon',
      images: [],
      remark: null,
      updatedAt: '2026-11-20T12:00:00.000Z',
    };
    const server = sessionServer(ADMIN, {
      'GET /api/ccwadmin/rentCarLicense/total': () => ok(total),
      'GET /api/ccwadmin/rentCarLicense/list': () => paged([cert]),
      'GET /api/ccwadmin/rentCar/:id': () => ({ status: 404, body: { status: 40401, message: 'No such car' } }),
    });
    renderApp('/rentCar/licences');
    expect(await screen.findByText('Expiring within 30 days', {}, FIRST)).toBeInTheDocument();
    expect(await screen.findByText('Expiring soon', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('330100123456')).toBeInTheDocument();
    expect(server.calls('GET', '/api/ccwadmin/rentCarLicense/total')).toHaveLength(1);
  }, 180_000);
});
