import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import type { BookingCharges } from '@fleetdesk/contracts/short-term';

/**
 * What a settlement comes to (yuan), as the server settles it: the charges of the return (late, fuel, over mileage,
 * damage) and what is typed at the counter, less the early-return refund, against the damage deposit; what is left of
 * the deposit goes back, what exceeds it is owed (a balance order). Counted in fen, so no cent is lost to floats.
 */
export function settlementOf(
  charges: Omit<BookingCharges, 'other'> | null,
  other: number,
  damageDeposit: number,
): { owed: number; refund: number; balance: number } {
  const c = charges ?? { late: 0, earlyRefund: 0, fuel: 0, overKm: 0, damage: 0 };
  const owedFen =
    yuanToFen(c.late) +
    yuanToFen(c.fuel) +
    yuanToFen(c.overKm) +
    yuanToFen(c.damage) +
    yuanToFen(other) -
    yuanToFen(c.earlyRefund);
  const depositFen = yuanToFen(damageDeposit);
  return {
    owed: fenToYuan(owedFen),
    refund: fenToYuan(Math.max(0, depositFen - owedFen)),
    balance: fenToYuan(Math.max(0, owedFen - depositFen)),
  };
}
