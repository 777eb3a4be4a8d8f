import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Device } from '@fleetdesk/contracts/gps';
import type { GpsCommand, GpsCommandDetail } from '@fleetdesk/contracts/gps-commands';
import { setLanguage } from '../../../../lib/i18n';
import { ok, type FakeRequest } from '../../../../test/fake-server';
import { ADMIN, sessionServer, signedIn, type Account } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

vi.mock('../../components/gps-map', () => ({
  STATUS_COLOURS: { moving: 'green', stopped: 'blue', offline: 'grey', never: 'white' },
  GpsMap: () => <div data-testid="gps-map" />,
}));

const FIRST = { timeout: 60_000 };
const G = '/api/ccwgps';
const device: Device = {
  id: 5,
  imei: '644960770003',
  model: 'JT-W100',
  protocol: 'jt808',
  sim: '14400006100003',
  rentId: 7,
  rentName: 'Demo Rentals Hangzhou',
  carId: 11,
  plate: '浙AD12345',
  vin: null,
  isDefault: true,
  userId: null,
  userName: null,
  installedAt: null,
  installer: null,
  installPosition: null,
  remark: null,
  registeredAt: null,
  terminalImei: null,
  hasOsmandSecret: false,
  rejectedFuture: 0,
  rejectedRange: 0,
  rejectedAt: null,
  status: 'moving',
  last: null,
  createdAt: '2026-11-01T00:00:00Z',
};
const phone: Device = { ...device, id: 6, imei: '913800138000001', protocol: 'osmand', plate: null, carId: null };
const command = (patch: Partial<GpsCommandDetail>): GpsCommandDetail => ({
  id: 31,
  deviceId: 5,
  imei: device.imei,
  rentId: 7,
  rentName: 'Demo Rentals Hangzhou',
  carId: 11,
  plate: '浙AD12345',
  commandType: 'fuelCut',
  params: {},
  reason: '租金逾期',
  source: 'manual',
  riskCaseId: null,
  status: 'queued',
  waitSafeSpeed: false,
  forced: false,
  createdBy: 1,
  createdByName: '张伟',
  queuedAt: '2026-11-26T02:00:00Z',
  sentAt: null,
  answeredAt: null,
  resultCode: null,
  resultText: null,
  serial: null,
  steps: [{ step: 'queued', at: '2026-11-26T02:00:00Z', note: null }],
  ...patch,
});
const devicesServer = (account: Account, more: Record<string, (req: FakeRequest) => ReturnType<typeof ok>> = {}) =>
  sessionServer(account, {
    [`GET ${G}/live/positions`]: () => ok([]),
    [`GET ${G}/live/settings`]: () => ok({ mapTiles: 'osm' }),
    [`GET ${G}/live/stream`]: () => ({ status: 503, body: {} }),
    [`POST ${G}/device/all`]: () => ok({ rows: [device, phone], total: 2, pageNum: 1, pageSize: 20 }),
    ...more,
  });

async function openDevices() {
  renderApp('/riskGpsMap');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: /Devices|设备/ }, FIRST));
  return user;
}
const dialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]')!;
const option = async (text: string | RegExp) =>
  (await screen.findAllByText(text, { selector: '.ant-select-item-option-content' })).at(-1)!;

describe('the command dialog', () => {
  it('checks the fields, confirms a fuel cut in red, asks again when the car is too fast and then forces it', async () => {
    await setLanguage('en-US');
    signedIn();
    const sent: unknown[] = [];
    devicesServer(ADMIN, {
      [`PUT ${G}/deviceCommand/send/5`]: (req) => {
        sent.push(req.body);
        const body = req.body as { force?: boolean; commandType: string };
        if (body.commandType === 'fuelCut' && !body.force)
          return {
            status: 409,
            body: {
              status: 30101,
              code: 'tooFast',
              message:
                'The car is moving at 64 km/h, above the safe speed of 20 km/h; cutting fuel now may be dangerous. Confirm again to force it',
            },
          };
        return ok(command({ ...(req.body as Partial<GpsCommand>), forced: !!body.force }));
      },
    });
    const user = await openDevices();
    const row = (await screen.findByText('644960770003', undefined, FIRST)).closest('tr')!;
    // An OsmAnd phone has no command action.
    const phoneRow = screen.getByText('913800138000001').closest('tr')!;
    expect(within(phoneRow).queryByRole('button', { name: 'Command' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Command' }));
    const form = await dialog('Send a command to 浙AD12345');

    // Nothing chosen: refused before sending.
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    expect(await within(form).findByText('Choose a command')).toBeInTheDocument();
    expect(await within(form).findByText('Enter a reason (1 to 200 characters)')).toBeInTheDocument();

    // The interval needs its seconds, 5 to 3,600.
    await user.click(within(form).getByLabelText('Command'));
    await user.click(await option('Set reporting interval'));
    await user.type(within(form).getByLabelText('Reason'), '省流量');
    await user.type(within(form).getByLabelText('Reporting interval (seconds)'), '4');
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    expect(await within(form).findByText('The reporting interval is 5 to 3,600 seconds')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    // Fuel cut: a red confirmation first, then the server says too fast: a second one forces it.
    await user.click(within(form).getByLabelText('Command'));
    await user.click(await option('Cut fuel and power'));
    expect(within(form).getByText(/Cutting fuel and power stops the engine/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    const confirm = await dialog('Cut fuel and power of 浙AD12345?');
    expect(within(confirm).getByText(/Reason: 省流量/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cut fuel' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ commandType: 'fuelCut', reason: '省流量' });
    const again = await dialog('The car is moving fast');
    expect(within(again).getByText(/64 km\/h/)).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Force the fuel cut' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ commandType: 'fuelCut', reason: '省流量', force: true });
    expect(await screen.findByText('Command queued: Cut fuel and power')).toBeInTheDocument();
  }, 180_000);

  it('does not offer to force a fuel cut without riskGpsMap:forceFuelCut', async () => {
    await setLanguage('en-US');
    signedIn();
    const sent: unknown[] = [];
    const fuelOnly: Account = { menus: ['riskGpsMap'], elements: ['riskGpsMap:view', 'riskGpsMap:fuelCut'] };
    devicesServer(fuelOnly, {
      [`PUT ${G}/deviceCommand/send/5`]: (req) => {
        sent.push(req.body);
        return {
          status: 409,
          body: { status: 30101, code: 'tooFast', message: 'The car is moving at 64 km/h, above the safe speed' },
        };
      },
    });
    const user = await openDevices();
    const row = (await screen.findByText('644960770003', undefined, FIRST)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Command' }));
    const form = await dialog('Send a command to 浙AD12345');
    await user.click(within(form).getByLabelText('Command'));
    await user.click(await option('Cut fuel and power'));
    await user.type(within(form).getByLabelText('Reason'), '逾期');
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    const confirm = await dialog('Cut fuel and power of 浙AD12345?');
    await user.click(within(confirm).getByRole('button', { name: 'Cut fuel' }));
    const why = await dialog('The car is moving fast');
    expect(within(why).getByText(/needs the “Force a fuel cut” permission/)).toBeInTheDocument();
    expect(within(why).queryByRole('button', { name: 'Force the fuel cut' })).not.toBeInTheDocument();
    expect(sent).toEqual([{ commandType: 'fuelCut', reason: '逾期' }]);
  }, 120_000);

  it('offers only what the elements allow, and no action without one', async () => {
    await setLanguage('en-US');
    signedIn();
    const commandOnly: Account = {
      menus: ['riskGpsMap'],
      elements: ['riskGpsMap:view', 'riskGpsMap:command'],
    };
    devicesServer(commandOnly);
    const user = await openDevices();
    const row = (await screen.findByText('644960770003', undefined, FIRST)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Command' }));
    const form = await dialog('Send a command to 浙AD12345');
    await user.click(within(form).getByLabelText('Command'));
    expect(await option('Locate now')).toBeInTheDocument();
    expect(screen.queryByText('Cut fuel and power', { selector: '.ant-select-item-option-content' })).toBeNull();
    expect(screen.queryByText('Restore fuel and power', { selector: '.ant-select-item-option-content' })).toBeNull();
  }, 120_000);

  it('shows no command action to a user without a command element', async () => {
    await setLanguage('en-US');
    signedIn();
    devicesServer({ menus: ['riskGpsMap'], elements: ['riskGpsMap:view'] });
    await openDevices();
    const row = (await screen.findByText('644960770003', undefined, FIRST)).closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'Command' })).not.toBeInTheDocument();
  }, 120_000);
});

describe('/riskGpsMap/commands', () => {
  it('lists commands with filters and opens a command’s steps', async () => {
    await setLanguage('en-US');
    signedIn();
    const queries: URLSearchParams[] = [];
    const done = command({
      id: 32,
      commandType: 'locate',
      status: 'succeeded',
      sentAt: '2026-11-26T02:00:02Z',
      answeredAt: '2026-11-26T02:00:05Z',
      resultCode: 0,
      resultText: '30.274100,120.155100 0 km/h',
      serial: 41,
      steps: [
        { step: 'queued', at: '2026-11-26T02:00:00Z', note: null },
        { step: 'sent', at: '2026-11-26T02:00:02Z', note: '0x8201 #41' },
        { step: 'succeeded', at: '2026-11-26T02:00:05Z', note: '30.274100,120.155100 0 km/h' },
      ],
    });
    sessionServer(ADMIN, {
      [`GET ${G}/deviceCommand/page`]: (req) => {
        queries.push(req.query);
        const rows = [done, command({})].filter(
          (c) => !req.query.get('commandName') || c.commandType === req.query.get('commandName'),
        );
        return ok({ rows, total: rows.length, pageNum: 1, pageSize: 20 });
      },
      [`GET ${G}/deviceCommand/page/32`]: () => ok(done),
    });
    renderApp('/riskGpsMap/commands');
    const user = userEvent.setup();
    expect(await screen.findByText('30.274100,120.155100 0 km/h', undefined, FIRST)).toBeInTheDocument();
    expect(screen.getByText('Queued', { selector: '.ant-tag' })).toBeInTheDocument();
    const row = screen.getByText('30.274100,120.155100 0 km/h').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Details' }));
    const drawer = await screen.findByTestId('gps-command-drawer');
    expect(within(drawer).getByText('Sent to the device')).toBeInTheDocument();
    expect(within(drawer).getByText('0x8201 #41')).toBeInTheDocument();
    expect(within(drawer).getByText('0 OK')).toBeInTheDocument();
    // Filtering by type goes to the server.
    const filter = screen.getByLabelText('Command');
    await user.click(filter);
    await user.click(await option('Locate now'));
    await user.click(screen.getByRole('button', { name: /Search|搜索/ }));
    await waitFor(() => expect(queries.at(-1)!.get('commandName')).toBe('locate'));
  }, 120_000);
});
