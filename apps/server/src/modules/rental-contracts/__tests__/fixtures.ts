import type { TestApp } from '../../../test/harness.js';

export { activeDriver, idleCars, P, q, rentIds, terms } from '../../../test/contracts.js';

/**
 * A returned car waits in `preparing` until it is declared ready: the vehicle call `prepared` (preparing -> idle),
 * so that a test may rent it out again.
 */
export async function prepareCar(t: TestApp, carId: number): Promise<void> {
  const res = await t.request('PUT', `/api/ccwadmin/rentCar/prepared/${carId}`, { as: 'admin' });
  if (res.statusCode !== 200) throw new Error(`prepared ${carId}: ${res.statusCode} ${res.body}`);
}
