import App from 'antd/es/app';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { quoteOf } from '@fleetdesk/contracts/financing';
import { setLanguage } from '../../../lib/i18n';
import { fakeServer, ok } from '../../../test/fake-server';
import { signedIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ApplicationWizard } from '../pages/application-wizard';
import '../i18n';

const SLOW = { timeout: 20_000 };
const B = '/api/ccwadmin';
const product = {
  id: 4,
  financierId: 31,
  financierName: '鑫达融资租赁',
  code: 'P1',
  name: '三年等额本息',
  nameEn: '3-year annuity',
  method: 'annuity' as const,
  dueMode: 'arrears' as const,
  repayDay: null,
  annualRate: 0.068,
  terms: [12, 24, 36],
  minDownRatio: 0.2,
  maxDownRatio: 0.5,
  maxBalloonRatio: 0,
  lateFeeDailyRate: 0.0005,
  gpsFee: 1200,
  mortgageFee: 500,
  serviceFeeRate: 0,
  depositRatio: 0.05,
  breakRateEarly: 0.03,
  breakRateLate: 0.01,
  breakFloor: 1000,
  carTypes: [],
  active: true,
  version: 1,
};
const car = {
  id: 12,
  rentId: 7,
  plate: '浙A12345',
  vin: 'LSVAM4187C2184847',
  engineNo: 'E1234',
  brand: '比亚迪',
  model: '秦',
  carTypeName: '比亚迪 秦PLUS',
  status: 'idle',
  purchasePrice: 120_000,
};

function server() {
  return fakeServer({
    [`GET ${B}/rentCar/unFinancingCar`]: () => ok({ rows: [car], total: 1, pageNum: 1, pageSize: 20 }),
    [`GET ${B}/financingCarType/list`]: () =>
      ok([
        {
          id: 1,
          financierId: 31,
          financierName: '鑫达融资租赁',
          productId: 4,
          brand: '比亚迪',
          series: '秦',
          modelName: 'PLUS DM-i',
          guidePrice: 120_000,
          active: true,
          product,
        },
      ]),
    [`POST ${B}/rentFinancingCar/quote`]: (req) =>
      ok(quoteOf(product, { ...(req.body as object), loanDate: '2026-12-05' } as never)),
  });
}

async function pickCarAndGoOn(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: '未融资的车辆' }, SLOW));
  const option = await waitFor(() => {
    const o = document.querySelector<HTMLElement>('.ant-select-item-option');
    expect(o).not.toBeNull();
    return o!;
  }, SLOW);
  await user.click(option);
  expect(await screen.findByTestId('fin-chosen-car')).toHaveTextContent('浙A·12345');
  await user.click(screen.getByRole('button', { name: /下一步/ }));
}

beforeEach(async () => {
  signedIn();
  await setLanguage('zh-CN');
});

describe('the application wizard', () => {
  it('fills the form from the car, shows the apply items by the rule, and clears back to the defaults', async () => {
    server();
    renderWithProviders(
      <App>
        <ApplicationWizard />
      </App>,
    );
    const user = userEvent.setup();
    await pickCarAndGoOn(user);
    expect(screen.getByLabelText('车架号（VIN）')).toHaveValue('LSVAM4187C2184847');
    expect(screen.getByLabelText('车型')).toHaveValue('比亚迪 秦PLUS');
    const items = () => screen.getByTestId('fin-apply-items').textContent;
    const sw = (name: string) => screen.getByRole('switch', { name });
    // The defaults: no insurance bought, GPS fitted, A3 only.
    expect(sw('融资购买商业险')).not.toBeChecked();
    expect(sw('融资购买交强险')).not.toBeChecked();
    expect(sw('安装 GPS')).toBeChecked();
    expect(items()).toBe('A3 车辆贷款');

    await user.click(sw('融资购买商业险'));
    expect(items()).toBe('A3 车辆贷款A1 商业险');
    await user.click(sw('融资购买交强险'));
    expect(items()).toBe('A3 车辆贷款A1 商业险A2 交强险');
    await user.click(sw('安装 GPS'));
    expect(screen.queryByLabelText('安装地址')).toBeNull();

    await user.click(screen.getByRole('button', { name: /清\s*空/ }));
    // Back to the car step, every field at its default, apply items A3 only.
    expect(screen.queryByTestId('fin-chosen-car')).toBeNull();
    const hidden = { hidden: true };
    expect(screen.getByRole('switch', { name: '融资购买商业险', ...hidden })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: '融资购买交强险', ...hidden })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: '安装 GPS', ...hidden })).toBeChecked();
    expect(screen.getByTestId('fin-apply-items').textContent).toBe('A3 车辆贷款');
    expect(screen.getByLabelText('车架号（VIN）')).toHaveValue('');
  }, 120_000);

  it('shows the quote before submitting and puts the server’s field errors on the fields', async () => {
    const api = server();
    api.on({
      [`POST ${B}/rentFinancingCar/create`]: () => ({
        status: 400,
        body: {
          status: 400,
          message: '参数校验失败',
          errors: [
            { path: '', message: '参数校验失败' },
            { path: 'idNo', message: '身份证号码校验位不正确' },
          ],
        },
      }),
    });
    renderWithProviders(
      <App>
        <ApplicationWizard />
      </App>,
    );
    const user = userEvent.setup();
    await pickCarAndGoOn(user);
    await user.click(screen.getByRole('combobox', { name: '融资产品' }));
    await user.click(await screen.findByText(/三年等额本息/, {}, SLOW));
    await user.type(screen.getByLabelText('首付比例'), '30');
    await user.click(screen.getByRole('combobox', { name: '期数' }));
    await user.click(await screen.findByText('36 期', { selector: '.ant-select-item-option-content' }, SLOW));
    await user.type(screen.getByLabelText('身份证号'), '110101199003071234');
    await user.click(screen.getByRole('button', { name: /计算报价/ }));

    const quote = await screen.findByTestId('fin-quote', {}, SLOW);
    // Financed: 120,000 less 30 %, the principal of the schedule sums to it.
    expect(within(quote).getAllByText('¥84,000.00')).toHaveLength(2);
    expect(quote.querySelectorAll('.fd-fin-schedule tbody tr.ant-table-row')).toHaveLength(36);
    const sent = api.requests.find((r) => r.path === `${B}/rentFinancingCar/quote`)!.body;
    expect(sent).toMatchObject({
      productId: 4,
      totalAmount: 120_000,
      payProportion: 0.3,
      stagingNumber: 36,
      gps: true,
    });

    await user.click(screen.getByRole('button', { name: /提交审核/ }));
    expect(await screen.findByText('身份证号码校验位不正确', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('身份证号')).toBeVisible();
    const body = api.requests.find((r) => r.path === `${B}/rentFinancingCar/create`)!.body;
    expect(body).toMatchObject({
      carId: 12,
      vin: 'LSVAM4187C2184847',
      buyCommercial: false,
      buyCompulsory: false,
      gps: true,
      applyItems: ['A3'],
      idNo: '110101199003071234',
    });
  }, 120_000);
});
