import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { storedAuthCode } from '../../../test/gps.js';
import { demoImei } from '../../../seed/gps.seed.js';
import { gatewayConnectionBudget, openFileLimit, FD_RESERVE } from '../gateway-process.js';
import { PositionWriter } from '../ingest.js';
import { MALFORMED_PER_CONNECTION, Jt808Gateway, type GatewayOptions } from '../jt808/gateway.js';
import { SimTerminal } from '../jt808/terminal.js';
import { encodeFrame, encodeRegister } from '../jt808/codec.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A gateway of its own (small caps), logging into `lines`. */
async function gateway(options: GatewayOptions) {
  const lines: string[] = [];
  const log = Object.assign(Object.create(t.deps.log) as typeof t.deps.log, {
    warn: (_obj: unknown, msg?: string) => void lines.push(msg ?? ''),
    error: (_obj: unknown, msg?: string) => void lines.push(`error: ${msg ?? ''}`),
  });
  const deps = { ...t.deps, log };
  const writer = new PositionWriter(deps, { intervalMs: 10, maxBatch: 100 });
  const gw = new Jt808Gateway(deps, writer, options);
  const port = await gw.listen(0, '127.0.0.1');
  return {
    gw,
    port,
    lines,
    async close() {
      await gw.close();
      await writer.close();
    },
  };
}

/** A raw connection: resolves `closed` when the gateway closes it; counts the bytes answered. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const c = { socket, answered: 0, closed: false, whenClosed: null as unknown as Promise<void> };
  c.whenClosed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      c.closed = true;
      resolve();
    }),
  );
  socket.on('data', (b) => (c.answered += b.length));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => {
    socket.once('connect', () => resolve());
    socket.once('close', () => resolve());
  });
  return c;
}

const within = (p: Promise<void>, ms: number) => Promise.race([p.then(() => true), sleep(ms).then(() => false)]);

describe('the gateway cannot be knocked over', () => {
  it('caps connections per address and in all; a freed place is taken again', async () => {
    const g = await gateway({ maxConnectionsPerAddress: 3, maxConnections: 100 });
    try {
      const open = [await connect(g.port), await connect(g.port), await connect(g.port)];
      const fourth = await connect(g.port);
      expect(await within(fourth.whenClosed, 2000)).toBe(true);
      expect(g.gw.refusedConnections).toBe(1);
      expect(g.gw.openConnections).toBe(3);
      open[0]!.socket.destroy();
      await open[0]!.whenClosed;
      await sleep(50);
      const again = await connect(g.port);
      expect(await within(again.whenClosed, 300)).toBe(false);
      expect(g.gw.openConnections).toBe(3);
    } finally {
      await g.close();
    }
    const total = await gateway({ maxConnectionsPerAddress: 100, maxConnections: 2 });
    try {
      await connect(total.port);
      await connect(total.port);
      const third = await connect(total.port);
      expect(await within(third.whenClosed, 2000)).toBe(true);
      expect(total.gw.refusedConnections).toBe(1);
    } finally {
      await total.close();
    }
  });

  it('closes a connection that does not authenticate in time; an authenticated one stays', async () => {
    const g = await gateway({ authTimeoutSeconds: 1 });
    try {
      const idle = await connect(g.port);
      const imei = demoImei(1);
      const term = new SimTerminal(imei, { authCode: await storedAuthCode(t, imei) });
      await term.connect('127.0.0.1', g.port);
      await term.login();
      expect(await within(idle.whenClosed, 3000)).toBe(true);
      expect(g.gw.authTimeouts).toBe(1);
      expect(g.gw.connectedDevices().map((d) => d.imei)).toEqual([imei]);
      term.close();
    } finally {
      await g.close();
    }
  });

  it('counts malformed frames, logs them by sample and closes the connection after a few', async () => {
    const g = await gateway({});
    try {
      const conns = await Promise.all(Array.from({ length: 10 }, () => connect(g.port)));
      // Ten connections, 20 broken frames each (bad checksum), sent in one write.
      const bad = encodeFrame({ msgId: 0x0200, phone: '13800000000', serial: 1 }, Buffer.alloc(28));
      bad[bad.length - 2] = bad[bad.length - 2]! ^ 0xff;
      for (const c of conns) c.socket.write(Buffer.concat(Array.from({ length: 20 }, () => bad)));
      for (const c of conns) expect(await within(c.whenClosed, 3000)).toBe(true);
      expect(g.gw.malformed).toBeGreaterThanOrEqual(10 * MALFORMED_PER_CONNECTION);
      expect(g.gw.malformed).toBeLessThan(10 * 20);
      // Sampled: a line or two a second for each kind of noise, not one per frame.
      expect(g.lines.filter((l) => l.includes('malformed')).length).toBeLessThanOrEqual(3);

      // Bytes that never make a frame (no closing 0x7e): dropped past 4 KB, counted, closed after a few.
      const garbage = await connect(g.port);
      for (let i = 0; i < 10 && !garbage.closed; i++) {
        garbage.socket.write(Buffer.concat([Buffer.from([0x7e]), Buffer.alloc(5000, 0x41)]));
        await sleep(20);
      }
      expect(await within(garbage.whenClosed, 3000)).toBe(true);
    } finally {
      await g.close();
    }
  });

  it('a flood of register frames on one connection gets one answer and the connection closed', async () => {
    const g = await gateway({});
    try {
      const flood = await connect(g.port);
      const register = (serial: number) =>
        encodeFrame(
          { msgId: 0x0100, phone: '13912345678', serial },
          encodeRegister(
            { province: 1, city: 1, maker: 'X', model: 'Y', terminalId: 'Z', plateColour: 0, plate: '' },
            false,
          ),
        );
      flood.socket.write(Buffer.concat(Array.from({ length: 500 }, (_, i) => register(i))));
      expect(await within(flood.whenClosed, 3000)).toBe(true);
      // One 0x8100 result 4 (an unknown terminal), nothing more: 7e + 12 header + 3 body + checksum + 7e = 18 bytes.
      expect(flood.answered).toBeLessThanOrEqual(20);
    } finally {
      await g.close();
    }
  });

  it('embedded, the gateway keeps the descriptors the API needs (open-file limit less the reserve)', () => {
    expect(gatewayConnectionBudget(5000, 4096)).toBe(4096 - FD_RESERVE);
    expect(gatewayConnectionBudget(5000, 65536)).toBe(5000);
    expect(gatewayConnectionBudget(5000, null)).toBe(5000);
    expect(gatewayConnectionBudget(5000, 100)).toBe(1);
    if (process.platform === 'linux') expect(openFileLimit()).toBeGreaterThan(0);
  });
});
