import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RANKING_WEIGHTS,
  driverCommission,
  leaderCommission,
  LOWER_IS_BETTER,
  RANKING_METRICS,
  RankingWeights,
  rankDrivers,
  type MetricRow,
  type RankingMetric,
} from './team-performance.js';

const row = (driverId: number): fc.Arbitrary<MetricRow> =>
  fc
    .record({
      onlineMinutes: fc.integer({ min: 0, max: 31 * 1440 }),
      orders: fc.integer({ min: 0, max: 2000 }),
      flowFen: fc.integer({ min: 0, max: 5_000_000 }),
      rentLines: fc.integer({ min: 0, max: 5 }),
      paid: fc.integer({ min: 0, max: 5 }),
      overdueDays: fc.integer({ min: 0, max: 60 }),
      violations: fc.integer({ min: 0, max: 10 }),
      accidents: fc.integer({ min: 0, max: 3 }),
    })
    .map((r) => ({
      driverId,
      onlineMinutes: r.onlineMinutes,
      orders: r.orders,
      flow: r.flowFen / 100,
      rentLines: r.rentLines,
      onTimeLines: Math.min(r.paid, r.rentLines),
      overdueDays: r.overdueDays,
      violations: r.violations,
      accidents: r.accidents,
    }));
const rows = fc.integer({ min: 1, max: 12 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => row(i + 1))));
const weights: fc.Arbitrary<RankingWeights> = fc
  .record({
    flow: fc.integer({ min: 0, max: 100 }),
    orders: fc.integer({ min: 0, max: 100 }),
    onlineHours: fc.integer({ min: 0, max: 100 }),
    onTime: fc.integer({ min: 0, max: 100 }),
    overdueDays: fc.integer({ min: 0, max: 100 }),
    violations: fc.integer({ min: 0, max: 100 }),
    accidents: fc.integer({ min: 0, max: 100 }),
  })
  .filter((w) => RANKING_METRICS.some((m) => w[m] > 0));

/** A row a little better on one metric. */
function better(r: MetricRow, m: RankingMetric): MetricRow {
  switch (m) {
    case 'flow':
      return { ...r, flow: r.flow + 100 };
    case 'orders':
      return { ...r, orders: r.orders + 10 };
    case 'onlineHours':
      return { ...r, onlineMinutes: r.onlineMinutes + 120 };
    case 'onTime':
      return { ...r, rentLines: r.rentLines + 1, onTimeLines: r.rentLines + 1 };
    case 'overdueDays':
      return { ...r, overdueDays: Math.max(0, r.overdueDays - 3) };
    case 'violations':
      return { ...r, violations: Math.max(0, r.violations - 1) };
    case 'accidents':
      return { ...r, accidents: Math.max(0, r.accidents - 1) };
  }
}

describe('rankDrivers', () => {
  it('scores 0-100, ranks in order from 1, ties sharing a rank', () => {
    fc.assert(
      fc.property(rows, weights, (list, w) => {
        const ranked = rankDrivers(list, w);
        expect(ranked).toHaveLength(list.length);
        expect(ranked[0]!.rank).toBe(1);
        for (let i = 0; i < ranked.length; i++) {
          const x = ranked[i]!;
          expect(x.score).toBeGreaterThanOrEqual(0);
          expect(x.score).toBeLessThanOrEqual(100);
          if (i > 0) {
            const prev = ranked[i - 1]!;
            expect(prev.score).toBeGreaterThanOrEqual(x.score);
            expect(x.rank).toBe(prev.score === x.score ? prev.rank : i + 1);
          }
        }
        expect(new Set(ranked.map((x) => x.driverId)).size).toBe(list.length);
      }),
    );
  });

  it('never ranks a driver lower for doing better on a weighted metric', () => {
    fc.assert(
      fc.property(rows, weights, fc.constantFrom(...RANKING_METRICS), fc.nat(), (list, w, m, pick) => {
        const i = pick % list.length;
        const before = rankDrivers(list, w).find((x) => x.driverId === list[i]!.driverId)!;
        const improved = list.map((r, j) => (j === i ? better(r, m) : r));
        const after = rankDrivers(improved, w).find((x) => x.driverId === list[i]!.driverId)!;
        expect(after.rank).toBeLessThanOrEqual(before.rank);
      }),
    );
  });

  it('gives everybody 100 when all are equal, and the best of each metric its full weight', () => {
    const same: MetricRow = {
      driverId: 1,
      onlineMinutes: 600,
      orders: 10,
      flow: 500,
      rentLines: 1,
      onTimeLines: 1,
      overdueDays: 0,
      violations: 0,
      accidents: 0,
    };
    const equal = rankDrivers([same, { ...same, driverId: 2 }, { ...same, driverId: 3 }], DEFAULT_RANKING_WEIGHTS);
    expect(equal.map((x) => [x.score, x.rank])).toEqual([
      [100, 1],
      [100, 1],
      [100, 1],
    ]);
    for (const m of RANKING_METRICS) {
      const only = { ...Object.fromEntries(RANKING_METRICS.map((k) => [k, 0])), [m]: 10 } as RankingWeights;
      const worse = LOWER_IS_BETTER.has(m)
        ? { ...same, driverId: 2, [m === 'overdueDays' ? 'overdueDays' : m]: 5 }
        : { ...same, driverId: 2, flow: 0, orders: 0, onlineMinutes: 0, onTimeLines: 0 };
      const ranked = rankDrivers([worse, same], only);
      expect(ranked.map((x) => [x.driverId, x.score])).toEqual([
        [1, 100],
        [2, 0],
      ]);
    }
    // no rent due counts as on time
    const none = rankDrivers(
      [
        { ...same, rentLines: 0, onTimeLines: 0 },
        { ...same, driverId: 2, onTimeLines: 0 },
      ],
      {
        ...DEFAULT_RANKING_WEIGHTS,
        flow: 0,
        orders: 0,
        onlineHours: 0,
      },
    );
    expect(none[0]!.driverId).toBe(1);
  });

  it('refuses weights that are all zero', () => {
    const zero = Object.fromEntries(RANKING_METRICS.map((k) => [k, 0]));
    expect(RankingWeights.safeParse(zero).success).toBe(false);
    expect(RankingWeights.safeParse({ ...zero, violations: 101 }).success).toBe(false);
    expect(RankingWeights.safeParse(DEFAULT_RANKING_WEIGHTS).success).toBe(true);
  });
});

describe('driverCommission and leaderCommission', () => {
  const terms = fc.record({
    flowTarget: fc.integer({ min: 0, max: 100_000_00 }).map((f) => f / 100),
    flowSharePct: fc.integer({ min: 0, max: 1000 }).map((p) => p / 10),
    onTimeBonus: fc.integer({ min: 0, max: 100_000 }).map((f) => f / 100),
    violationPenalty: fc.integer({ min: 0, max: 100_000 }).map((f) => f / 100),
    accidentPenalty: fc.integer({ min: 0, max: 500_000 }).map((f) => f / 100),
  });
  const metrics = fc
    .record({
      flowFen: fc.integer({ min: 0, max: 20_000_000 }),
      rentLines: fc.integer({ min: 0, max: 5 }),
      paid: fc.integer({ min: 0, max: 5 }),
      violations: fc.integer({ min: 0, max: 10 }),
      accidents: fc.integer({ min: 0, max: 3 }),
    })
    .map(({ paid, ...m }) => ({ ...m, onTimeLines: Math.min(paid, m.rentLines) }));

  it('pays the share only above the target, the bonus only for a month wholly on time, and nets the penalties', () => {
    fc.assert(
      fc.property(metrics, terms, (m, rule) => {
        const c = driverCommission(m, rule);
        const target = Math.round(rule.flowTarget * 100);
        if (m.flowFen <= target) expect(c.shareFen).toBe(0);
        else expect(c.shareFen).toBe(Math.round(((m.flowFen - target) * Math.round(rule.flowSharePct * 10)) / 1000));
        expect(c.bonusFen).toBe(
          m.rentLines > 0 && m.onTimeLines === m.rentLines ? Math.round(rule.onTimeBonus * 100) : 0,
        );
        expect(c.penaltyFen).toBe(
          m.violations * Math.round(rule.violationPenalty * 100) + m.accidents * Math.round(rule.accidentPenalty * 100),
        );
        expect(c.rewardFen).toBe(c.shareFen + c.bonusFen);
        expect(c.netFen).toBe(c.rewardFen - c.penaltyFen);
        for (const v of Object.values(c)) expect(Number.isInteger(v)).toBe(true);
        // more flow never pays less; one more violation never pays more
        expect(driverCommission({ ...m, flowFen: m.flowFen + 10_000 }, rule).netFen).toBeGreaterThanOrEqual(c.netFen);
        expect(driverCommission({ ...m, violations: m.violations + 1 }, rule).netFen).toBeLessThanOrEqual(c.netFen);
      }),
    );
  });

  it('gives the leader his share of the flow, to the fen', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 200 }), (flow, tenths) => {
        const fen = leaderCommission(flow, tenths / 10);
        expect(Number.isInteger(fen)).toBe(true);
        expect(Math.abs(fen - (flow * tenths) / 1000)).toBeLessThanOrEqual(0.5);
      }),
    );
    expect(leaderCommission(230_000, 2)).toBe(4600);
    expect(
      driverCommission(
        { flowFen: 200_000, rentLines: 2, onTimeLines: 2, violations: 1, accidents: 0 },
        {
          flowTarget: 500,
          flowSharePct: 10,
          onTimeBonus: 100,
          violationPenalty: 50,
          accidentPenalty: 200,
        },
      ),
    ).toEqual({ shareFen: 15_000, bonusFen: 10_000, rewardFen: 25_000, penaltyFen: 5_000, netFen: 20_000 });
  });
});
