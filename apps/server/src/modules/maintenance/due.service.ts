import type { DbOrTx } from '../../core/db.js';

/** TEMPORARY stand-in of Helper 1's `refreshDue` (replaced by the merge of area/maint-core step 2). */
export async function refreshDue(_tx: DbOrTx, _tenantId: number, _carIds?: readonly number[]): Promise<void> {}
