import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Device } from '@fleetdesk/contracts/gps';
import { setLanguage } from '../../../lib/i18n';
import { ok, type FakeRequest } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// The devices tab: edit a device, bind and unbind a user, a phone tracker for a user.
vi.mock('../components/gps-map', () => ({
  STATUS_COLOURS: { moving: 'green', stopped: 'blue', offline: 'grey', never: 'white' },
  GpsMap: () => <div data-testid="gps-map" />,
}));

const FIRST = { timeout: 60_000 };
const G = '/api/ccwgps';
const device = (patch: Partial<Device>): Device => ({
  id: 5,
  imei: '644960770013',
  model: 'JT-W100',
  protocol: 'jt808',
  sim: '14400006100013',
  rentId: 7,
  rentName: 'Demo Rentals Hangzhou',
  carId: null,
  plate: null,
  vin: null,
  isDefault: false,
  userId: null,
  userName: null,
  installedAt: null,
  installer: '王师傅',
  installPosition: '仪表台下',
  remark: null,
  registeredAt: null,
  terminalImei: null,
  hasOsmandSecret: false,
  rejectedFuture: 0,
  rejectedRange: 0,
  rejectedAt: null,
  status: 'never',
  last: null,
  createdAt: '2026-11-01T00:00:00Z',
  ...patch,
});
const USERS = [
  { id: 21, name: '刘洋', username: 'liuyang', phone: '13800000011', devices: 0 },
  { id: 2, name: '李娜', username: 'clerk', phone: '13800000002', devices: 1 },
];
const common = (rows: Device[]) => ({
  [`GET ${G}/live/positions`]: () => ok([]),
  [`GET ${G}/live/settings`]: () => ok({ mapTiles: 'osm' }),
  [`GET ${G}/live/stream`]: () => ({ status: 503, body: {} }),
  [`POST ${G}/device/all`]: () => ok({ rows, total: rows.length, pageNum: 1, pageSize: 20 }),
  [`GET ${G}/device/users`]: (req: FakeRequest) =>
    ok(USERS.filter((u) => !req.query.get('keyword') || u.name.includes(req.query.get('keyword')!))),
});

async function openDevices() {
  renderApp('/riskGpsMap');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: /Devices|设备/ }, FIRST));
  return user;
}

/** A modal by its title (every dialog is labelled by the same mocked id, so not by role and name). */
const dialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]')!;
/** The option of the dropdown opened last (an earlier dropdown stays in the document, hidden). */
const option = async (text: string | RegExp) =>
  (await screen.findAllByText(text, { selector: '.ant-select-item-option-content' })).at(-1)!;

describe('/riskGpsMap devices', () => {
  it('edits a device: validates each field, follows the model’s protocol, shows the server’s field errors', async () => {
    await setLanguage('en-US');
    signedIn();
    const puts: unknown[] = [];
    let answer: 'taken' | 'ok' = 'taken';
    const server = sessionServer(ADMIN, {
      ...common([device({})]),
      [`PUT ${G}/device/update/5`]: (req) => {
        puts.push(req.body);
        return answer === 'taken'
          ? {
              status: 400,
              body: {
                status: 400,
                message: 'The device number "644960770001" is already registered',
                errors: [{ path: 'imei', message: 'The device number "644960770001" is already registered' }],
              },
            }
          : ok(device(req.body as Partial<Device>));
      },
    });
    const user = await openDevices();
    const row = (await screen.findByText('644960770013', undefined, FIRST)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await dialog('Edit device 644960770013');
    expect(within(form).getByLabelText('Installer')).toHaveValue('王师傅');

    // Bad input: nothing is sent, each field says why.
    const sim = within(form).getByLabelText('SIM');
    await user.clear(sim);
    await user.type(sim, '123');
    const installer = within(form).getByLabelText('Installer');
    await user.clear(installer);
    await user.type(installer, 'x'.repeat(30));
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    expect(await within(form).findByText('A SIM number is 11-20 digits')).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    // A phone speaks OsmAnd: picking the model sets the protocol.
    await user.clear(sim);
    const model = within(form).getByLabelText('Model');
    await user.clear(model);
    await user.type(model, 'PHO');
    await user.click(await option(/^PHONE/));
    await waitFor(() => expect(within(form).getByText('OsmAnd (Traccar Client)')).toBeInTheDocument());
    // Back to JT/T 808 by hand: refused before sending.
    await user.click(within(form).getByLabelText('Protocol'));
    await user.click(await option('JT/T 808'));
    expect(
      await within(form).findByText('The protocol does not fit the model: a phone speaks OsmAnd, a tracker JT/T 808'),
    ).toBeInTheDocument();
    await user.click(within(form).getByLabelText('Protocol'));
    await user.click(await option('OsmAnd (Traccar Client)'));
    await waitFor(() =>
      expect(
        within(form).queryByText('The protocol does not fit the model: a phone speaks OsmAnd, a tracker JT/T 808'),
      ).not.toBeInTheDocument(),
    );

    // The number of another device: the server's field error shows on the field.
    const imei = within(form).getByLabelText('Device number');
    await user.clear(imei);
    await user.type(imei, '644960770001');
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    expect(await within(form).findByText('The device number "644960770001" is already registered')).toBeInTheDocument();
    answer = 'ok';
    await user.clear(imei);
    await user.type(imei, '644960770099');
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({
      imei: '644960770099',
      model: 'PHONE',
      protocol: 'osmand',
      sim: null,
      installedAt: null,
      installer: 'x'.repeat(30),
      installPosition: '仪表台下',
      remark: null,
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST' && r.path === `${G}/device/all`).length).toBeGreaterThan(
      1,
    );
  }, 180_000);

  it('binds a device to a user and unbinds it; makes a phone tracker for a user (Chinese)', async () => {
    await setLanguage('zh-CN');
    signedIn();
    const bound = device({
      id: 6,
      imei: '913800138000001',
      model: 'PHONE',
      protocol: 'osmand',
      userId: 2,
      userName: '李娜',
    });
    const sent: FakeRequest[] = [];
    sessionServer(ADMIN, {
      ...common([device({}), bound]),
      [`POST ${G}/device/userBind/5`]: (req) => {
        sent.push(req);
        return ok(device({ userId: 21, userName: '刘洋' }));
      },
      [`DELETE ${G}/device/userUnBind/6`]: (req) => {
        sent.push(req);
        return ok({ ...bound, userId: null, userName: null });
      },
      [`POST ${G}/device/quick/userBind/21`]: (req) => {
        sent.push(req);
        return ok(
          device({
            id: 7,
            imei: '912345678912345',
            model: 'PHONE',
            protocol: 'osmand',
            userId: 21,
            userName: '刘洋',
            hasOsmandSecret: true,
            osmandSecret: '0123456789abcdef0123456789abcdef',
          }),
        );
      },
    });
    const user = await openDevices();
    const row = (await screen.findByText('644960770013', undefined, FIRST)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '绑定用户' }));
    const picker = await dialog('设备 644960770013 绑定用户');
    expect(within(picker).getByRole('button', { name: /确\s*定/ })).toBeDisabled();
    await user.type(within(picker).getByRole('combobox'), '刘');
    await user.click(await option('刘洋 · liuyang · 13800000011'));
    await user.click(within(picker).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已绑定 刘洋')).toBeInTheDocument();
    expect(sent[0]!.body).toEqual({ userId: 21 });

    const boundRow = screen.getByText('913800138000001').closest('tr')!;
    await user.click(within(boundRow).getByRole('button', { name: '解绑用户' }));
    expect(
      await screen.findByText('确定把设备 913800138000001 与用户 李娜 解绑吗？', {
        selector: '.ant-modal-confirm-title',
      }),
    ).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);
    await waitFor(() => expect(sent.map((r) => r.method)).toEqual(['POST', 'DELETE']));

    await user.click(screen.getByRole('button', { name: '为用户开通手机定位' }));
    const quick = await dialog('为用户开通手机定位（Traccar Client）');
    await user.click(within(quick).getByRole('combobox'));
    await user.click(await option('刘洋 · liuyang · 13800000011'));
    await user.click(within(quick).getByRole('button', { name: /确\s*定/ }));
    expect(
      await screen.findByText('已为 刘洋 开通手机定位 912345678912345', { selector: '.ant-modal-confirm-title' }),
    ).toBeInTheDocument();
    // The secret identifier, not the device number, is what Traccar Client sends.
    expect(screen.getByText(/设备标识设为 0123456789abcdef0123456789abcdef/)).toBeInTheDocument();
    expect(sent.at(-1)!.path).toBe(`${G}/device/quick/userBind/21`);
  }, 180_000);

  it('offers no edit or binding to a user who may only view', async () => {
    await setLanguage('en-US');
    signedIn();
    sessionServer(
      { menus: ['riskGpsMap'], elements: ['riskGpsMap:view'] },
      common([device({}), device({ id: 6, imei: '913800138000001', userId: 2, userName: '李娜' })]),
    );
    await openDevices();
    const row = (await screen.findByText('644960770013', undefined, FIRST)).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Install check' })).toBeInTheDocument();
    const table = row.closest('table')!;
    // Text queries: the role queries are slow on the whole page.
    for (const name of ['Edit', 'Bind to a user', 'Unbind user', 'Bind to a car', 'Reset identity', 'New identifier']) {
      expect(within(table).queryByText(name)).not.toBeInTheDocument();
    }
    expect(screen.queryByText('Phone tracker for a user')).not.toBeInTheDocument();
    expect(screen.queryByText('Register a device')).not.toBeInTheDocument();
  }, 120_000);

  it('resets a tracker’s identity and makes a phone a new identifier (shown once); shows refused positions', async () => {
    await setLanguage('zh-CN');
    signedIn();
    const sent: FakeRequest[] = [];
    sessionServer(ADMIN, {
      ...common([
        device({ rejectedFuture: 2, rejectedRange: 1, rejectedAt: '2026-11-28T08:00:00Z' }),
        device({ id: 6, imei: '913800138000001', model: 'PHONE', protocol: 'osmand', hasOsmandSecret: true }),
      ]),
      [`POST ${G}/device/resetIdentity/5`]: (req) => {
        sent.push(req);
        return ok(device({}));
      },
      [`POST ${G}/device/osmandSecret/6`]: (req) => {
        sent.push(req);
        return ok(
          device({
            id: 6,
            imei: '913800138000001',
            protocol: 'osmand',
            osmandSecret: 'fedcba9876543210fedcba9876543210',
          }),
        );
      },
    });
    const user = await openDevices();
    const row = (await screen.findByText('644960770013', undefined, FIRST)).closest('tr')!;
    expect(within(row).getByText('已拒收：超前 2 条，越界 1 条')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: '重置身份' }));
    await screen.findByText('确定重置设备 644960770013 的身份？', { selector: '.ant-modal-confirm-title' });
    await user.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);
    expect(await screen.findByText('身份已重置，设备可重新注册')).toBeInTheDocument();
    expect(sent.map((r) => r.path)).toEqual([`${G}/device/resetIdentity/5`]);

    const phone = screen.getByText('913800138000001').closest('tr')!;
    expect(within(phone).queryByText('重置身份')).not.toBeInTheDocument();
    await user.click(within(phone).getByRole('button', { name: '重新生成标识' }));
    await screen.findByText(/确定为 913800138000001 重新生成标识/, { selector: '.ant-modal-confirm-title' });
    await user.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);
    expect(await screen.findByText(/设备标识设为 fedcba9876543210fedcba9876543210/)).toBeInTheDocument();
    expect(sent.at(-1)!.path).toBe(`${G}/device/osmandSecret/6`);
  }, 180_000);
});
