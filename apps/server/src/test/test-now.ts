/**
 * The test suite's wall clock. `FLEETDESK_TEST_NOW` (an ISO time, e.g. `2028-02-29T12:00:00+08:00`) moves this
 * process's `Date` to that moment, from which it runs on at the real pace: the `Date` constructor, its `now()` and
 * everything built on them (the demo seed, the harness's `ManualClock`, pg-boss, and the embedded database,
 * whose `now()` and `current_date` read the JavaScript clock through Emscripten). It proves that the suite does not
 * depend on the day it runs (`npm run test:dates -w @fleetdesk/server`, docs/architecture.md "Time in tests").
 *
 * Installed by the Vitest setup file in each test process, by the global setup before it seeds the template,
 * and by `startServerProcess` in the server processes that tests spawn. Unset: nothing changes. A PostgreSQL
 * server keeps its own clock, so the moved runs use the embedded database.
 */
export const TEST_NOW_ENV = 'FLEETDESK_TEST_NOW';

const ORIGIN_ENV = 'FLEETDESK_TEST_NOW_ORIGIN';
const INSTALLED = Symbol.for('fleetdesk.testNow');

export function installTestNow(value: string | undefined = process.env[TEST_NOW_ENV]): void {
  if (!value) return;
  const Wall = globalThis.Date;
  if ((Wall as unknown as Record<symbol, unknown>)[INSTALLED]) return;
  const target = Wall.parse(value);
  if (Number.isNaN(target)) throw new Error(`${TEST_NOW_ENV}: not a time: ${value}`);
  // One timeline for every process of the run: the first to install the clock records the real moment it did,
  // and the others (test workers, spawned servers) inherit it, so that a template seeded by the global setup is
  // never "in the future" for a worker that started later.
  const origin = Number(process.env[ORIGIN_ENV] ?? Wall.now());
  process.env[ORIGIN_ENV] = String(origin);
  const offset = target - origin;
  const now = () => Wall.now() + offset;
  // A function, not a subclass, so that `Date()` called without `new` keeps working (it returns a string).
  function TestDate(this: unknown, ...args: unknown[]): Date | string {
    if (!new.target) return new Wall(now()).toString();
    return args.length === 0 ? new Wall(now()) : new Wall(...(args as [number]));
  }
  Object.setPrototypeOf(TestDate, Wall);
  TestDate.prototype = Wall.prototype;
  Object.defineProperty(TestDate, 'now', { value: now, writable: true, configurable: true });
  Object.defineProperty(TestDate, INSTALLED, { value: true });
  globalThis.Date = TestDate as unknown as DateConstructor;
}
