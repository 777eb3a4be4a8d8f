import { describe, expect, it } from 'vitest';
import {
  FUEL_CONTROL_TYPE,
  MSG,
  STATUS_BITS,
  decodeFrame,
  decodeFuelControl,
  decodeLocateReply,
  decodeSetParams,
  decodeTerminalControl,
  decodeVehicleControlReply,
  encodeCommand,
  encodeFrame,
  encodeLocation,
  encodeLocationReply,
  fuelCutOf,
  FrameError,
} from '../codec.js';

const hex = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');
const frameHex = (b: Buffer) => b.toString('hex').toUpperCase();

/**
 * Command downlinks as whole frames. The vectors were computed outside the codec (header, body, XOR checksum,
 * escaping by hand) and checked against the published ones they derive from: F15 (0x8105, command word 5, serial 1:
 * `7E81050001012345678900000105087E`) and F16 (0x8103 heartbeat 10 s: `7E8103000A000123456789000A0100000001040000000A057E`).
 */
describe('command downlinks', () => {
  it('reboot is 0x8105 command word 4', () => {
    const { msgId, body } = encodeCommand('reboot', {}, false);
    expect(msgId).toBe(MSG.terminalControl);
    expect(frameHex(encodeFrame({ msgId, phone: '012345678900', serial: 0, v2019: false }, body))).toBe(
      '7E81050001012345678900000004087E',
    );
    expect(decodeTerminalControl(body)).toEqual({ command: 4, args: [] });
  });

  it('the reporting interval is 0x8103 parameter 0x0029 as a DWORD of seconds', () => {
    const { msgId, body } = encodeCommand('interval', { intervalSeconds: 30 }, false);
    expect(msgId).toBe(MSG.setParams);
    expect(frameHex(encodeFrame({ msgId, phone: '000123456789', serial: 10, v2019: false }, body))).toBe(
      '7E8103000A000123456789000A0100000029040000001E397E',
    );
    const [param] = decodeSetParams(body);
    expect(param!.id).toBe(0x0029);
    expect(param!.value.readUInt32BE(0)).toBe(30);
    expect(() => encodeCommand('interval', {}, false)).toThrow(FrameError);
  });

  it('locate is 0x8201 with an empty body', () => {
    const { msgId, body } = encodeCommand('locate', {}, false);
    expect(msgId).toBe(MSG.locate);
    expect(body.length).toBe(0);
    expect(frameHex(encodeFrame({ msgId, phone: '000123456789', serial: 7, v2019: false }, body))).toBe(
      '7E8201000000012345678900070D7E',
    );
  });

  it('fuel cut and restore are 0x8500: the 2013 flag byte, the 2019 custom control type 0xF001', () => {
    const cut = encodeCommand('fuelCut', {}, false);
    expect(cut.msgId).toBe(MSG.vehicleControl);
    expect(frameHex(encodeFrame({ msgId: cut.msgId, phone: '013511221122', serial: 5, v2019: false }, cut.body))).toBe(
      '7E85000001013511221122000501B47E',
    );
    const restore = encodeCommand('fuelRestore', {}, false);
    expect(
      frameHex(encodeFrame({ msgId: restore.msgId, phone: '013511221122', serial: 6, v2019: false }, restore.body)),
    ).toBe('7E85000001013511221122000600B67E');
    const cut2019 = encodeCommand('fuelCut', {}, true);
    expect(
      frameHex(
        encodeFrame(
          { msgId: cut2019.msgId, phone: '00000000013812345678', serial: 9, v2019: true, protocolVersion: 1 },
          cut2019.body,
        ),
      ),
    ).toBe('7E85004005010000000001381234567800090001F00101087E');
    expect(FUEL_CONTROL_TYPE).toBe(0xf001);
    expect(decodeFuelControl(cut.body, false)).toBe(true);
    expect(decodeFuelControl(restore.body, false)).toBe(false);
    expect(decodeFuelControl(cut2019.body, true)).toBe(true);
    expect(decodeFuelControl(encodeCommand('fuelRestore', {}, true).body, true)).toBe(false);
    // A 2019 door control (type 0x0001) is no fuel control.
    expect(decodeFuelControl(hex('0001 0001 01'), true)).toBeNull();
  });
});

describe('command replies', () => {
  it('0x0201 locate reply: the reply serial and a location (F14 body under 0x0201)', () => {
    const f = decodeFrame(
      hex(
        '7E0201002811223344556622B803E8000000010000000200BA7F0E07E4F11C0028003C000018071510101001040000006402020037B37E',
      ),
    );
    expect(f.header).toMatchObject({ msgId: MSG.locateReply, serial: 8888 });
    const r = decodeLocateReply(f.body);
    expect(r.replySerial).toBe(1000);
    expect(r.location).toMatchObject({ lat: 12.222222, lon: 132.444444, speed: 6, timeBcd: '180715101010' });
    expect(() => decodeLocateReply(hex('03e8'))).toThrow(FrameError);
  });

  it('0x0500 reply: the fuel state is status bit 10', () => {
    const time = new Date('2026-11-26T08:00:00Z');
    const cutBody = encodeLocationReply(
      0x1234,
      encodeLocation({ lat: 30.27, lon: 120.15, speed: 0, time, status: 0b11 | (1 << STATUS_BITS.fuelCut) }),
    );
    expect(cutBody.subarray(0, 2).toString('hex')).toBe('1234');
    const r = decodeVehicleControlReply(cutBody);
    expect(r.replySerial).toBe(0x1234);
    expect(fuelCutOf(r.location.status)).toBe(true);
    expect(
      fuelCutOf(
        decodeVehicleControlReply(encodeLocationReply(1, encodeLocation({ lat: 1, lon: 1, speed: 0, time }))).location
          .status,
      ),
    ).toBe(false);
    expect(() => decodeVehicleControlReply(hex('0001'))).toThrow(FrameError);
  });
});
