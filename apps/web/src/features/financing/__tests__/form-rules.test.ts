import { describe, expect, it } from 'vitest';
import { EMPTY_APPLICATION_FORM, endorsementSlots } from '@fleetdesk/contracts/financing';
import { offeredActions } from '../model/actions';
import { clearedForm, defaultForm, percent, shownApplyItems, sumYuan, toInput } from '../model/form';

describe('the application form (spec sections 3-4)', () => {
  it('opens with the defaults: no insurance bought, GPS fitted, apply items A3 only, the rest empty', () => {
    const f = defaultForm();
    expect(f.buyCommercial).toBe(false);
    expect(f.buyCompulsory).toBe(false);
    expect(f.gps).toBe(true);
    expect(f.applyItems).toEqual(['A3']);
    expect(f.vin).toBe('');
    expect(f.imgId1).toBeNull();
    expect(f.totalAmount).toBeNull();
    expect(f).toEqual(EMPTY_APPLICATION_FORM);
    // A copy: changing it leaves the shared defaults alone.
    f.applyItems.push('A1');
    expect(EMPTY_APPLICATION_FORM.applyItems).toEqual(['A3']);
  });

  it('clears a filled form back to the defaults, applyItems A3 only whatever the server said', () => {
    const filled = {
      ...defaultForm(),
      vin: 'LSVAM4187C2184847',
      totalAmount: 150_000,
      buyCommercial: true,
      buyCompulsory: true,
      gps: false,
      applyItems: ['A3', 'A1', 'A2'] as const,
      imgCommercialEndorsementA: '/api/tool/oss/file/x.png',
      extra: 'kept out',
    };
    const cleared = clearedForm(filled as never);
    expect(cleared).toMatchObject(EMPTY_APPLICATION_FORM);
    expect(cleared.applyItems).toEqual(['A3']);
    expect((cleared as unknown as Record<string, unknown>).extra).toBeUndefined();
  });

  it('shows the apply items by the rule: the server list when present, else A3 plus A1 and A2 as bought', () => {
    const none = { buyCommercial: false, buyCompulsory: false };
    expect(shownApplyItems(null, none)).toEqual(['A3']);
    expect(shownApplyItems([], none)).toEqual(['A3']);
    expect(shownApplyItems(null, { buyCommercial: true, buyCompulsory: false })).toEqual(['A3', 'A1']);
    expect(shownApplyItems(null, { buyCommercial: false, buyCompulsory: true })).toEqual(['A3', 'A2']);
    expect(shownApplyItems(undefined, { buyCommercial: true, buyCompulsory: true })).toEqual(['A3', 'A1', 'A2']);
    // The server's list wins over the switches.
    expect(shownApplyItems(['A3', 'A2'], { buyCommercial: true, buyCompulsory: false })).toEqual(['A3', 'A2']);
  });

  it('sends empty texts as null, premiums only for insurance bought, apply items by the rule', () => {
    const input = toInput({
      ...defaultForm(),
      productId: 2,
      carId: 9,
      vin: ' lsvam4187c2184847 ',
      payProportion: 0.3,
      carTypeName: 'BYD Qin ',
      totalAmount: 100_000,
      stagingNumber: 36,
      commercialAmount: 4000,
      buyCompulsory: true,
      compulsoryAmount: 950,
    });
    expect(input).toMatchObject({
      vin: 'LSVAM4187C2184847',
      carTypeName: 'BYD Qin',
      engineNo: null,
      installMobile: null,
      username: null,
      imgId1: null,
      gps: true,
      buyCommercial: false,
      commercialAmount: 0,
      compulsoryAmount: 950,
      applyItems: ['A3', 'A2'],
      balloon: 0,
    });
  });

  it('names the endorsement slots present and missing: commercial 1-3, compulsory 1', () => {
    const s = endorsementSlots({
      imgCommercialEndorsementA: '/a.png',
      imgCommercialEndorsementB: null,
      imgCommercialEndorsementC: '',
      imgCompulsoryEndorsementA: '/c.png',
    });
    expect(s.commercialPresent).toEqual(['imgCommercialEndorsementA']);
    expect(s.commercialMissing).toEqual(['imgCommercialEndorsementB', 'imgCommercialEndorsementC']);
    expect(s.compulsoryPresent).toEqual(['imgCompulsoryEndorsementA']);
    expect(s.compulsoryMissing).toEqual([]);
  });

  it('formats rates and adds yuan in fen', () => {
    expect(percent(0.068)).toBe('6.80%');
    expect(percent(0.3, 0)).toBe('30%');
    expect(percent(null)).toBe('-');
    expect(sumYuan([0.1, 0.2, 2777.77])).toBe(2778.07);
  });
});

describe('the actions offered on an application', () => {
  const all = () => true;
  it("offers the workflow's actions the server names, and the money ones by state and side", () => {
    const s1 = { state: 'S1' as const, reviewStage: null, actions: ['edit', 'submit', 'cancel', 'editVoucher'] };
    expect([...offeredActions(s1, 'applicant', all)]).toEqual(['edit', 'submit', 'cancel', 'editVoucher']);
    const s2 = { state: 'S2' as const, reviewStage: 'financier' as const, actions: ['audit'] };
    expect([...offeredActions(s2, 'financier', all)]).toEqual(['audit']);
    const s3 = { state: 'S3' as const, reviewStage: null, actions: ['acceptConditions', 'cancel'] };
    expect([...offeredActions(s3, 'applicant', all)]).toEqual(['conditions', 'cancel']);
    const s7 = { state: 'S7' as const, reviewStage: null, actions: ['editVoucher'] };
    expect([...offeredActions(s7, 'applicant', all)]).toEqual(['editVoucher', 'pay', 'payoff', 'contract']);
    expect([...offeredActions({ ...s7, actions: [] }, 'financier', all)]).toEqual(['record', 'contract']);
    const s8 = { state: 'S8' as const, reviewStage: null, actions: [] };
    expect([...offeredActions(s8, 'applicant', all)]).toEqual(['depositReturn', 'contract']);
    expect([...offeredActions({ ...s1, actions: [] }, 'applicant', all)]).toEqual([]);
  });

  it('hides a button without its element', () => {
    const s7 = { state: 'S7' as const, reviewStage: null, actions: [] };
    expect([...offeredActions(s7, 'applicant', (code) => code !== 'finance:pay')]).toEqual(['contract']);
    const audit = { state: 'S2' as const, reviewStage: 'financier' as const, actions: ['audit'] };
    expect([...offeredActions(audit, 'financier', (c) => c !== 'finance:audit')]).toEqual([]);
    const s1 = { state: 'S1' as const, reviewStage: null, actions: ['edit', 'submit', 'cancel'] };
    expect([...offeredActions(s1, 'applicant', (c) => c !== 'finance:apply')]).toEqual(['edit', 'cancel']);
  });
});
