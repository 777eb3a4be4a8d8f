import type { Clock } from '../core/clock.js';
import type { Tx } from '../core/db.js';

/**
 * What area seeders get: the demo tenants' ids, in the seeding transaction. It lives apart from `demo.ts`
 * (which runs the seeders) so that the seeders and the runner do not import each other.
 */
export interface DemoContext {
  tx: Tx;
  clock: Clock;
  passwordLogN: number;
  demo: { tenantId: number; rentIds: Record<string, number>; adminId: number; clerkId: number };
  other: { tenantId: number; rentIds: Record<string, number>; userId: number };
}
