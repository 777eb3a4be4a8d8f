import { createHash } from 'node:crypto';
import type { FlowPage, FlowProvider, FlowQuery, PlatformFlowDay } from './provider.js';

/** Driver days per page the sandbox answers (small, so that paging is exercised). */
export const SANDBOX_PAGE_DAYS = 50;

function unit(...parts: (string | number)[]): number {
  const h = createHash('sha256').update(parts.join('|')).digest();
  return h.readUInt32BE(0) / 0x1_0000_0000;
}

/**
 * The sandbox platform: for each asked phone and day, a plausible day (a driver rests about one day in seven; 5 to
 * 11 hours online, 12 to 32 orders of 22 to 38 yuan), the same for the same phone, day and platform every time, so
 * that a second sync changes nothing. A phone ending in 0000 is not the platform's driver (it has no days).
 */
export class SandboxFlowProvider implements FlowProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;

  async fetchDays(q: FlowQuery): Promise<FlowPage> {
    const all: PlatformFlowDay[] = [];
    for (const phone of [...q.phones].sort()) {
      if (phone.endsWith('0000')) continue;
      for (let d = Date.parse(q.from); d <= Date.parse(q.to); d += 86_400_000) {
        const day = new Date(d).toISOString().slice(0, 10);
        if (unit(q.platform, phone, day, 'rest') < 1 / 7) continue;
        const onlineMinutes = 300 + Math.floor(unit(q.platform, phone, day, 'online') * 360);
        const orders = 12 + Math.floor(unit(q.platform, phone, day, 'orders') * 21);
        const perOrderFen = 2200 + Math.floor(unit(q.platform, phone, day, 'fare') * 1600);
        all.push({ phone, day, onlineMinutes, orders, flowFen: orders * perOrderFen });
      }
    }
    const start = (q.page - 1) * SANDBOX_PAGE_DAYS;
    const days = all.slice(start, start + SANDBOX_PAGE_DAYS);
    return { days, next: start + SANDBOX_PAGE_DAYS < all.length ? q.page + 1 : null };
  }
}
