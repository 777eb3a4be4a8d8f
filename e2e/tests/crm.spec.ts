import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiData, idleCars } from '../support/api';
import { authFile } from '../support/global-setup';
import { pickOption } from '../support/select';
import { apiSignIn } from '../support/server';

/**
 * The CRM and surveys end to end (issue 32), through the screens, in Chinese:
 * (a) a customer leaves his number on the company's public lead form (`/survey/lead/{key}`, on a phone); the lead
 *     lands in the pool, the admin of 演示租车 claims it from there, follows it up twice (the first makes it 跟进中),
 *     converts it to a driver (the ID number added to what the lead knows), and from the won lead starts the contract
 *     wizard with that driver and signs him a contract;
 * (b) the published demo survey is sent to three drivers through the survey's send dialog; one of them opens his
 *     personal link (read from the sandbox SMS outbox, as the driver's phone would get it) on a 390 x 844 page and
 *     answers; the survey's results count his answer.
 * The API only sets the stage and plays the other actors (the form's key, the driver's SMS).
 */
test.use({ storageState: authFile('admin') });

const PHONE = { width: 390, height: 844 };

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** An 18-character ID number with its check character (ISO 7064 MOD 11-2). */
function idNumber(first17: string): string {
  const sum = [...first17].reduce((s, c, i) => s + Number(c) * ID_WEIGHTS[i]!, 0);
  return first17 + '10X98765432'[sum % 11]!;
}

/** A signed-out page at phone size (the driver's or the customer's phone), in Chinese. */
async function phonePage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    storageState: { cookies: [], origins: [] },
  });
  await context.addInitScript(() => localStorage.setItem('fleetdesk.lang', 'zh-CN'));
  return context.newPage();
}

/** Nothing wider than the phone: the page does not scroll sideways. */
async function expectFitsPhone(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
}

/** The tenant's public lead form, enabled, its leads entering the pool (the demo's is): its key. */
async function leadFormKey(request: APIRequestContext, token: string, rentId: number): Promise<string> {
  const form = await apiData<{
    key: string;
    enabled: boolean;
    rentId: number | null;
    ownerId: number | null;
    version: number;
  }>(request, token, 'GET', 'crmForm/get');
  if (form.enabled && form.ownerId === null) return form.key;
  const saved = await apiData<{ key: string }>(request, token, 'PUT', 'crmForm/save', {
    enabled: true,
    rentId: form.rentId ?? rentId,
    ownerId: null,
    version: form.version,
  });
  return saved.key;
}

const SURVEY_TITLE = '租车服务满意度调查';

/** The published demo survey (five questions: single, multiple, two ratings, text); made so if the demo lacks it. */
async function satisfactionSurvey(request: APIRequestContext, token: string): Promise<number> {
  const surveys = await apiData<{ rows: { id: number; title: string; state: string }[] }>(
    request,
    token,
    'GET',
    `survey/list?state=published&pageSize=50`,
  );
  const found = surveys.rows.find((s) => s.title === SURVEY_TITLE);
  if (found) return found.id;
  const made = await apiData<{ id: number }>(request, token, 'POST', 'survey/save', {
    title: SURVEY_TITLE,
    intro: '感谢您选择我们的租车服务，请花一分钟告诉我们您的感受。',
    questions: [
      { id: 'q1', kind: 'single', title: '您租车的主要用途', required: true, options: ['网约车', '家用', '商务'] },
      {
        id: 'q2',
        kind: 'multiple',
        title: '您最看重哪些方面',
        required: true,
        options: ['价格', '车况', '服务', '手续'],
      },
      { id: 'q3', kind: 'rating', title: '车辆车况满意度', required: true, options: [] },
      { id: 'q4', kind: 'rating', title: '门店服务满意度', required: true, options: [] },
      { id: 'q5', kind: 'text', title: '其他意见和建议', required: false, options: [] },
    ],
  });
  await apiData(request, token, 'POST', `survey/publish/${made.id}`, {});
  return made.id;
}

test('a lead from the public form: claimed from the pool, followed up twice, converted to a driver, given a contract', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(300_000);
  const signedIn = await apiSignIn(request, 'admin');
  const token = signedIn.access_token;
  const stamp = String(Date.now()).slice(-8);
  const name = `顾晨${stamp.slice(-4)}`;
  const phone = `136${stamp}`;
  const key = await leadFormKey(request, token, signedIn.rent!.id);

  // 1. The customer, on his phone, leaves his number on the company's form.
  const customer = await phonePage(browser, baseURL!);
  await customer.goto(`/survey/lead/${key}`);
  await expect(customer.getByTestId('crm-public-form')).toBeVisible({ timeout: 30_000 });
  await customer.getByLabel('您的姓名').fill(name);
  await customer.getByLabel('手机号').fill(phone);
  await customer.getByLabel('意向车型').fill('比亚迪秦 PLUS');
  // The honeypot is out of sight (people leave it empty).
  const trap = await customer.getByTestId('crm-hp').boundingBox();
  expect(trap === null || trap.x + trap.width <= 0, 'the honeypot is off the screen').toBe(true);
  await expectFitsPhone(customer, 'the lead form');
  await customer.getByRole('button', { name: /^提\s?交$/ }).click();
  await expect(customer.getByTestId('crm-form-sent')).toContainText('提交成功');
  await customer.context().close();

  // 2. The lead is in the pool, its phone masked (the admin does not own it); he claims it from there.
  await page.goto('/crm?view=pool');
  const search = page.getByRole('search');
  await search.getByLabel('搜索').fill(name);
  await search.getByLabel('搜索').press('Enter');
  const poolRow = page.locator('.ant-table-row', { hasText: name });
  await expect(poolRow).toBeVisible({ timeout: 30_000 });
  await expect(poolRow).toContainText(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
  await expect(poolRow).toContainText('在线表单');
  await poolRow.getByRole('checkbox').check();
  await page.getByRole('button', { name: /^领\s?取$/ }).click();
  await expect(page.getByText('已领取 1 条线索')).toBeVisible();
  await expect(poolRow).toHaveCount(0);

  // 3. It is his now: in his leads with the whole phone; its page from there.
  await page.locator('.ant-segmented-item', { hasText: '我的' }).click();
  await expect(page).toHaveURL(/\/crm(\?(?!.*view=pool).*)?$/);
  await search.getByLabel('搜索').fill(name);
  await search.getByLabel('搜索').press('Enter');
  const mine = page.locator('.ant-table-row', { hasText: name });
  await expect(mine).toContainText(phone, { timeout: 30_000 });
  await mine.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/crm\/lead\/\d+$/);
  const leadId = Number(/lead\/(\d+)/.exec(page.url())![1]);
  const leadPage = page.getByTestId('crm-lead');
  const state = leadPage.locator('h1 .ant-tag').first();
  await expect(state).toHaveText('新线索');
  await expect(page.getByTestId('crm-owner-log')).toContainText('从公海领取');

  // 4. Two follow-ups in the page's own form: a call (the first makes the lead 跟进中), then WeChat.
  const followUp = async (way: string, content: string) => {
    const form = page.getByRole('form', { name: '写跟进' });
    await form.locator('.ant-radio-button-wrapper', { hasText: way }).click();
    await form.getByLabel('跟进内容').fill(content);
    await form.getByRole('button', { name: '保存跟进' }).click();
    await expect(page.getByTestId('crm-timeline')).toContainText(content);
  };
  await followUp('电话', '电话沟通：想租比亚迪秦 PLUS 跑网约车，月租预算 3500 元');
  await expect(state).toHaveText('跟进中');
  await followUp('微信', '微信发了车型和价格，约好周六到店看车');
  await expect(leadPage.getByText('跟进记录（2）')).toBeVisible();
  const lead = await apiData<{ followUpCount: number; state: string }>(request, token, 'GET', `crmLead/get/${leadId}`);
  expect(lead).toMatchObject({ followUpCount: 2, state: 'following' });

  // 5. Converted to a driver: name, phone and rent come from the lead, the ID number is added.
  await page.getByRole('group', { name: '线索操作' }).getByRole('button', { name: '转为司机' }).click();
  const convert = page.getByRole('dialog');
  await expect(convert.getByLabel('姓名')).toHaveValue(name);
  await expect(convert.getByLabel('手机号')).toHaveValue(phone);
  await convert.getByLabel('身份证号').fill(idNumber(`33010619880512${stamp.slice(-3)}`));
  await convert.getByRole('button', { name: '创建司机' }).click();
  await expect(convert).toContainText(`${name} 已转为司机`, { timeout: 20_000 });
  const won = await apiData<{ driverId: number | null; state: string }>(request, token, 'GET', `crmLead/get/${leadId}`);
  expect(won.state).toBe('won');
  expect(won.driverId).toBeTruthy();

  // 6. From there, the contract wizard with the new driver chosen, on a car of his rent that may be rented out.
  await convert.getByRole('button', { name: '签订合同' }).click();
  await expect(page).toHaveURL(new RegExp(`/rentContract/new\\?driverId=${won.driverId}`));
  const driver = await apiData<{ rentId: number }>(request, token, 'GET', `rentDriver/${won.driverId}`);
  const car = await rentableCar(request, token, driver.rentId);
  const carBox = page.locator('.fd-car-picker input');
  await carBox.click();
  await carBox.pressSequentially(car.plate.slice(-5));
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: car.plate.slice(-5) })
    .first()
    .click();
  // A new driver is a prospect: activated as he signs.
  const activate = page.getByRole('button', { name: '设为在职并签约' });
  if (await activate.isVisible()) await activate.click();
  await expect(page.locator('.fd-prospect-alert')).toHaveCount(0);
  const next = page.locator('.fd-sign-nav .ant-btn-primary');
  await next.click();
  await next.click();
  await expect(page.locator('.ant-table')).toBeVisible();
  await page.getByRole('button', { name: '生成合同' }).click();
  const receipts = page.locator('.fd-sign-receipts');
  await pickOption(page, receipts.getByRole('combobox'), /./);
  await receipts.getByRole('button', { name: '确认收款并签约' }).click();
  await expect(page.getByText(/签约成功，已收款 ¥[\d,]+\.\d{2}/)).toBeVisible({ timeout: 20_000 });

  // The won lead's page names its driver.
  await page.goto(`/crm/lead/${leadId}`);
  await expect(state).toHaveText('已成交');
  await expect(leadPage.getByText('已成交，司机：')).toBeVisible();
  await expect(page.getByRole('group', { name: '线索操作' }).getByRole('button', { name: '转为司机' })).toHaveCount(0);
});

/** An idle car of the driver's rent that the contract wizard offers (status, compulsory insurance, inspection). */
async function rentableCar(
  request: APIRequestContext,
  token: string,
  rentId: number,
): Promise<{ id: number; plate: string }> {
  const cars = { rows: await idleCars<{ id: number; plate: string; rentId: number }>(request, token, { rentId }) };
  const checks = await apiData<{ carId: number; rentable: boolean }[]>(request, token, 'POST', 'rentCar/rentability', {
    ids: cars.rows.map((c) => c.id),
  });
  const car = cars.rows.find((c) => checks.some((r) => r.carId === c.id && r.rentable));
  expect(car, 'an idle demo car that may be rented out').toBeTruthy();
  return car!;
}

test('a survey sent to three drivers through the screen; one answers on his phone', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const token = (await apiSignIn(request, 'admin')).access_token;
  const surveyId = await satisfactionSurvey(request, token);
  const before = await apiData<{ totals: { invited: number; answered: number } }>(
    request,
    token,
    'GET',
    `survey/results/${surveyId}`,
  );
  // Three active drivers with a phone, not yet invited to it (the demo sent it to ten).
  const invited = await apiData<{ rows: { driverId: number | null }[] }>(
    request,
    token,
    'GET',
    `survey/invites/${surveyId}?pageSize=100`,
  );
  const drivers = await apiData<{ rows: { id: number; name: string; phone: string | null }[] }>(
    request,
    token,
    'POST',
    'rentDriver/list',
    { state: ['active'], pageSize: 50 },
  );
  const three = drivers.rows.filter((d) => d.phone && !invited.rows.some((i) => i.driverId === d.id)).slice(-3);
  expect(three).toHaveLength(3);

  // 1. The survey's page from the surveys tab; the send dialog with three drivers found by name.
  await page.goto('/crm/surveys');
  await page.locator(`a[href="/crm/survey/${surveyId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/crm/survey/${surveyId}`));
  await page
    .getByRole('group', { name: '问卷操作' })
    .getByRole('button', { name: /^发\s?送$/ })
    .click();
  const send = page.getByRole('dialog');
  const picker = send.getByRole('combobox', { name: '司机' });
  for (const d of three) {
    await expect(async () => {
      await picker.click();
      await picker.fill(d.phone!);
      const listId = await picker.getAttribute('aria-controls');
      await page
        .locator('.ant-select-dropdown', { has: page.locator(`[id="${listId}"]`) })
        .locator('.ant-select-item-option')
        .filter({ hasText: d.phone! })
        .first()
        .click({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });
  }
  await picker.press('Escape');
  await expect(send).toContainText('共 3 人');
  const since = Date.now();
  await send.getByRole('button', { name: /^发\s?送$/ }).click();
  await expect(page.getByText('已发送给 3 人')).toBeVisible({ timeout: 20_000 });
  await expect(send).toBeHidden();

  // 2. The first driver's SMS, as the sandbox gateway got it: his personal link.
  const driver = three[0]!;
  let link = '';
  await expect
    .poll(
      async () => {
        const outbox = await apiData<{ rows: { content: string; createdAt: string }[] }>(
          request,
          token,
          'GET',
          `smsNotice/outbox?phone=${driver.phone}&pageSize=5`,
        );
        const sms = outbox.rows.find(
          (r) => Date.parse(r.createdAt) >= since - 2000 && /\/survey\/\d+\/[\w.-]+/.test(r.content),
        );
        link = sms ? /\/survey\/\d+\/[\w.-]+/.exec(sms.content)![0] : '';
        return link;
      },
      { message: `the survey SMS to ${driver.phone}`, timeout: 30_000 },
    )
    .toBeTruthy();

  // 3. He answers on his phone: one choice, several choices, two ratings and a remark.
  const phone = await phonePage(browser, baseURL!);
  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: SURVEY_TITLE })).toBeVisible({ timeout: 30_000 });
  await expect(phone.getByText(`${driver.name} 您好`)).toBeVisible();
  await expectFitsPhone(phone, 'the survey page');
  const questions = phone.locator('fieldset.fd-crm-q');
  await expect(questions).toHaveCount(5);
  for (let i = 0; i < 5; i++) {
    const q = questions.nth(i);
    if (await q.locator('.ant-rate').count()) await q.locator('.ant-rate-star').nth(3).click();
    else if (await q.locator('.ant-checkbox-wrapper').count()) {
      await q.locator('.ant-checkbox-wrapper').nth(0).click();
      await q.locator('.ant-checkbox-wrapper').nth(1).click();
    } else if (await q.locator('.ant-radio-wrapper').count()) await q.locator('.ant-radio-wrapper').first().click();
    else await q.locator('textarea').fill('车况很好，客服回复及时，希望还车手续再快一点');
  }
  await phone.getByRole('button', { name: /^提\s?交$/ }).click();
  await expect(phone.getByTestId('crm-survey-sent')).toContainText('感谢您的参与', { timeout: 20_000 });
  await expectFitsPhone(phone, 'the thank-you page');
  // The link is spent: opened again, it says so.
  await phone.reload();
  await expect(phone.getByTestId('crm-survey-answered')).toContainText('您已提交过', { timeout: 20_000 });
  await phone.context().close();

  // 4. The results count three more invited and one more answer; the invites list shows him answered.
  const after = await apiData<{ totals: { invited: number; answered: number } }>(
    request,
    token,
    'GET',
    `survey/results/${surveyId}`,
  );
  expect(after.totals.invited).toBe(before.totals.invited + 3);
  expect(after.totals.answered).toBe(before.totals.answered + 1);
  await page.reload();
  await page.getByRole('tab', { name: '发送记录' }).click();
  await expect(page.locator('.ant-table-row', { hasText: driver.phone! }).first()).toContainText('已提交');
  await page.getByRole('tab', { name: '统计结果' }).click();
  await expect(page.getByText('车况很好，客服回复及时，希望还车手续再快一点').first()).toBeVisible();
});
