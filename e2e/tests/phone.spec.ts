import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiCall as call, signedContract } from '../support/api';
import { authFile } from '../support/global-setup';
import { apiSignIn, BASIC } from '../support/server';

/**
 * The phone layout (docs/web.md, Phone layout) at 390 x 844, in both languages, with one signed-in page: every
 * screen of the route table the admin can open (a real id for the detail screens, taken from the demo data
 * through the API) is screenshotted with SCREENSHOTS=1 (under the test's output; a full-page picture of each of
 * some 120 screens is minutes of a CI run that nobody looks at), nothing on it is wider than the screen, and the
 * account menu's sign-out is on the screen; then a handover through the screens: the dispatch in Chinese, the
 * return in English.
 */
test.use({ storageState: authFile('admin'), viewport: { width: 390, height: 844 } });

const WIDTH = 390;
const ROUTES_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/app/routes.ts');

interface TableRoute {
  path: string;
  frame: string;
  open: boolean;
}

/**
 * The screens of the route table (apps/web/src/app/routes.ts), read from its source: each entry's path with its
 * frame and whether it is open. The signed-out screens (`plain` frame: sign-in, agreements) are not the phone
 * layout's business; every other screen is visited, so a new screen is checked as soon as it lands.
 */
function tableRoutes(): TableRoute[] {
  const source = readFileSync(ROUTES_FILE, 'utf8');
  const out: TableRoute[] = [];
  const paths = [...source.matchAll(/path: '([^']+)'/g)];
  for (const [i, m] of paths.entries()) {
    // The entry's fields after its path, up to the next entry's name.
    const rest = source.slice(m.index, paths[i + 1]?.index ?? source.length);
    const end = rest.search(/\bname: /);
    const own = end < 0 ? rest : rest.slice(0, end);
    const frame = /frame: '(\w+)'/.exec(own)?.[1];
    if (!frame) throw new Error(`no frame for route ${m[1]}`);
    out.push({ path: m[1]!, frame, open: /open: true/.test(own) });
  }
  return out;
}

/** The ids the detail screens open, from the demo data. */
async function demoIds(request: APIRequestContext, token: string) {
  const cars = await call<{ rows: { id: number }[] }>(request, token, 'POST', 'rentCar/list', { pageSize: 1 });
  const drivers = await call<{ rows: { id: number }[] }>(request, token, 'POST', 'rentDriver/list', { pageSize: 1 });
  const contracts = await call<{ rows: { id: number }[] }>(request, token, 'POST', 'rentContract/list', {
    pageSize: 1,
  });
  // An order of the demo company (a top-up created here when it has none), and a QR sign-in to confirm.
  let orders = await call<{ rows: { id: number; orderNo: string }[] }>(request, token, 'GET', 'order/list?pageSize=1');
  if (!orders.body.data.rows.length) {
    await call(request, token, 'POST', 'order/topUp', { amount: 100 });
    orders = await call(request, token, 'GET', 'order/list?pageSize=1');
  }
  const qr = await request.get('/api/admin/client/qr', { headers: { Authorization: BASIC } });
  const qrId = new URL(((await qr.json()) as { data: { url: string } }).data.url).pathname.split('/').pop()!;
  // The CRM: a lead, a survey and the public lead form's key (the demo's).
  const leads = await call<{ rows: { id: number }[] }>(request, token, 'GET', 'crmLead/list?view=all&pageSize=1');
  const surveys = await call<{ rows: { id: number }[] }>(request, token, 'GET', 'survey/list?pageSize=1');
  const form = await call<{ key: string }>(request, token, 'GET', 'crmForm/get');
  const ids = {
    car: cars.body.data.rows[0]?.id,
    driver: drivers.body.data.rows[0]?.id,
    contract: contracts.body.data.rows[0]?.id,
    order: orders.body.data.rows[0]?.id,
    orderNo: orders.body.data.rows[0]?.orderNo,
    qr: qrId,
    lead: leads.body.data.rows[0]?.id,
    survey: surveys.body.data.rows[0]?.id,
    formKey: form.body.data.key,
  };
  for (const [k, v] of Object.entries(ids)) expect(v, `a demo ${k}`).toBeTruthy();
  return ids;
}

/** A table path made openable: its parameters filled from the demo data; optional ones left out. */
function fill(route: string, ids: Awaited<ReturnType<typeof demoIds>>): string {
  const values: Record<string, string> = {
    '/order/detail/:id': String(ids.order),
    '/order/:type': 'list',
    '/setting/:type': 'profile',
    '/rentCar/car/:id': String(ids.car),
    '/rentCar/car/:id/edit': String(ids.car),
    '/rentDriver/:id': String(ids.driver),
    '/rentDriver/:id/edit': String(ids.driver),
    '/pay/sandbox/:orderNo': ids.orderNo!,
    '/qr/:id': ids.qr,
    '/survey/lead/:key': ids.formKey,
  };
  const filled = route.replace(/\/:\w+\?/g, '');
  if (!filled.includes(':')) return filled;
  // A survey link with a token that is not the survey's: the page that says so (the answering page at phone size
  // is crm.spec.ts's).
  if (route === '/survey/:id/:token') return `/survey/${ids.survey}/not-a-valid-token`;
  // The sandboxes' links with a token that is no link's: the page that says so (signing on a phone is
  // notarization.spec.ts's).
  if (route === '/esign/sandbox/:token') return '/esign/sandbox/not-a-valid-signing-token-0000';
  if (route === '/notary/sandbox/:caseNo') return '/notary/sandbox/NSBX0?token=not-a-valid-token';
  const value = values[route];
  if (value === undefined) throw new Error(`phone.spec.ts: give the route ${route} a value from the demo data`);
  return filled.replace(/:\w+/, value);
}

/** A picture of the page to look at, when SCREENSHOTS=1 asks for them. */
async function shot(page: Page, file: string, fullPage = false) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: file, fullPage });
}

/** Nothing wider than the screen: the page does not scroll sideways. */
async function expectNoWiderThanScreen(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(WIDTH);
}

/** The account menu opens and its sign-out is inside the screen. */
async function expectSignOutReachable(page: Page, lang: 'zh-CN' | 'en-US') {
  await page.getByRole('button', { name: lang === 'zh-CN' ? '账户菜单' : 'Account menu' }).click();
  const signOut = page.getByRole('menuitem', { name: lang === 'zh-CN' ? '退出登录' : 'Sign out' });
  await expect(signOut).toBeVisible();
  const box = (await signOut.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  await page.keyboard.press('Escape');
  await expect(signOut).toBeHidden();
}

async function setLanguage(page: Page, lang: 'zh-CN' | 'en-US') {
  await page.evaluate((l) => localStorage.setItem('fleetdesk.lang', l), lang);
}

test('every screen at 390 x 844 in both languages: no wider than the phone, sign-out on the screen; a handover at phone size', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(600_000);
  const token = (await apiSignIn(request, 'admin')).access_token;
  const ids = await demoIds(request, token);
  // The driver portal's screens are a phone's by design and need a driver's token (without one each is its sign-in):
  // e2e/tests/driver-portal.spec.ts goes through them at 390 x 844 as the driver.
  const routes = tableRoutes().filter((r) => r.frame !== 'plain' && !r.path.startsWith('/driver'));
  // The table is read: the screens of every area are there.
  expect(routes.map((r) => r.path)).toEqual(
    expect.arrayContaining(['/', '/rentCar/:type?', '/rentCar/car/:id', '/rentDriver/:id', '/oa/depart/:type?']),
  );
  // The phone-side QR confirmation comes last (after the handover): it ends in the sign-in screen here.
  const qr = routes.find((r) => r.path === '/qr/:id')!;
  const urls = [
    ...routes.filter((r) => r !== qr).map((r) => ({ ...r, url: fill(r.path, ids) })),
    // A contract's page (under /rentContract/:type?/:name?) and a list tab of the vehicles.
    { path: '/rentContract/detail/:id', frame: 'header', open: false, url: `/rentContract/detail/${ids.contract}` },
    { path: '/rentCar/violations', frame: 'header', open: false, url: '/rentCar/violations' },
    // The CRM's tabs, a lead's page and a survey's page (one route, /crm/:page?/:id?).
    ...['followUps', 'funnel', 'surveys', 'settings', `lead/${ids.lead}`, `survey/${ids.survey}`].map((p) => ({
      path: `/crm/${p}`,
      frame: 'header',
      open: false,
      url: `/crm/${p}`,
    })),
    // The short-term tabs (one route, /sevenShort/:page?/:id?; the board is the route itself).
    ...['bookings', 'stores', 'prices'].map((p) => ({
      path: `/sevenShort/${p}`,
      frame: 'header',
      open: false,
      url: `/sevenShort/${p}`,
    })),
    // The time-share tabs (one route, /sevenTime/:page?/:id?; the trips tab is the route itself).
    ...['zones', 'rates', 'renters'].map((p) => ({
      path: `/sevenTime/${p}`,
      frame: 'header',
      open: false,
      url: `/sevenTime/${p}`,
    })),
  ];

  await page.goto('/');
  for (const lang of ['zh-CN', 'en-US'] as const) {
    await setLanguage(page, lang);
    for (const route of urls) {
      await page.goto(route.url);
      // The screen has drawn (not the screen's loading state) and its first calls have answered; a screen that keeps
      // a connection open (the GPS map's live positions) never goes quiet, so the wait for quiet is bounded.
      await expect(page.locator('.fd-loading')).toHaveCount(0);
      await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
      await expect(page.locator('.fd-loading')).toHaveCount(0);
      const name = route.url.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '') || 'home';
      await shot(page, testInfo.outputPath(`${lang}-${name}.png`), true);
      await expectNoWiderThanScreen(page, `${route.url} (${lang})`);
      if (route.frame === 'header' && new URL(page.url()).pathname !== '/gameover')
        await expectSignOutReachable(page, lang);
    }
  }

  // The navigation drawer: opened by the labelled menu button, closed by choosing an entry.
  await setLanguage(page, 'zh-CN');
  await page.goto('/');
  await page.getByRole('button', { name: '打开导航菜单' }).click();
  const drawer = page.locator('.fd-nav-drawer');
  await expect(drawer.getByRole('menu', { name: '主导航' })).toBeVisible();
  await shot(page, testInfo.outputPath('zh-CN-drawer.png'));
  await drawer.getByText('办公', { exact: true }).click();
  await drawer.getByRole('menuitem', { name: '操作日志' }).click();
  await expect(page).toHaveURL(/\/oaLog$/);
  await expect(drawer).toBeHidden();
  // A list as cards.
  await page.goto('/rentCar');
  await expect(page.locator('.fd-list-row-card').first()).toBeVisible();
  await expect(page.locator('.ant-table')).toHaveCount(0);

  // The handover at the car: the dispatch wizard in Chinese, the return in English, in a full-screen dialog.
  const contractId = await signedContract(request, token);
  const state = await call<{ lastMileage: number }>(request, token, 'GET', `rentContract/inspections/${contractId}`);
  const km = state.body.data.lastMileage;
  await page.goto(`/rentContract/detail/${contractId}?tab=handover`);
  await page.getByRole('button', { name: /^发\s?车$/ }).click();
  const wizard = page.getByRole('dialog');
  await wizard.getByLabel('里程（公里）').fill(String(km + 20));
  // Measured once the dialog's opening animation (a zoom) has settled: under load it may still be scaling.
  await expect(async () => {
    const dialogBox = (await page.locator('.ant-modal-container').boundingBox())!;
    expect(dialogBox.x).toBe(0);
    expect(dialogBox.width).toBe(WIDTH);
  }).toPass({ timeout: 5_000 });
  await expectNoWiderThanScreen(page, 'the dispatch wizard');
  await shot(page, testInfo.outputPath('zh-CN-handover-dispatch.png'));
  await wizard.getByRole('button', { name: '下一步' }).click();
  await wizard.getByRole('button', { name: '车头' }).click();
  await wizard.getByLabel('车损说明 1').fill('前保险杠划痕');
  await expectNoWiderThanScreen(page, 'the dispatch wizard, damage');
  await shot(page, testInfo.outputPath('zh-CN-handover-damage.png'));
  await wizard.getByRole('button', { name: '下一步' }).click();
  await expect(wizard.getByText('车头：前保险杠划痕')).toBeVisible();
  await wizard.getByRole('button', { name: /^提\s?交$/ }).click();
  await expect(page.getByRole('button', { name: /^退\s?车$/ })).toBeVisible();
  await expect(page.locator('.fd-damage-list').getByText('前保险杠划痕')).toBeVisible();

  await setLanguage(page, 'en-US');
  await page.reload();
  await page.getByRole('button', { name: 'Return', exact: true }).click();
  const back = page.getByRole('dialog');
  await back.getByLabel('Mileage (km)').fill(String(km + 900));
  await back.getByLabel('Damage deduction (yuan)').fill('300');
  await expectNoWiderThanScreen(page, 'the return wizard');
  await shot(page, testInfo.outputPath('en-US-handover-return.png'));
  await back.getByRole('button', { name: 'Next' }).click();
  await back.getByRole('button', { name: 'Left side' }).click();
  await back.getByLabel('Damage 1').fill('Dent in the left front door');
  await back.getByRole('button', { name: 'Next' }).click();
  await back.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.fd-damage-list').getByText('Dent in the left front door')).toBeVisible();
  await expectNoWiderThanScreen(page, 'the handover tab');
  await shot(page, testInfo.outputPath('en-US-handover-done.png'), true);

  await page.goto(fill(qr.path, ids));
  await expect(page.locator('.fd-loading')).toHaveCount(0);
  await shot(page, testInfo.outputPath('en-US-qr.png'), true);
  await expectNoWiderThanScreen(page, 'the QR confirmation');
});
