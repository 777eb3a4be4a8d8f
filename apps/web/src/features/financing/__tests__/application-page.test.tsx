import App from 'antd/es/app';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { quoteOf, type Application } from '@fleetdesk/contracts/financing';
import { setLanguage } from '../../../lib/i18n';
import { session, type SessionUser } from '../../../lib/session';
import { fakeServer, ok } from '../../../test/fake-server';
import { signedIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ApplicationPage } from '../pages/application-page';
import '../i18n';

const SLOW = { timeout: 20_000 };
const B = '/api/ccwadmin';

function user(elements: string[]): SessionUser {
  return {
    id: 1,
    name: '张伟',
    username: 'admin',
    phone: '13800000001',
    email: null,
    avatar: null,
    roles: [],
    menus: ['finance'],
    elements: Object.fromEntries(elements.map((e) => [e, true])),
    tenantId: 3,
    tenantName: '演示租车',
    rentCode: null,
    rentId: 7,
    rentName: '杭州',
    rentCity: '杭州',
    shortRentName: '杭州',
    rents: [],
  };
}

const product = {
  method: 'annuity' as const,
  dueMode: 'arrears' as const,
  repayDay: null,
  annualRate: 0.068,
  terms: [12, 24, 36],
  minDownRatio: 0.3,
  maxDownRatio: 0.5,
  maxBalloonRatio: 0,
  lateFeeDailyRate: 0.0005,
  gpsFee: 1200,
  mortgageFee: 500,
  serviceFeeRate: 0.01,
  depositRatio: 0.05,
  breakRateEarly: 0.03,
  breakRateLate: 0.01,
  breakFloor: 1000,
};

function application(over: Partial<Application>): Application {
  const quote = quoteOf(product, {
    totalAmount: 100_000,
    payProportion: 0.3,
    stagingNumber: 12,
    loanDate: '2026-12-01',
  });
  return {
    id: 6,
    code: 'RZ20261200006',
    tenantId: 3,
    tenantName: '演示租车',
    rentId: 7,
    rentName: '演示租车杭州分公司',
    financierId: 31,
    financierName: '鑫达融资租赁有限公司',
    productId: 4,
    productName: '等额本息 36 期',
    state: 'S7',
    reviewStage: null,
    carId: 12,
    plate: '浙A12345',
    vin: 'LSVAM4187C2184847',
    carTypeName: '比亚迪 秦PLUS',
    totalAmount: 100_000,
    payProportion: 0.3,
    stagingNumber: 12,
    financed: 70_000,
    monthly: quote.monthly,
    supplementReason: null,
    submittedAt: '2026-12-01T02:00:00.000Z',
    createdAt: '2026-12-01T02:00:00.000Z',
    updatedAt: '2026-12-01T02:00:00.000Z',
    version: 5,
    engineNo: null,
    compulsoryNo: null,
    commercialNo: null,
    balloon: 0,
    installMobile: null,
    installAddress: null,
    imgBuyInvoice: null,
    imgCompulsory: null,
    imgCommercial: null,
    imgCompulsoryEndorsementA: null,
    imgCompulsoryEndorsementB: null,
    imgCompulsoryEndorsementC: null,
    imgCommercialEndorsementA: null,
    imgCommercialEndorsementB: null,
    imgCommercialEndorsementC: null,
    buyCommercial: false,
    buyCompulsory: false,
    gps: true,
    username: null,
    idNo: null,
    contact: null,
    imgId1: null,
    imgId2: null,
    applyItems: ['A3'],
    commercialAmount: 0,
    compulsoryAmount: 0,
    quote: { ...quote, schedule: [] },
    conditions: null,
    rejectReason: null,
    approvalRequestId: null,
    items: [],
    slots: { commercialPresent: [], commercialMissing: [], compulsoryPresent: [], compulsoryMissing: [] },
    decidedAt: null,
    disbursedAt: null,
    settledAt: null,
    cancelledAt: null,
    actions: [],
    ...over,
  };
}

function serve(side: 'applicant' | 'financier', app: Application) {
  return fakeServer({
    [`GET ${B}/rentFinancingCar/index`]: () =>
      ok({
        side,
        limits: [],
        total: 0,
        used: 0,
        frozen: 0,
        available: 0,
        counts: {},
        awaitingReview: 0,
        dueInstalments: 0,
        dueAmount: 0,
        overdueInstalments: 0,
        overdueAmount: 0,
      }),
    [`GET ${B}/rentFinancingCar/get/6`]: () => ok(app),
  });
}

const render = () =>
  renderWithProviders(
    <App>
      <ApplicationPage id={6} />
    </App>,
  );

beforeEach(async () => {
  signedIn();
  await setLanguage('zh-CN');
});
afterEach(() => session.set({ user: null }));

describe('the application page: the side, the state and the elements decide the buttons', () => {
  it('a repaying applicant with finance:pay pays and pays off; without it only downloads the contract', async () => {
    session.set({ user: user(['finance:pay', 'finance:apply']) });
    serve('applicant', application({ state: 'S7' }));
    const { unmount } = render();
    const actions = await screen.findByTestId('fin-actions', {}, SLOW);
    await screen.findByRole('button', { name: '提前结清' }, SLOW);
    expect(actions.textContent).toContain('下载融资合同');
    expect(screen.getByText('还款中')).toBeInTheDocument();
    unmount();

    session.set({ user: user(['finance:apply']) });
    serve('applicant', application({ state: 'S7' }));
    render();
    await screen.findByRole('button', { name: /下载融资合同/ }, SLOW);
    expect(screen.queryByRole('button', { name: '提前结清' })).toBeNull();
  }, 60_000);

  it("shows the financier's review only to a financier with finance:audit, and the server's actions only", async () => {
    const s2 = application({ state: 'S2', reviewStage: 'financier', actions: ['audit'] });
    session.set({ user: user(['finance:audit']) });
    serve('financier', s2);
    const { unmount } = render();
    expect(await screen.findByRole('button', { name: /审\s*核/ }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('资方审核')).toBeInTheDocument();
    // The financier sees the applicant company, never a raw id.
    expect(screen.getByTestId('fin-detail').textContent).toContain('演示租车 · 演示租车杭州分公司');
    unmount();

    session.set({ user: user(['finance:pay']) });
    serve('financier', s2);
    render();
    await screen.findByText('资方审核', {}, SLOW);
    expect(screen.queryByRole('button', { name: /审\s*核/ })).toBeNull();
  }, 60_000);

  it('an application returned for supplement says why and offers edit and submit', async () => {
    session.set({ user: user(['finance:edit', 'finance:apply']) });
    serve(
      'applicant',
      application({ state: 'S1', supplementReason: '请补充购车发票', actions: ['edit', 'submit', 'cancel'] }),
    );
    render();
    expect(await screen.findByText('需补充材料：请补充购车发票', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /修\s*改/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '提交审核' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '取消申请' })).toBeInTheDocument();
  }, 60_000);
});
