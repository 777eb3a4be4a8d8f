import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import type { ShortTermRules } from '@fleetdesk/contracts/organisation';
import type { BookingDetail, BookingState } from '@fleetdesk/contracts/short-term';
import { cancellationFee } from '@fleetdesk/contracts/short-term-pricing';
import type { Access } from '../../../lib/access';

/** What a booking's page may offer, in the order of its buttons. */
export const BOOKING_ACTIONS = ['pay', 'pickUp', 'return', 'settle', 'cancel'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

/** The element each action needs (the design: pick-up dispatch, return, settle, cancel; paying goes with booking). */
export const ACTION_PERMISSION: Record<BookingAction, string> = {
  pay: 'sevenShort:add',
  pickUp: 'sevenShort:dispatch',
  return: 'sevenShort:return',
  settle: 'sevenShort:settle',
  cancel: 'sevenShort:cancel',
};

/** The states in which each action is possible (paying a settlement's balance happens while `returned`). */
const ACTION_STATES: Record<BookingAction, readonly BookingState[]> = {
  pay: ['unpaid', 'returned'],
  pickUp: ['toPickUp'],
  return: ['inUse'],
  settle: ['returned'],
  cancel: ['unpaid', 'toPickUp'],
};

export type BookingFacts = Pick<BookingDetail, 'state' | 'balanceOrderId' | 'balanceDue' | 'settledAt'> & {
  /** The server's list for the caller (state and permissions); absent: not known. */
  actions?: readonly BookingAction[];
};

/**
 * The buttons of a booking's page for its state and the user's elements; the server's own list (when given) has the
 * last word. A returned booking is settled once: after that, only its balance order (if any) is paid, with the
 * settle element.
 */
export function bookingActions(b: BookingFacts, access: Pick<Access, 'can'>): BookingAction[] {
  const balance = b.state === 'returned' && !!b.settledAt && b.balanceDue > 0 && b.balanceOrderId !== null;
  return BOOKING_ACTIONS.filter((a) => {
    if (!ACTION_STATES[a].includes(b.state)) return false;
    if (a === 'pay' && b.state === 'returned') {
      if (!balance || !access.can(ACTION_PERMISSION.settle)) return false;
    } else if (!access.can(ACTION_PERMISSION[a])) return false;
    if (a === 'settle' && b.settledAt) return false;
    return !b.actions || b.actions.includes(a);
  });
}

type CancelRules = Pick<
  ShortTermRules,
  'freeCancelHours' | 'holidayFreeCancelHours' | 'cancelFeeDays' | 'holidayCancelFeeDays'
>;

/**
 * What cancelling would cost now (yuan), shown before the user confirms: an unpaid booking goes for nothing; a paid
 * one keeps the fee of `cancellationFee` (the shared pricing rule: free window, stricter over holidays, at most the
 * rent) and gives back the rest of what was paid (total and deposits). The server computes it again at the cancel.
 */
export function cancelPreview(
  b: Pick<BookingDetail, 'state' | 'pickUpAt' | 'rent' | 'quote' | 'paidAt'>,
  now: Date,
  rules: CancelRules,
): { fee: number; refund: number } {
  if (b.state !== 'toPickUp' || !b.paidAt) return { fee: 0, refund: 0 };
  const feeFen = cancellationFee({
    pickUpAt: b.pickUpAt,
    cancelAt: now,
    rentFen: yuanToFen(b.rent),
    firstDayFen: yuanToFen(b.quote.days[0]?.price ?? 0),
    holiday: b.quote.days.some((d) => d.kind === 'holiday'),
    rules,
  });
  return { fee: fenToYuan(feeFen), refund: fenToYuan(yuanToFen(b.quote.payNow) - feeFen) };
}
