import { and, eq, inArray } from 'drizzle-orm';
import type { GpsCommandStep, GpsCommandType } from '@fleetdesk/contracts/gps-commands';
import { operationLogs } from '../db/schema/audit.js';
import { gpsLastPositions, gpsDevices } from '../db/schema/gps.js';
import { gpsCommands } from '../db/schema/gps-commands.js';
import { demoImei } from './gps.seed.js';
import type { DemoContext } from './context.js';

interface DemoCommand {
  device: number;
  type: GpsCommandType;
  reason: string;
  /** Hours before now it was queued. */
  hoursAgo: number;
  params?: { intervalSeconds?: number };
  outcome: 'succeeded' | 'failed' | 'expired';
  resultCode?: number;
  /** Seconds from queued to sent (the device was offline meanwhile). */
  sendAfter?: number;
}

const DEMO_COMMANDS: DemoCommand[] = [
  { device: 1, type: 'locate', reason: '客户报称车辆停放位置不符，核实当前位置', hoursAgo: 70, outcome: 'succeeded' },
  {
    device: 2,
    type: 'interval',
    reason: '长租车辆，降低上报频率节省流量',
    hoursAgo: 50,
    params: { intervalSeconds: 60 },
    outcome: 'succeeded',
  },
  {
    device: 3,
    type: 'fuelCut',
    reason: '租金逾期 5 天，承租人电话关机，经主管批准断油',
    hoursAgo: 30,
    outcome: 'succeeded',
    sendAfter: 1800,
  },
  { device: 3, type: 'fuelRestore', reason: '承租人已结清欠款，恢复油电', hoursAgo: 22, outcome: 'succeeded' },
  { device: 8, type: 'reboot', reason: '设备定位漂移，远程重启', hoursAgo: 26, outcome: 'failed', resultCode: 3 },
  { device: 9, type: 'locate', reason: '年检前确认车辆位置', hoursAgo: 8, outcome: 'succeeded' },
  { device: 6, type: 'locate', reason: '设备离线，尝试唤醒定位', hoursAgo: 40, outcome: 'expired' },
];

/** Past commands with the devices' replies (and their operation-log rows), on the demo trackers. */
export async function seedGpsCommands({ tx, clock, demo }: DemoContext): Promise<void> {
  const now = clock.now().getTime();
  const devices = await tx
    .select({
      id: gpsDevices.id,
      imei: gpsDevices.imei,
      rentId: gpsDevices.rentId,
      carId: gpsDevices.carId,
      lat: gpsLastPositions.lat,
      lon: gpsLastPositions.lon,
    })
    .from(gpsDevices)
    .leftJoin(
      gpsLastPositions,
      and(eq(gpsLastPositions.tenantId, gpsDevices.tenantId), eq(gpsLastPositions.deviceId, gpsDevices.id)),
    )
    .where(
      and(
        eq(gpsDevices.tenantId, demo.tenantId),
        inArray(
          gpsDevices.imei,
          DEMO_COMMANDS.map((c) => demoImei(c.device)),
        ),
      ),
    );
  const byImei = new Map(devices.map((d) => [d.imei, d]));
  let serial = 40;
  for (const c of DEMO_COMMANDS) {
    const d = byImei.get(demoImei(c.device));
    if (!d) continue;
    const queuedAt = new Date(now - c.hoursAgo * 3600_000);
    const sentAt = c.outcome === 'expired' ? null : new Date(queuedAt.getTime() + (c.sendAfter ?? 2) * 1000);
    const answeredAt = sentAt ? new Date(sentAt.getTime() + 3000) : null;
    const where = `${(d.lat ?? 30.27).toFixed(6)},${(d.lon ?? 120.15).toFixed(6)} 0 km/h at ${answeredAt?.toISOString()}`;
    const code = c.outcome === 'succeeded' ? 0 : (c.resultCode ?? null);
    const text =
      c.outcome === 'expired'
        ? null
        : c.outcome === 'failed'
          ? code === 3
            ? 'unsupported'
            : 'failure'
          : c.type === 'locate'
            ? where
            : c.type === 'interval'
              ? `interval ${c.params?.intervalSeconds} s`
              : c.type === 'reboot'
                ? 'rebooting'
                : `fuel ${c.type === 'fuelCut' ? 'cut (status bit 10 = 1)' : 'connected (status bit 10 = 0)'}; ${where}`;
    const msg = { fuelCut: 0x8500, fuelRestore: 0x8500, locate: 0x8201, interval: 0x8103, reboot: 0x8105 }[c.type];
    const steps: { step: GpsCommandStep; at: string; note: string | null }[] = [
      { step: 'queued', at: queuedAt.toISOString(), note: null },
    ];
    if (sentAt) {
      serial++;
      steps.push({ step: 'sent', at: sentAt.toISOString(), note: `0x${msg.toString(16)} #${serial}` });
      if (c.type === 'fuelCut' || c.type === 'fuelRestore')
        steps.push({ step: 'acknowledged', at: new Date(sentAt.getTime() + 1000).toISOString(), note: 'result 0' });
      steps.push({ step: c.outcome as GpsCommandStep, at: answeredAt!.toISOString(), note: text });
    } else steps.push({ step: 'expired', at: new Date(queuedAt.getTime() + 24 * 3600_000).toISOString(), note: null });
    const [row] = await tx
      .insert(gpsCommands)
      .values({
        tenantId: demo.tenantId,
        rentId: d.rentId,
        deviceId: d.id,
        carId: d.carId,
        commandType: c.type,
        params: c.params ?? {},
        reason: c.reason,
        source: 'manual',
        status: c.outcome,
        createdBy: demo.adminId,
        queuedAt,
        sentAt,
        answeredAt,
        resultCode: code,
        resultText: text,
        serial: sentAt ? serial : null,
        steps,
        createdAt: queuedAt,
        updatedAt: answeredAt ?? queuedAt,
      })
      .returning({ id: gpsCommands.id });
    const log = (action: string, userId: number | null, at: Date, summary: Record<string, unknown>) => ({
      tenantId: demo.tenantId,
      rentId: d.rentId,
      userId,
      username: userId ? 'admin' : null,
      action,
      method: userId ? 'PUT' : 'SYSTEM',
      path: userId ? '/api/ccwgps/deviceCommand/send' : action === 'deviceCommand.result' ? 'jt808' : 'maintenance',
      targetType: 'gpsCommand',
      targetId: String(row!.id),
      summary,
      createdAt: at,
    });
    await tx.insert(operationLogs).values([
      log('deviceCommand.send', demo.adminId, queuedAt, {
        deviceId: d.id,
        imei: d.imei,
        commandType: c.type,
        params: c.params ?? {},
        reason: c.reason,
        source: 'manual',
      }),
      answeredAt
        ? log('deviceCommand.result', null, answeredAt, {
            imei: d.imei,
            commandType: c.type,
            status: c.outcome,
            resultCode: code,
            resultText: text,
          })
        : log('deviceCommand.expire', null, new Date(queuedAt.getTime() + 24 * 3600_000), { was: 'queued' }),
    ]);
  }
}
