import { describe, expect, it } from 'vitest';
import {
  ApplicationListQuery,
  CreateApplicationInput,
  DEFAULT_LIST_STATE,
  EMPTY_APPLICATION_FORM,
  applyItemsOf,
  endorsementSlots,
  quoteOf,
  quoteProblem,
  type FinancingProduct,
} from './financing.js';
import { withVinCheckDigit } from './identifiers.js';

const product: FinancingProduct = {
  id: 1,
  financierId: 9,
  financierName: '鑫达',
  code: 'P36',
  name: '等额本息 36 期',
  nameEn: 'Annuity 36',
  method: 'annuity',
  dueMode: 'arrears',
  repayDay: null,
  annualRate: 0.068,
  terms: [12, 24, 36],
  minDownRatio: 0.3,
  maxDownRatio: 0.5,
  maxBalloonRatio: 0.2,
  lateFeeDailyRate: 0.0005,
  gpsFee: 1200,
  mortgageFee: 500,
  serviceFeeRate: 0.01,
  depositRatio: 0.05,
  breakRateEarly: 0.03,
  breakRateLate: 0.01,
  breakFloor: 1000,
  carTypes: [],
  active: true,
  version: 0,
};

describe('spec rules of the application form', () => {
  it('apply items: the server list when present, else A3 plus A1 / A2 per the insurance bought', () => {
    expect(applyItemsOf(['A1'], false, false)).toEqual(['A1']);
    expect(applyItemsOf(null, false, false)).toEqual(['A3']);
    expect(applyItemsOf([], true, false)).toEqual(['A3', 'A1']);
    expect(applyItemsOf(undefined, false, true)).toEqual(['A3', 'A2']);
    expect(applyItemsOf(undefined, true, true)).toEqual(['A3', 'A1', 'A2']);
  });

  it('endorsement slots: commercial 1-3, compulsory 1, present when not null', () => {
    const s = endorsementSlots({ imgCommercialEndorsementB: 'b.png', imgCompulsoryEndorsementA: null });
    expect(s.commercialPresent).toEqual(['imgCommercialEndorsementB']);
    expect(s.commercialMissing).toEqual(['imgCommercialEndorsementA', 'imgCommercialEndorsementC']);
    expect(s.compulsoryPresent).toEqual([]);
    expect(s.compulsoryMissing).toEqual(['imgCompulsoryEndorsementA']);
  });

  it('defaults: no insurance bought, GPS, A3 only; the list opens on S1', () => {
    expect(EMPTY_APPLICATION_FORM.buyCommercial).toBe(false);
    expect(EMPTY_APPLICATION_FORM.buyCompulsory).toBe(false);
    expect(EMPTY_APPLICATION_FORM.gps).toBe(true);
    expect(EMPTY_APPLICATION_FORM.applyItems).toEqual(['A3']);
    expect(EMPTY_APPLICATION_FORM.vin).toBe('');
    expect(DEFAULT_LIST_STATE).toBe('S1');
    expect(ApplicationListQuery.parse({ states: 'S1,S2' }).states).toEqual(['S1', 'S2']);
  });

  it('the form schema checks the VIN check digit, the ID number and phones', () => {
    const form = {
      productId: 1,
      carId: 1,
      vin: withVinCheckDigit('LSVAU2180N2183294'),
      payProportion: 0.3,
      carTypeName: 'x',
      totalAmount: 100000,
      stagingNumber: 36,
    };
    expect(CreateApplicationInput.safeParse(form).success).toBe(true);
    expect(
      CreateApplicationInput.safeParse({
        ...form,
        vin: form.vin.slice(0, 8) + (form.vin[8] === '1' ? '2' : '1') + form.vin.slice(9),
      }).success,
    ).toBe(false);
    expect(CreateApplicationInput.safeParse({ ...form, idNo: '110101199003070000' }).success).toBe(false);
    expect(CreateApplicationInput.safeParse({ ...form, contact: '12345' }).success).toBe(false);
    expect(CreateApplicationInput.safeParse({ ...form, totalAmount: 0 }).success).toBe(false);
  });
});

describe('quote', () => {
  const form = { totalAmount: 100_000, payProportion: 0.3, stagingNumber: 36, loanDate: '2026-01-15' };

  it('down payment, amount financed, fees, deposit and a schedule that repays the amount financed', () => {
    const q = quoteOf(product, form);
    expect(q.downPayment).toBe(30_000);
    expect(q.financed).toBe(70_000);
    expect(q.schedule).toHaveLength(36);
    expect(Math.round(q.schedule.reduce((s, r) => s + r.principal * 100, 0))).toBe(7_000_000);
    expect(q.schedule[0]!.dueDate).toBe('2026-02-15');
    expect(q.fees).toBe(1200 + 500 + 700);
    expect(q.deposit).toBe(3500);
    expect(q.monthly).toBeCloseTo(2155.0, 0);
  });

  it('insurance items add their premiums to the amount financed; GPS off drops its fee', () => {
    const q = quoteOf(product, { ...form, buyCommercial: true, commercialAmount: 5000, gps: false });
    expect(q.financed).toBe(75_000);
    expect(q.gpsFee).toBe(0);
  });

  it("refuses a ratio or a term outside the product's range", () => {
    expect(quoteProblem(product, { ...form, payProportion: 0.2 })?.path).toBe('payProportion');
    expect(quoteProblem(product, { ...form, payProportion: 0.51 })?.path).toBe('payProportion');
    expect(quoteProblem(product, { ...form, stagingNumber: 18 })?.path).toBe('stagingNumber');
    expect(quoteProblem(product, { ...form, balloon: 30_000 })?.path).toBe('balloon');
    expect(quoteProblem(product, { ...form, buyCompulsory: true })?.path).toBe('compulsoryAmount');
    expect(quoteProblem(product, form)).toBeNull();
  });
});
