import { expect, test, type Locator, type Page } from '@playwright/test';
import { withVinCheckDigit } from '@fleetdesk/contracts/identifiers';
import { authFile } from '../support/global-setup';
import { entryNamed, openFromNav } from '../support/nav';
import { pickOption } from '../support/select';

/**
 * The clerk's contract job (issue 29) in both languages, through the screens only: from the home page the clerk
 * adds a car through the car form (without its compulsory insurance) and a driver through the driver form (a new
 * driver is a prospect); from the driver's page "new contract": the car is greyed in the
 * picker with its reason, the clerk follows the link, adds the policy on the car's insurance tab, starts the
 * contract again from the car's page, picks the driver (a prospect: activate and sign), goes through the terms,
 * signs and collects the first receipts, follows "dispatch" to the handover, dispatches the car and collects the
 * next bill (early: confirmed). The contract part (from opening the wizard to the collected bill) is counted and
 * must take fewer than 35 actions. After the home page, nothing is reached by typing an address.
 */
test.use({ storageState: authFile('admin') });

const TEXT = {
  'zh-CN': {
    vehiclesGroup: '车辆',
    vehicles: '车辆管理',
    peopleGroup: '司机与客户',
    drivers: '司机管理',
    addCar: '新增车辆',
    addDriver: '新增司机',
    newContract: '签约新合同',
    addPolicy: '添加交强险',
    policyAdd: '新增保单',
    policyNo: '保单号',
    starts: '起保日期',
    ends: '终保日期',
    premium: '保费（元）',
    save: /^保\s?存$/,
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
    vehiclesGroup: 'Vehicles',
    vehicles: 'Vehicles',
    peopleGroup: 'Drivers & customers',
    drivers: 'Drivers',
    addCar: 'Add a car',
    addDriver: 'Add a driver',
    newContract: 'New contract',
    addPolicy: 'Add the policy',
    policyAdd: 'Add a policy',
    policyNo: 'Policy number',
    starts: 'Starts',
    ends: 'Ends',
    premium: 'Premium (yuan)',
    save: /^Save$/,
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

/** A VIN with its check digit (position 9) and a serial of six digits of this run. */
const vin = (serial: string) => withVinCheckDigit(`LSVAB2180MH${serial}`);

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** An 18-character ID number with its check character (ISO 7064 MOD 11-2). */
function idNumber(first17: string): string {
  const sum = [...first17].reduce((s, c, i) => s + Number(c) * ID_WEIGHTS[i]!, 0);
  return first17 + '10X98765432'[sum % 11]!;
}

const day = (n: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + n * 86_400_000));

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`the clerk's contract job, ${lang}: greyed car, policy added, prospect activated, signed, dispatched, first bill collected`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const T = TEXT[lang];
    const stamp = String(Date.now()).slice(-6);
    const plate = `浙F${stamp.slice(-5)}`;
    const tail = plate.slice(-5);
    const name = `${lang === 'zh-CN' ? '林晓' : '宋雨'}${stamp.slice(-4)}`;
    const mileageKm = 1200;

    await page.addInitScript((l) => localStorage.setItem('fleetdesk.lang', l), lang);
    // The one address typed: the home page. From here on only clicks.
    await page.goto('/');
    const act = counter(page);

    // The car through the car form, from the vehicles list: no compulsory insurance yet.
    await openFromNav(page, T.vehiclesGroup, entryNamed(T.vehicles), /\/rentCar(\?.*)?$/);
    await act.click(page.getByRole('button', { name: T.addCar }));
    await expect(page).toHaveURL(/\/rentCar\/car\/new$/);
    // The form's fields, not the list's search form (its plate field has the same id) while the form's page loads.
    const carForm = page.locator('form.fd-car-form');
    await act.fill(carForm.locator('#plate'), plate);
    await act.fill(carForm.locator('#vin'), vin(stamp));
    await act.pick(carForm.locator('#brandId'), /./);
    await act.pick(carForm.locator('#seriesId'), /./);
    await act.fill(carForm.locator('#mileageKm'), String(mileageKm));
    await act.click(page.getByRole('button', { name: T.save }));
    await expect(page).toHaveURL(/\/rentCar\/car\/\d+$/, { timeout: 20_000 });
    const carId = Number(/\/rentCar\/car\/(\d+)$/.exec(page.url())![1]);
    await expect(page.locator('.fd-car-rentability')).toBeVisible();

    // The driver through the driver form, from the drivers list: a new driver is a prospect.
    await openFromNav(page, T.peopleGroup, entryNamed(T.drivers), /\/rentDriver(\?.*)?$/);
    await act.click(page.getByRole('button', { name: T.addDriver }));
    await expect(page).toHaveURL(/\/rentDriver\/new$/);
    const driverForm = page.locator('form.fd-driver-form');
    await act.fill(driverForm.locator('#name'), name);
    await act.fill(driverForm.locator('#idNumber'), idNumber(`33010619900307${stamp.slice(-2)}1`));
    await act.fill(driverForm.locator('#phone'), `139${stamp}${stamp.slice(-2)}`);
    await act.click(page.getByRole('button', { name: T.save }));
    await expect(page).toHaveURL(/\/rentDriver\/\d+$/, { timeout: 20_000 });

    // From the driver's page: the wizard with the driver chosen; the car without its policy is greyed.
    await act.click(page.getByRole('button', { name: T.newContract }));
    await expect(page).toHaveURL(/\/rentContract\/new\?driverId=/);
    const carBox = page.locator('.fd-car-picker input');
    await act.click(carBox);
    await act.type(carBox, tail);
    const blocked = page.locator('.fd-car-option-blocked').filter({ hasText: tail });
    await expect(blocked).toBeVisible({ timeout: 20_000 });
    await act.click(blocked.getByRole('link', { name: T.addPolicy }));
    await expect(page).toHaveURL(new RegExp(`/rentCar/car/${carId}\\?tab=insurance`));

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
    await expect(page).toHaveURL(new RegExp(`/rentContract/new\\?carId=${carId}`));
    const driverBox = page.locator('.fd-driver-picker input');
    await act.click(driverBox);
    await act.type(driverBox, name);
    await act.click(page.locator('.ant-select-item-option').filter({ hasText: name }).first());
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
    // The reading on the dashboard: the mileage the car was added with and a few kilometres more.
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
    test.info().annotations.push({ type: 'contract actions', description: String(contractActions) });
    expect(contractActions, `${contractActions} actions from the wizard to the collected bill`).toBeLessThan(35);
  });
}
