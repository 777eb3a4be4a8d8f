import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { apiData as call } from '../support/api';
import { authFile } from '../support/global-setup';
import { apiSignIn, BASIC } from '../support/server';

/**
 * The risk engine against the real server: a geofence around a depot bound to the tracker of 浙AF20318 (its
 * rent a month overdue), a simulated JT/T 808 terminal parks there and drives out, the risk case appears on the
 * board, a fuel cut is proposed by the administrator and decided by the company's second approver (孙丽: the
 * demo flow names only the administrator, who never decides his own fuel cut), and the command reaches the
 * simulated terminal once it is slow enough, which cuts the fuel.
 */
test.use({ storageState: authFile('admin') });
test.setTimeout(180_000);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const GATEWAY_PORT = Number(new URL(BASE_URL).port) + 1;
const G = '/api/ccwgps';
/** The sixth demo tracker (seed: `demoImei(6)`), on 浙AF20318 whose contract HT202600006 is a month overdue. */
const DEVICE = '644960770006';
const DEPOT = { lat: 30.33, lon: 120.33 };
const FAR = { lat: 30.52, lon: 120.61 };

interface Terminal {
  fuelCut: boolean;
  connect(host: string, port: number): Promise<void>;
  login(): Promise<void>;
  location(l: { lat: number; lon: number; speed: number; status?: number; time: Date }): number;
  close(): void;
}

test('a car with overdue rent leaves its geofence: risk case, fuel cut, the command reaches the device', async ({
  page,
  request,
}) => {
  const token = (await apiSignIn(request, 'admin')).access_token;
  // A fuel cut is never decided by its proposer: the company names a second approver (孙丽).
  const sunli = await call<{ rows: { id: number; username: string }[] }>(
    request,
    token,
    'GET',
    '/api/ccwadmin/employee/list?keyword=sunli',
  );
  const secondApproverId = sunli.rows.find((u) => u.username === 'sunli')!.id;
  await call(request, token, 'PUT', '/api/ccwadmin/oa/approval/setting', { sms: false, secondApproverId });
  const signIn = await request.post('/api/auth/oauth/token', {
    headers: { Authorization: BASIC },
    form: { username: 'sunli', password: 'Staff@123', grant_type: 'password', type: '1' },
  });
  const secondToken = ((await signIn.json()) as { access_token: string }).access_token;
  const devices = await call<{ rows: { id: number; imei: string }[] }>(request, token, 'POST', `${G}/device/all`, {
    keyword: DEVICE,
  });
  const deviceId = devices.rows.find((d) => d.imei === DEVICE)!.id;
  const fence = await call<{ id: number }>(request, token, 'POST', `${G}/geofence`, {
    name: 'e2e 风控停车场',
    kind: 'circle',
    points: [[DEPOT.lat, DEPOT.lon]],
    radius: 500,
    alarmOnExit: true,
  });
  await call(request, token, 'POST', `${G}/deviceGeofence/${fence.id}`, { deviceIds: [deviceId] });

  const terminalModule = pathToFileURL(path.join(root, 'apps/server/dist/modules/gps/jt808/terminal.js')).href;
  const { SimTerminal } = (await import(terminalModule)) as {
    SimTerminal: new (phone: string, options: { authCode: string }) => Terminal;
  };
  const identityModule = pathToFileURL(path.join(root, 'apps/server/dist/modules/gps/identity.js')).href;
  const { demoSecret } = (await import(identityModule)) as { demoSecret: (kind: 'jt808', imei: string) => string };
  // The demo tracker is registered: it authenticates with the code the seed gave it.
  const term = new SimTerminal(DEVICE, { authCode: demoSecret('jt808', DEVICE) });
  await term.connect('127.0.0.1', GATEWAY_PORT);
  await term.login();
  try {
    term.location({ ...DEPOT, speed: 0, status: 0b10, time: new Date() });
    await page.waitForTimeout(1500);
    // The demo's open case of this car (its tracker was silent) is dismissed once the tracker speaks again, so that
    // the minute's job does not raise the silence again and leaving the new geofence raises a case of its own.
    const open = await call<{ rows: { id: number; plate: string }[] }>(
      request,
      token,
      'GET',
      `${G}/risk/case?open=true&keyword=AF20318`,
    );
    for (const c of open.rows)
      await call(request, token, 'POST', `${G}/risk/case/${c.id}/close`, { reason: 'dismissed', note: 'e2e' });
    term.location({ ...FAR, speed: 50, status: 0b11, time: new Date() });

    await page.goto('/riskGpsMap/risk');
    // A cold screen's chunk on a loaded machine may take longer than an assertion's 10 s.
    await expect(page.getByTestId('gps-risk-page')).toBeVisible({ timeout: 30_000 });
    const row = page.locator('tr', { hasText: /浙A·?F20318/ }).filter({ hasText: '欠租驶出围栏' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await expect(page.getByTestId('gps-risk-page')).toBeVisible();
          return row.count();
        },
        // The exit reaches the risk engine through the outbox's durable delivery, and the engine's minute sweep
        // raises it too: within a minute and a little more, on a loaded machine.
        { timeout: 75_000, intervals: [2_000] },
      )
      .toBeGreaterThan(0);
    await row.first().click();
    const drawer = page.getByTestId('risk-case');
    await expect(drawer).toContainText('e2e 风控停车场');
    await expect(drawer).toContainText('HT202600006');

    await page.getByRole('button', { name: '提议断油' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '对 浙AF20318 提议断油' });
    await dialog.getByRole('textbox').fill('欠租一个月且驶离停车场，电话无人接听');
    await dialog.getByRole('button', { name: '提议断油' }).click();
    await expect(drawer).toContainText('断油审批中');
    // The second approver decides it (naming the step he decides); queued, held until a safe speed.
    const cases = await call<{ rows: { id: number }[] }>(
      request,
      token,
      'GET',
      `${G}/risk/case?open=true&keyword=AF20318`,
    );
    const proposed = await call<{ approvalId: number }>(request, token, 'GET', `${G}/risk/case/${cases.rows[0]!.id}`);
    const approval = await call<{ steps: { index: number; state: string }[] }>(
      request,
      secondToken,
      'GET',
      `/api/ccwadmin/oa/approval/request/${proposed.approvalId}`,
    );
    await call(request, secondToken, 'POST', `/api/ccwadmin/oa/approval/request/decide/${proposed.approvalId}`, {
      decision: 'approved',
      comment: '复核同意',
      step: approval.steps.find((x) => x.state === 'current')!.index,
    });
    // The open case stays in the address: the reload shows it again.
    await page.reload();
    await expect(drawer).toContainText('断油指令排队', { timeout: 20_000 });
    expect(term.fuelCut).toBe(false);
    term.location({ ...FAR, speed: 5, status: 0b11, time: new Date() });
    await expect.poll(() => term.fuelCut, { timeout: 30_000 }).toBe(true);
    // The minute's job reads the answer: the case says the fuel is cut.
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await page.getByTestId('risk-case').textContent()) ?? '';
        },
        { timeout: 90_000, intervals: [5_000] },
      )
      .toContain('已断油');
  } finally {
    term.close();
  }
});
