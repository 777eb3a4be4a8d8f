import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEDUCTION_KINDS, SettlementInput, settlementResult } from '@fleetdesk/contracts/handover';

const fen = fc.integer({ min: 0, max: 1_000_000_000 });
const deductionArb = fc.record({
  kind: fc.constantFrom(...DEDUCTION_KINDS),
  fen: fc.integer({ min: 1, max: 1_000_000_000 }),
});

describe('settlement arithmetic', () => {
  it('result = -deposit + deductions - owed back, for every deduction kind (identity)', () => {
    fc.assert(
      fc.property(fen, fc.array(deductionArb, { maxLength: 24 }), fen, (deposit, deductions, owedBack) => {
        const r = settlementResult(
          deposit,
          deductions.map((d) => d.fen),
          owedBack,
        );
        const total = deductions.reduce((s, d) => s + d.fen, 0);
        expect(r.deductionsTotal).toBe(total);
        expect(r.result).toBe(-deposit + total - owedBack);
        // The identity read backwards: what the driver owes plus what he gets back balances the deposit.
        expect(r.result + deposit + owedBack).toBe(total);
      }),
      { numRuns: 400 },
    );
  });

  it('a positive result is a settlement fee, a negative one a deposit refund, zero neither', () => {
    fc.assert(
      fc.property(fen, fc.array(fen, { maxLength: 12 }), fen, (deposit, deductions, owedBack) => {
        const r = settlementResult(deposit, deductions, owedBack);
        expect(r.outcome).toBe(r.result > 0 ? 'fee' : r.result < 0 ? 'refund' : 'even');
        // More deductions never lower the result; more owed back never raises it.
        expect(settlementResult(deposit, [...deductions, 1], owedBack).result).toBe(r.result + 1);
        expect(settlementResult(deposit, deductions, owedBack + 1).result).toBe(r.result - 1);
      }),
      { numRuns: 400 },
    );
  });

  it('refunds the whole deposit without deductions, and charges the excess of deductions over the deposit', () => {
    expect(settlementResult(500_000, [], 0)).toMatchObject({ result: -500_000, outcome: 'refund' });
    expect(settlementResult(500_000, [300_000, 250_000], 0)).toMatchObject({ result: 50_000, outcome: 'fee' });
    expect(settlementResult(500_000, [500_000], 0)).toMatchObject({ result: 0, outcome: 'even' });
    expect(settlementResult(0, [], 10_000)).toMatchObject({ result: -10_000, outcome: 'refund' });
  });

  it('accepts every kind once, "other" several times with a note, and yuan to the cent', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...DEDUCTION_KINDS.filter((k) => k !== 'other'))), (kinds) => {
        const body = {
          deductions: [
            ...kinds.map((kind) => ({ kind, amount: 12.34 })),
            { kind: 'other', amount: 1, note: '清洁费' },
            { kind: 'other', amount: 2, note: '钥匙丢失' },
          ],
          owedBack: 0,
        };
        expect(SettlementInput.safeParse(body).success).toBe(true);
      }),
    );
  });
});
