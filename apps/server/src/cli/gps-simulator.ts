import { parseArgs } from 'node:util';
import { demoSecret } from '../modules/gps/identity.js';
import { ALARM_BITS } from '../modules/gps/jt808/codec.js';
import { SimTerminal } from '../modules/gps/jt808/terminal.js';
import { Driver, PATHS } from '../modules/gps/simulator.js';
import { demoImei, DEMO_DEVICES_PER_CITY } from '../seed/gps.seed.js';
import { TIME_SHARE_DEVICES, timeShareImei } from '../seed/time-share.seed.js';

/**
 * `npm run gps-simulator -- [--port 5015] [--host 127.0.0.1] [--interval 5] [--devices 10] [--speedup 1]
 * [--fleet all|demo|timeShare]`: drives the demo trackers over JT/T 808 along roads of Hangzhou and Shanghai (the
 * GPS demo's twelve, then the time-share fleet's six), raising an overspeed or SOS now and then. `--speedup 10` sends the positions of 10 s of driving every second. The terminals answer the
 * platform's commands (fuel cut and restore, locate, reporting interval, reboot); a car whose fuel is cut stops
 * where it is (speed 0, ignition off) until fuel is restored.
 */
const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: process.env.GPS_TCP_PORT ?? '5015' },
    interval: { type: 'string', default: '5' },
    devices: { type: 'string', default: String(DEMO_DEVICES_PER_CITY * 2 + TIME_SHARE_DEVICES) },
    speedup: { type: 'string', default: '1' },
    /** `demo`: the GPS demo's twelve; `timeShare`: the time-share fleet's six; `all` (default): both. */
    fleet: { type: 'string', default: 'all' },
  },
});
const interval = Number(values.interval);
const speedup = Number(values.speedup);
const count = Number(values.devices);

async function main() {
  const cars: { term: SimTerminal; driver: Driver; n: number }[] = [];
  // The GPS demo's trackers (n: HZ 1-6, SH 8-13), then the time-share fleet's (HZ 1-3, SH 4-6; docs/time-share.md).
  const trackers: { n: number; imei: string; city: 'HZ' | 'SH' }[] = [...Array(DEMO_DEVICES_PER_CITY).keys()]
    .map((i) => i + 1)
    .concat([...Array(DEMO_DEVICES_PER_CITY).keys()].map((i) => i + DEMO_DEVICES_PER_CITY + 2))
    .map((n) => ({ n, imei: demoImei(n), city: n <= DEMO_DEVICES_PER_CITY ? ('HZ' as const) : ('SH' as const) }))
    .concat(
      [...Array(TIME_SHARE_DEVICES).keys()].map((i) => ({
        n: 100 + i + 1,
        imei: timeShareImei(i + 1),
        city: i < TIME_SHARE_DEVICES / 2 ? ('HZ' as const) : ('SH' as const),
      })),
    )
    .filter((x) => values.fleet === 'all' || (values.fleet === 'timeShare') === x.n > 100)
    .slice(0, count);
  for (const { n, imei, city } of trackers) {
    const term = new SimTerminal(imei, { authCode: demoSecret('jt808', imei) });
    term.onCommand = (c) =>
      console.log(
        `${imei}: command 0x${c.msgId.toString(16).padStart(4, '0')} #${c.serial} answered ${c.result}` +
          (term.fuelCut ? ' (fuel cut)' : ''),
      );
    await term.connect(values.host!, Number(values.port));
    await term.login();
    const paths = PATHS.filter((p) => p.city === city);
    cars.push({
      term,
      driver: new Driver(paths[n % paths.length]!, new Date(), {
        intervalS: interval,
        seed: n + 100,
        alarms: true,
        parkS: 120,
      }),
      n,
    });
  }
  console.log(`driving ${cars.length} cars, a position every ${interval} s (x${speedup})`);
  let tick = 0;
  setInterval(
    () => {
      tick++;
      for (const c of cars) {
        if (c.term.fuelCut && c.term.position) {
          // Immobilised: the same place, standing, ignition off.
          c.term.location({ ...c.term.position, speed: 0, time: new Date(), status: 2 });
          continue;
        }
        const p = c.driver.next();
        const sos = c.n === 8 && tick % 60 === 0 ? 1 << ALARM_BITS.sos : 0;
        c.term.location({
          lat: p.lat,
          lon: p.lon,
          speed: p.speed,
          direction: p.direction,
          time: new Date(),
          mileage: Math.round(p.odometer / 100),
          alarm: p.alarm | sos,
          status: (p.acc ? 1 : 0) | 2,
          satellites: 12,
        });
      }
    },
    (interval * 1000) / speedup,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
