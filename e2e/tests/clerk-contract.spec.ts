import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { authFile } from '../support/global-setup';
import { pickOption } from '../support/select';
import { apiSignIn } from '../support/server';

/**
 * The clerk's contract job (issue 29) in both languages, through the screens only: a car whose compulsory
 * insurance is missing and a new prospect driver; from the driver's page "new contract": the car is greyed in the
 * picker with its reason, the clerk follows the link, adds the policy on the car's insurance tab, starts the
 * contract again from the car's page, picks the driver (a prospect: activate and sign), goes through the terms,
 * signs and collects the first receipts, follows "dispatch" to the handover, dispatches the car and collects the
 * next bill (early: confirmed). The contract part (from opening the wizard to the collected bill) is counted and
 * must take fewer than 35 actions. After the first page, nothing is reached by typing an address.
 */
test.use({ storageState: authFile('admin') });

const B = '/api/ccwadmin';

const TEXT = {
  'zh-CN': {
    newContract: '签约新合同',
    addPolicy: '添加交强险',
    policyAdd: '新增保单',
    policyNo: '保单号',
    starts: '起保日期',
    ends: '终保日期',
    premium: '保费（元）',
    save: '保存',
    activate: '设为在职并签约',
    next: '下一步',
    create: '生成合同',
    signNow: '确认收款并签约',
    signed: /签约成功，已收款 ¥[\d,]+\.\d{2}/,
    dispatch: /^发\s?车 →$/,
    dispatchButton: /^发\s?车$/,
    mileage: '里程（公里）',
    submit: /^提\s?交$/,
    bills: '账单计划',
    collect: /^收\s?款$/,
    early: '确认提前收款',
    collected: /已收款 ¥3,000\.00/,
  },
  'en-US': {
    newContract: 'New contract',
    addPolicy: 'Add the policy',
    policyAdd: 'Add a policy',
    policyNo: 'Policy number',
    starts: 'Starts',
    ends: 'Ends',
    premium: 'Premium (yuan)',
    save: 'Save',
    activate: 'Activate and sign',
    next: 'Next',
    create: 'Create the contract',
    signNow: 'Collect and sign',
    signed: /Signed: ¥[\d,]+\.\d{2} collected/,
    dispatch: /^Dispatch the car →$/,
    dispatchButton: /^Dispatch$/,
    mileage: 'Mileage (km)',
    submit: /^Submit$/,
    bills: 'Bill schedule',
    collect: /^Collect$/,
    early: 'Collect early',
    collected: /Collected ¥3,000\.00/,
  },
} as const;

/** Every user action goes through here, so the job's length can be asserted. */
function counter(page: Page) {
  let n = 0;
  return {
    get count() {
      return n;
    },
    click: async (l: Locator) => {
      n++;
      await l.click();
    },
    fill: async (l: Locator, v: string) => {
      n++;
      await l.fill(v);
    },
    press: async (l: Locator, key: string) => {
      n++;
      await l.press(key);
    },
    pick: async (combobox: Locator, option: string | RegExp) => {
      n += 2;
      await pickOption(page, combobox, option);
    },
    type: async (l: Locator, text: string) => {
      n++;
      await l.pressSequentially(text);
    },
  };
}

async function api<T>(request: APIRequestContext, token: string, method: string, url: string, data?: unknown) {
  const res = await request.fetch(`${B}/${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'X-User-Type': 'manager' },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await res.json()) as { data: T; message: string };
  expect(res.status(), body.message).toBeLessThan(300);
  return body.data;
}

const day = (n: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + n * 86_400_000));

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`the clerk's contract job, ${lang}: greyed car, policy added, prospect activated, signed, dispatched, first bill collected`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const T = TEXT[lang];
    const token = (await apiSignIn(request, 'admin')).access_token;
    // The records the clerk made before: an idle car of the rent whose compulsory policies are gone (a car added
    // without its policy) and a prospect driver of the same rent (a new driver starts as a prospect).
    const rentId = (await apiSignIn(request, 'admin')).rent!.id;
    const idle = await api<{ rows: { id: number; plate: string }[] }>(request, token, 'POST', 'rentCar/list', {
      status: ['idle'],
      rentId,
      pageSize: 50,
    });
    const verdicts = await api<{ carId: number; rentable: boolean }[]>(request, token, 'POST', 'rentCar/rentability', {
      ids: idle.rows.map((c) => c.id),
    });
    const car = idle.rows.find((c) => verdicts.find((v) => v.carId === c.id)?.rentable)!;
    expect(car, 'an idle car that may be rented').toBeTruthy();
    const policies = await api<{ rows: { id: number }[] }>(
      request,
      token,
      'GET',
      `rentCar/insurance/policy/list?carId=${car.id}&kind=compulsory&pageSize=50`,
    );
    for (const p of policies.rows) await api(request, token, 'DELETE', `rentCar/insurance/policy/delete/${p.id}`);
    const prospects = await api<{ rows: { id: number; name: string }[] }>(request, token, 'POST', 'rentDriver/list', {
      state: ['prospect'],
      rentId,
      pageSize: 5,
    });
    const driver = prospects.rows[0]!;
    const tail = car.plate.slice(-5);

    await page.addInitScript((l) => localStorage.setItem('fleetdesk.lang', l), lang);
    // The one address typed: the driver's page the clerk has just made. From here on only clicks.
    await page.goto(`/rentDriver/${driver.id}`);
    const act = counter(page);

    // From the driver's page: the wizard with the driver chosen; the car without its policy is greyed.
    await act.click(page.getByRole('button', { name: T.newContract }));
    await expect(page).toHaveURL(/\/rentContract\/new\?driverId=/);
    const carBox = page.locator('.fd-car-picker input');
    await act.click(carBox);
    await act.type(carBox, tail);
    const blocked = page.locator('.fd-car-option-blocked').filter({ hasText: tail });
    await expect(blocked).toBeVisible({ timeout: 20_000 });
    await act.click(blocked.getByRole('link', { name: T.addPolicy }));
    await expect(page).toHaveURL(new RegExp(`/rentCar/car/${car.id}\\?tab=insurance`));

    // The policy on the car's insurance tab (the compliance area copies it onto the car).
    await act.click(page.getByRole('button', { name: T.policyAdd }));
    const form = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: T.policyAdd }) });
    await act.pick(form.getByRole('combobox').nth(1), /人保|PICC/);
    await act.fill(form.getByLabel(T.policyNo), `PDZA${Date.now()}`);
    for (const [label, value] of [
      [T.starts, day(-1)],
      [T.ends, day(364)],
    ] as const) {
      await act.click(form.getByLabel(label));
      await act.fill(form.getByLabel(label), value);
      await act.press(form.getByLabel(label), 'Enter');
    }
    await act.fill(form.getByLabel(T.premium), '950');
    await act.click(form.getByRole('button', { name: T.save }));
    await expect(form).toBeHidden();
    await expect(page.locator('.fd-car-rentability')).toHaveCount(0);

    // The contract part, counted: from the car's page, the wizard with the car chosen.
    const before = act.count;
    await act.click(page.getByRole('button', { name: T.newContract }));
    await expect(page).toHaveURL(new RegExp(`/rentContract/new\\?carId=${car.id}`));
    const driverBox = page.locator('.fd-driver-picker input');
    await act.click(driverBox);
    await act.type(driverBox, driver.name);
    await act.click(page.locator('.ant-select-item-option').filter({ hasText: driver.name }).first());
    await act.click(page.getByRole('button', { name: T.activate }));
    await expect(page.locator('.fd-prospect-alert')).toHaveCount(0);
    const next = page.locator('.fd-sign-nav .ant-btn-primary');
    await act.click(next);
    await act.click(next);
    await expect(page.locator('.ant-table')).toBeVisible();
    await act.click(page.getByRole('button', { name: T.create }));
    const receipts = page.locator('.fd-sign-receipts');
    await act.pick(receipts.getByRole('combobox'), /./);
    await act.click(receipts.getByRole('button', { name: T.signNow }));
    await expect(page.getByText(T.signed)).toBeVisible({ timeout: 20_000 });

    // The next step: the dispatch, on the contract's handover tab.
    await act.click(page.getByRole('button', { name: T.dispatch }));
    await expect(page).toHaveURL(/tab=handover/);
    await act.click(page.getByRole('button', { name: T.dispatchButton }));
    const wizard = page.getByRole('dialog');
    const mileage = wizard.getByLabel(T.mileage);
    // The reading on the dashboard: the car's last mileage and a few kilometres more.
    const { mileageKm } = await api<{ mileageKm: number }>(request, token, 'GET', `rentCar/${car.id}`);
    await act.fill(mileage, String(mileageKm + 10));
    await act.click(wizard.getByRole('button', { name: T.next }));
    await act.click(wizard.getByRole('button', { name: T.next }));
    await act.click(wizard.getByRole('button', { name: T.submit }));
    await expect(wizard).toBeHidden({ timeout: 20_000 });

    // The next bill, from the bills tab: collected before its due date, so confirmed first.
    await act.click(page.getByRole('tab', { name: T.bills }));
    await act.click(page.locator('.ant-table-row').getByRole('button', { name: T.collect }).first());
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('.fd-collect-breakdown') });
    await expect(dialog.locator('.fd-collect-breakdown')).toContainText('¥3,000.00');
    await act.click(dialog.locator('.ant-modal-footer .ant-btn-primary'));
    await act.click(page.getByRole('button', { name: T.early }));
    await expect(page.getByText(T.collected)).toBeVisible({ timeout: 20_000 });
    const contractActions = act.count - before;
    expect(contractActions, `${contractActions} actions from the wizard to the collected bill`).toBeLessThan(35);
  });
}
