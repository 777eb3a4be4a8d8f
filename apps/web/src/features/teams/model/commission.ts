import type { TFunction } from 'i18next';
import type { CommissionRuleInput, StatementState, TeamStatementLine } from '@fleetdesk/contracts/team-performance';
import { formatMoney } from '../../../lib/format';

/** The terms a rule (or the copy a statement keeps of it) is made of. */
export type RuleTerms = Omit<CommissionRuleInput, 'teamId' | 'enabled'>;

export const STATEMENT_COLOURS: Record<StatementState, string> = {
  draft: 'blue',
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};

/** Only a draft or a rejected statement is computed again or sent for approval. */
export const isOpenStatement = (state: StatementState) => state === 'draft' || state === 'rejected';

/** A percentage as the rule holds it (one decimal): `8`, `1.5`. */
export const pct = (value: number) => String(Math.round(value * 10) / 10);

/**
 * A rule's cost centre as the server names it (`costCentreName`, which a reader who may not list the cost centres
 * gets too); a centre it no longer finds by its number; none: null.
 */
export function centreLabel(id: number | null, name: string | null): string | null {
  if (id === null) return null;
  return name ?? `#${id}`;
}

/**
 * The rule in words, the terms that give or take something one after the other: "8% of the flow above ¥6,000.00;
 * a ¥200.00 bonus ...; the leader gets 1.5% ... (posted to cost centre X)". `centre` names the rule's cost centre.
 */
export function ruleSentence(rule: RuleTerms, t: TFunction, centre: string | null): string {
  const parts: string[] = [];
  if (rule.flowSharePct > 0)
    parts.push(
      rule.flowTarget > 0
        ? t('teams:rule.terms.share', { target: formatMoney(rule.flowTarget), pct: pct(rule.flowSharePct) })
        : t('teams:rule.terms.shareAll', { pct: pct(rule.flowSharePct) }),
    );
  if (rule.onTimeBonus > 0) parts.push(t('teams:rule.terms.bonus', { amount: formatMoney(rule.onTimeBonus) }));
  if (rule.violationPenalty > 0)
    parts.push(t('teams:rule.terms.violation', { amount: formatMoney(rule.violationPenalty) }));
  if (rule.accidentPenalty > 0)
    parts.push(t('teams:rule.terms.accident', { amount: formatMoney(rule.accidentPenalty) }));
  if (rule.leaderPct > 0)
    parts.push(
      centre
        ? t('teams:rule.terms.leader', { pct: pct(rule.leaderPct), centre })
        : t('teams:rule.terms.leaderNoCentre', { pct: pct(rule.leaderPct) }),
    );
  if (!parts.length) return t('teams:rule.terms.nothing');
  const text = parts.join(t('teams:rule.terms.separator'));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * What became of a driver's net: before the approval nothing yet (`waiting`); approved, a line of his contract
 * (`applied`), no live contract then (`noContract`), or nothing to carry (a net of zero, `nothing`).
 */
export function lineOutcome(
  line: Pick<TeamStatementLine, 'net' | 'billLineId'>,
  state: StatementState,
): 'waiting' | 'applied' | 'noContract' | 'nothing' {
  if (line.net === 0) return 'nothing';
  if (state !== 'approved') return 'waiting';
  return line.billLineId !== null ? 'applied' : 'noContract';
}
