import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { EventBus, subscribe, type DomainEvent } from '../../../../core/events.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { seedIds } from '../../../../test/users.js';
import { eventPipeline, eventsSettled, type WrittenPosition } from '../events.js';
import { GPS_ALARM_NOTICES_SUBSCRIBER, GPS_RISK_SUBSCRIBER } from '../subscribers.js';

// The GPS event processor publishes its alarms as domain events; the risk engine and the notices subscribe.
let t: TestApp;
let ids: Awaited<ReturnType<typeof seedIds>>;
const q = async <R>(text: string, params: unknown[] = []) => (await t.deps.database.query<R>(text, params)).rows;

beforeAll(async () => {
  t = await createTestApp();
  ids = await seedIds(t);
});
afterAll(async () => t.close());

async function device(): Promise<{ deviceId: number; carId: number }> {
  const [car] = await q<{ id: number }>(
    `select id from cars where tenant_id = $1 and rent_id = $2 and deleted_at is null order by id limit 1`,
    [ids.demo, ids.hz],
  );
  const imei = `86992${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  const [d] = await q<{ id: number }>(
    `insert into gps_devices (tenant_id, imei, model, rent_id, car_id) values ($1, $2, 'JT-W100', $3, $4) returning id`,
    [ids.demo, imei, ids.hz, car!.id],
  );
  return { deviceId: Number(d!.id), carId: Number(car!.id) };
}

/** An SOS and a power cut (alarm bits 0 and 8) at one position. */
async function alarm(deviceId: number) {
  const at = t.clock.now();
  const batch: WrittenPosition[] = [
    {
      tenantId: ids.demo,
      deviceId,
      serverTime: at,
      fixTime: at,
      lat: 30.3,
      lon: 120.1,
      speed: 0,
      alarm: 0b1_0000_0001,
    },
  ];
  await eventPipeline(t.deps)(batch);
  await eventsSettled(t.deps);
}

const deliveriesOf = (deviceId: number) =>
  q<{ type: string; subscriber: string; delivered: boolean; tenant_id: number }>(
    `select e.payload->>'type' as type, d.subscriber, d.delivered_at is not null as delivered, d.tenant_id
     from domain_events e join domain_event_deliveries d on d.event_id = e.id
     where e.name = 'device.alarm' and (e.payload->>'deviceId')::int8 = $1 order by 1, 2`,
    [deviceId],
  );

describe('GPS alarms as domain events', () => {
  it('publishes each alarm with its tenant; the risk engine and the notices get it once, and a new subscriber too', async () => {
    const got: DomainEvent<'device.alarm'>[] = [];
    onTestFinished(
      subscribe('device.alarm', 'test.gpsAlarms', async (events) => {
        got.push(...events);
      }),
    );
    const { deviceId, carId } = await device();
    await alarm(deviceId);
    const mine = got.filter((e) => e.payload.deviceId === deviceId);
    expect(mine.map((e) => e.payload.type).sort()).toEqual(['powerCut', 'sos']);
    for (const e of mine) expect(e).toMatchObject({ tenantId: ids.demo, payload: { carId, rentId: ids.hz } });
    expect(await deliveriesOf(deviceId)).toEqual(
      ['powerCut', 'sos'].flatMap((type) =>
        [GPS_ALARM_NOTICES_SUBSCRIBER, GPS_RISK_SUBSCRIBER].map((subscriber) => ({
          type,
          subscriber,
          delivered: true,
          tenant_id: ids.demo,
        })),
      ),
    );
  });

  it('a process that dies after storing the alarms: the next worker notifies them once', async () => {
    const { deviceId } = await device();
    t.deps.events.paused = true;
    onTestFinished(() => {
      t.deps.events.paused = false;
    });
    await alarm(deviceId);
    expect((await deliveriesOf(deviceId)).every((d) => !d.delivered)).toBe(true);
    const restarted = new EventBus(t.deps);
    await restarted.sweep();
    await restarted.sweep();
    const rows = await deliveriesOf(deviceId);
    expect(rows).toHaveLength(4);
    expect(rows.every((d) => d.delivered)).toBe(true);
    const [n] = await q<{ n: number }>(
      `select count(*)::int as n from domain_event_deliveries d join domain_events e on e.id = d.event_id
       where (e.payload->>'deviceId')::int8 = $1 and d.attempts <> 1`,
      [deviceId],
    );
    expect(n!.n).toBe(0);
  });
});
