/**
 * How a payment is spread over the open instalments of an application (pure; integer fen): the oldest
 * instalment first, and within one its unpaid late fee, then its interest, then its principal. What an
 * instalment has had is `paidFen` (interest and principal, interest first) and `lateFeePaidFen`; its late fee
 * owed is the fee less what was paid and waived.
 */
export interface OpenInstalment {
  id: number;
  period: number;
  principalFen: number;
  interestFen: number;
  /** Interest and principal paid so far (interest first). */
  paidFen: number;
  lateFeeFen: number;
  lateFeePaidFen: number;
  lateFeeWaivedFen: number;
}

export interface AllocationLine {
  instalmentId: number;
  period: number;
  principalFen: number;
  interestFen: number;
  lateFeeFen: number;
}

/** What is still owed on an instalment, part by part. */
export function owedOf(i: OpenInstalment): { lateFeeFen: number; interestFen: number; principalFen: number } {
  const interestPaid = Math.min(i.paidFen, i.interestFen);
  const principalPaid = Math.max(0, i.paidFen - i.interestFen);
  return {
    lateFeeFen: Math.max(0, i.lateFeeFen - i.lateFeePaidFen - i.lateFeeWaivedFen),
    interestFen: Math.max(0, i.interestFen - interestPaid),
    principalFen: Math.max(0, i.principalFen - principalPaid),
  };
}

export function totalOwedOf(list: readonly OpenInstalment[]): number {
  return list.reduce((sum, i) => {
    const o = owedOf(i);
    return sum + o.lateFeeFen + o.interestFen + o.principalFen;
  }, 0);
}

/**
 * The lines of a payment of `amountFen` over `open` (any order: sorted by period here). Answers the lines with
 * something in them and what was left over (more than was owed: the caller refuses it).
 */
export function allocate(
  open: readonly OpenInstalment[],
  amountFen: number,
): { lines: AllocationLine[]; leftFen: number } {
  let left = amountFen;
  const lines: AllocationLine[] = [];
  for (const i of [...open].sort((a, b) => a.period - b.period)) {
    if (left <= 0) break;
    const owed = owedOf(i);
    const lateFeeFen = Math.min(left, owed.lateFeeFen);
    left -= lateFeeFen;
    const interestFen = Math.min(left, owed.interestFen);
    left -= interestFen;
    const principalFen = Math.min(left, owed.principalFen);
    left -= principalFen;
    if (lateFeeFen + interestFen + principalFen > 0)
      lines.push({ instalmentId: i.id, period: i.period, principalFen, interestFen, lateFeeFen });
  }
  return { lines, leftFen: left };
}

/** The state of an instalment after a payment: paid once its interest, principal and late fee are all in. */
export function stateAfter(i: OpenInstalment): 'pending' | 'partial' | 'paid' {
  const o = owedOf(i);
  if (o.interestFen + o.principalFen + o.lateFeeFen === 0) return 'paid';
  return i.paidFen + i.lateFeePaidFen > 0 ? 'partial' : 'pending';
}
