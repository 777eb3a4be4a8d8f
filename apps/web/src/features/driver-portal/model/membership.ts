import type { PortalMembership } from '@fleetdesk/contracts/driver-portal';

/** One thing that stands between the driver and the next level, with the numbers its text needs. */
export type Missing =
  | { kind: 'overdue' }
  | { kind: 'onTime'; count: number }
  | { kind: 'violations'; max: number; now: number }
  | { kind: 'accidents'; max: number; now: number };

/**
 * What the driver still lacks for the next level (nothing at the top, or when he already meets it and the level
 * is computed again tonight): an overdue bill first (no level above the first while it lasts), then the months
 * still to pay on time, then the violations and accidents above the next level's limit.
 */
export function missingForNext(m: Pick<PortalMembership, 'next' | 'facts'>): Missing[] {
  const next = m.next;
  if (!next) return [];
  const out: Missing[] = [];
  if (m.facts.overdueNow) out.push({ kind: 'overdue' });
  const months = next.minOnTimeMonths - m.facts.onTimeMonths;
  if (months > 0) out.push({ kind: 'onTime', count: months });
  if (m.facts.violations > next.maxViolations) {
    out.push({ kind: 'violations', max: next.maxViolations, now: m.facts.violations });
  }
  if (m.facts.accidents > next.maxAccidents) {
    out.push({ kind: 'accidents', max: next.maxAccidents, now: m.facts.accidents });
  }
  return out;
}

/** How far the driver is on the way to the next level's on-time months, 0-100 (100 at the top). */
export function onTimeProgress(m: Pick<PortalMembership, 'next' | 'facts'>): number {
  if (!m.next || m.next.minOnTimeMonths <= 0) return 100;
  return Math.min(100, Math.round((m.facts.onTimeMonths / m.next.minOnTimeMonths) * 100));
}
