import { eq, and, inArray } from 'drizzle-orm';
import { gpsDevices, gpsReceiptDevices, gpsReceipts } from '../db/schema/gps.js';
import type { DemoContext } from './context.js';

/** Spare trackers handed between the demo companies (`6449607709NN`, none on a car). */
export const receiptImei = (i: number) => `6449607709${String(i).padStart(2, '0')}`;

const DAY = 24 * 3600_000;
/** `JJ` + the China date + a number of the day, as the service numbers receipts. */
const numberOf = (at: Date, n: number) =>
  `JJ${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '')}${String(n).padStart(4, '0')}`;

/**
 * Device receipts demo: five spare trackers of Hangzhou. Two went to Shanghai three days ago (received), one of
 * them is on its way back (a pending send-back); two more are on their way to Shanghai (pending, with a courier
 * number, so locked); one send-out was cancelled.
 */
export async function seedGpsReceipts({ tx, clock, demo }: DemoContext): Promise<void> {
  const now = clock.now().getTime();
  const HZ = demo.rentIds.HZ!;
  const SH = demo.rentIds.SH!;
  const devices = await tx
    .insert(gpsDevices)
    .values(
      [1, 2, 3, 4, 5].map((i) => ({
        tenantId: demo.tenantId,
        imei: receiptImei(i),
        model: 'JT-W100',
        rentId: HZ,
        sim: `1440${String(6109000 + i).padStart(7, '0')}`,
        remark: '备用设备',
      })),
    )
    .returning({ id: gpsDevices.id, imei: gpsDevices.imei });
  const id = (i: number) => devices[i - 1]!;
  const receipt = async (
    r: Omit<typeof gpsReceipts.$inferInsert, 'tenantId' | 'createdBy'>,
    items: number[],
    pending: boolean,
  ) => {
    const [row] = await tx
      .insert(gpsReceipts)
      .values({ tenantId: demo.tenantId, createdBy: demo.adminId, ...r })
      .returning({ id: gpsReceipts.id });
    await tx.insert(gpsReceiptDevices).values(
      items.map((i) => ({
        tenantId: demo.tenantId,
        receiptId: row!.id,
        deviceId: id(i).id,
        imei: id(i).imei,
        pending,
      })),
    );
    return row!.id;
  };
  const sent = new Date(now - 3 * DAY);
  const first = await receipt(
    {
      number: numberOf(sent, 1),
      kind: 'a2b',
      fromRentId: HZ,
      toRentId: SH,
      state: 'received',
      note: '上海分公司新车安装用',
      expressNo: 'SF1402233445',
      createdAt: sent,
      receivedBy: demo.adminId,
      receivedAt: new Date(now - 2 * DAY),
    },
    [1, 2],
    false,
  );
  await tx
    .update(gpsDevices)
    .set({ rentId: SH })
    .where(
      and(
        eq(gpsDevices.tenantId, demo.tenantId),
        inArray(
          gpsDevices.id,
          [1, 2].map((i) => id(i).id),
        ),
      ),
    );
  const back = new Date(now - 3 * 3600_000);
  await receipt(
    {
      number: numberOf(back, 1),
      kind: 'b2a',
      fromRentId: SH,
      toRentId: HZ,
      sourceId: first,
      note: '多发了一台，退回',
      createdAt: back,
    },
    [2],
    true,
  );
  await receipt(
    {
      number: numberOf(back, 2),
      kind: 'a2b',
      fromRentId: HZ,
      toRentId: SH,
      note: '补充库存',
      expressNo: 'YT9876543210',
      createdAt: new Date(back.getTime() + 600_000),
    },
    [3, 4],
    true,
  );
  const cancelled = new Date(now - 5 * DAY);
  await receipt(
    {
      number: numberOf(cancelled, 1),
      kind: 'a2b',
      fromRentId: HZ,
      toRentId: SH,
      state: 'cancelled',
      note: '选错设备',
      createdAt: cancelled,
      cancelledBy: demo.adminId,
      cancelledAt: new Date(cancelled.getTime() + 3600_000),
    },
    [5],
    false,
  );
}
