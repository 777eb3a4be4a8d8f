import { describe, expect, it } from 'vitest';
import {
  MSG,
  alarmNames,
  checksum,
  decodeAuth,
  decodeBatch,
  decodeFrame,
  decodeGeneralReply,
  decodeLocation,
  decodeRegister,
  decodeRegisterReply,
  decodeSetParams,
  decodeTerminalControl,
  decodeVehicleControl,
  decodeVehicleControlReply,
  encodeAuth,
  encodeFrame,
  encodeGeneralReply,
  encodeLocation,
  encodeRegister,
  encodeRegisterReply,
  encodeSetParams,
  encodeTerminalControl,
  encodeVehicleControl,
  escape,
  FrameError,
  parseHeader,
  splitFrames,
  unescape,
} from '../codec.js';

/** Published test frames (JT/T 808 standard examples and the open implementations' test suites). */
const F = {
  F2: '7E0100002D000123456789000A002800323132333400736D616C6C6368693132330000000000000000004348493132330001D4C14131323334358A7E',
  F2b: '7E0100002D013511221122000500000000373031303748422D52303347424400000000000000000000003233363631303402CBD5424136383630387E',
  F3: '7E010040540100000000000123456789000A002800323132333400000000000000736D616C6C6368693132330000000000000000000000000000000000000043484931323300000000000000000000000000000000000000000000000001D4C1413132333435B27E',
  F4a: '7E81000009012345678900000A006400313233343536687E',
  F4b: '7E81000003012345678900000A006404617E',
  F5: '7E010200090123456789003039343536313231313131BE7E',
  F6: '7E00020000040021679287002B7D027E',
  F7: '7E80010005012345678900000A0064020000617E',
  F8: '7E0001000501234567890004B303E8000200D37E',
  F9: '7E020000260112233445500000000000010000000200BA7F0E07E4F11C0028003C000018071510101001040000006402020037AB7E',
  F10: '7e0200003c01887663897200e5000000000004000001317a6706936851000e00000027171019193538010400003fb2030200002504000000002a0200002b040000000030011f310100ab7e',
  F11: '7e0704013901887663897200e7000501003c00000000000400030131732b0691d351001f00a600ab170831104933010400003c55030200002504000000002a0200002b040000000030010031010c003c00000000000400030131724a0691d402001d00de007d02170831104938010400003c55030200002504000000002a0200002b040000000030010031010c003c000000000004000301316dde0691e150002501a9006d170831105011010400003c59030200002504000000002a0200002b040000000030010031010c003c000000000004000301315aeb06920018002b02880072170831105111010400003c63030200002504000000002a0200002b040000000030010031010c003c000000000004000301315b7806922b15002b02f70053170831105214010400003c6f030200002504000000002a0200002b040000000030010031010c847e',
  F12: '7e0704402d0100000866496077582164881d0001000028000000000000000701a00192091f2a4700160000000226050916422701040000258230010031010e507e',
  F13: '7e0100405c010000086649607758216452180000000000000000000000000000004d443330300000000000000000000000000000000000000000000000000038363634393630373735383231363400000000000000000000000000000004000000000000000000000000000000007a7e',
  F14: '7E0500002811223344556622B803E8000000010000000200BA7F0E07E4F11C0028003C000018071510101001040000006402020037B57E',
  F15: '7E81050001012345678900000105087E',
  F16: '7E8103000A000123456789000A0100000001040000000A057E',
  F18: '7E0003000001234567890000018B7E',
  F19: '7E1205203804066657506200EC000200020120121900163320121900360700000000000000000001010F0CE4CD0120121900002220121900163300000000000000000001010C6F9E7B5D7E',
};
const hex = (s: string) => Buffer.from(s, 'hex');
const up = (b: Buffer) => b.toString('hex').toUpperCase();

describe('escaping and checksum', () => {
  it('F1: unescapes 7d 02 / 7d 01 and escapes back', () => {
    const inner = unescape(hex('307d02087d0155'));
    expect(inner.toString('hex')).toBe('307e087d55');
    expect(escape(hex('307e087d55')).toString('hex')).toBe('307d02087d0155');
    expect(() => unescape(hex('307d03'))).toThrow(FrameError);
  });

  it('F6: a checksum of 0x7e travels escaped and verifies', () => {
    const f = decodeFrame(hex(F.F6));
    expect(f.header).toMatchObject({ msgId: MSG.heartbeat, phone: '040021679287', serial: 43, bodyLength: 0 });
    expect(encodeFrame({ msgId: 0x0002, phone: '40021679287', serial: 43 }, Buffer.alloc(0))).toEqual(hex(F.F6));
  });

  it('refuses a wrong checksum, a wrong body length and a truncated frame', () => {
    const bad = hex(F.F9);
    bad[bad.length - 2] = bad[bad.length - 2]! ^ 1;
    expect(() => decodeFrame(bad)).toThrow('checksum');
    const content = unescape(hex(F.F9).subarray(1, -2)).subarray(0, -3);
    const withSum = Buffer.concat([content, Buffer.from([checksum(content)])]);
    expect(() => decodeFrame(Buffer.concat([hex('7e'), escape(withSum), hex('7e')]))).toThrow('body length');
    expect(() => decodeFrame(hex('7e0200007e'))).toThrow(FrameError);
  });

  it('splits a stream into frames, keeping a partial one and dropping garbage', () => {
    const stream = Buffer.concat([hex('0102'), hex(F.F6), hex(F.F18), hex(F.F9).subarray(0, 10)]);
    const { frames, rest, dropped } = splitFrames(stream);
    expect(frames.map(up)).toEqual([F.F6, F.F18]);
    expect(up(rest)).toBe(F.F9.slice(0, 20));
    expect(dropped).toBe(2);
  });
});

describe('headers', () => {
  it('F2/F3: the 2013 and the 2019 header', () => {
    const a = decodeFrame(hex(F.F2)).header;
    expect(a).toMatchObject({ msgId: 0x0100, v2019: false, phone: '000123456789', serial: 10, bodyLength: 45 });
    const b = decodeFrame(hex(F.F3)).header;
    expect(b).toMatchObject({
      msgId: 0x0100,
      v2019: true,
      protocolVersion: 1,
      phone: '00000000000123456789',
      serial: 10,
      bodyLength: 84,
    });
  });

  it('F19: the subpackage header; F20: a 2019 header with every property bit', () => {
    const f = decodeFrame(hex(F.F19)).header;
    expect(f).toMatchObject({ msgId: 0x1205, serial: 236, bodyLength: 56, subpackage: { total: 2, index: 2 } });
    const h = parseHeader(hex('010264FF0200000000013812345678008700000000')).header;
    expect(h).toMatchObject({
      msgId: 0x0102,
      v2019: true,
      protocolVersion: 2,
      phone: '00000000013812345678',
      serial: 135,
      bodyLength: 255,
      encryption: 1,
      subpackage: { total: 0, index: 0 },
    });
  });
});

describe('register and auth', () => {
  const values = {
    province: 40,
    city: 50,
    maker: '1234',
    model: 'smallchi123',
    terminalId: 'CHI123',
    plateColour: 1,
    plate: '粤A12345',
  };

  it('F2 (2013) and F3 (2019) decode to the same values and encode byte for byte', () => {
    const a = decodeFrame(hex(F.F2));
    expect(decodeRegister(a.body, false)).toEqual(values);
    expect(up(encodeFrame({ msgId: 0x0100, phone: '123456789', serial: 10 }, encodeRegister(values, false)))).toBe(
      F.F2,
    );
    const b = decodeFrame(hex(F.F3));
    expect(decodeRegister(b.body, true)).toEqual(values);
    expect(
      up(
        encodeFrame(
          { msgId: 0x0100, phone: '123456789', serial: 10, v2019: true, protocolVersion: 1 },
          encodeRegister(values, true),
        ),
      ),
    ).toBe(F.F3);
  });

  it('F2b and F13: real devices', () => {
    const a = decodeFrame(hex(F.F2b));
    expect(a.header).toMatchObject({ phone: '013511221122', serial: 5 });
    expect(decodeRegister(a.body, false)).toEqual({
      province: 0,
      city: 0,
      maker: '70107',
      model: 'HB-R03GBD',
      terminalId: '2366104',
      plateColour: 2,
      plate: '苏BA6860',
    });
    const b = decodeFrame(hex(F.F13));
    expect(b.header).toMatchObject({ phone: '00000866496077582164', serial: 21016, v2019: true });
    expect(decodeRegister(b.body, true)).toEqual({
      province: 0,
      city: 0,
      maker: '',
      model: 'MD300',
      terminalId: '866496077582164',
      plateColour: 4,
      plate: '',
    });
  });

  it('F4: the 0x8100 replies with and without an auth code, byte for byte', () => {
    const h = { msgId: MSG.registerReply, phone: '12345678900', serial: 10 };
    expect(up(encodeFrame(h, encodeRegisterReply(100, 0, '123456')))).toBe(F.F4a);
    expect(up(encodeFrame(h, encodeRegisterReply(100, 4)))).toBe(F.F4b);
    expect(decodeRegisterReply(decodeFrame(hex(F.F4a)).body)).toEqual({
      replySerial: 100,
      result: 0,
      authCode: '123456',
    });
    expect(decodeRegisterReply(decodeFrame(hex(F.F4b)).body)).toEqual({ replySerial: 100, result: 4, authCode: null });
  });

  it('F5: 0x0102 of 2013; the 2019 body with IMEI and software version', () => {
    const f = decodeFrame(hex(F.F5));
    expect(f.header.serial).toBe(12345);
    expect(decodeAuth(f.body, false)).toEqual({ code: '456121111' });
    expect(
      up(encodeFrame({ msgId: 0x0102, phone: '12345678900', serial: 12345 }, encodeAuth({ code: '456121111' }, false))),
    ).toBe(F.F5);
    const v19 = { code: '45612', imei: '1234567890abcde', softwareVersion: 'v2.0.0' };
    expect(decodeAuth(encodeAuth(v19, true), true)).toEqual(v19);
    expect(encodeAuth(v19, true).length).toBe(1 + 5 + 15 + 20);
  });
});

describe('replies', () => {
  it('F7: 0x8001, F8: 0x0001, byte for byte', () => {
    expect(decodeGeneralReply(decodeFrame(hex(F.F7)).body)).toEqual({ replySerial: 100, replyId: 0x0200, result: 0 });
    expect(
      up(
        encodeFrame(
          { msgId: MSG.platformReply, phone: '12345678900', serial: 10 },
          encodeGeneralReply({ replySerial: 100, replyId: 0x0200, result: 0 }),
        ),
      ),
    ).toBe(F.F7);
    const f = decodeFrame(hex(F.F8));
    expect(f.header.serial).toBe(1203);
    expect(decodeGeneralReply(f.body)).toEqual({ replySerial: 1000, replyId: 0x0002, result: 0 });
    expect(
      up(
        encodeFrame(
          { msgId: MSG.terminalReply, phone: '12345678900', serial: 1203 },
          encodeGeneralReply({ replySerial: 1000, replyId: 2, result: 0 }),
        ),
      ),
    ).toBe(F.F8);
  });

  it('F18: 0x0003 unregister has an empty body', () => {
    const f = decodeFrame(hex(F.F18));
    expect(f.header).toMatchObject({ msgId: MSG.unregister, serial: 1, bodyLength: 0 });
    expect(up(encodeFrame({ msgId: 3, phone: '12345678900', serial: 1 }, Buffer.alloc(0)))).toBe(F.F18);
  });
});

describe('locations', () => {
  it('F9: 0x0200 with SOS, fixed, mileage and fuel; encodes back byte for byte', () => {
    const f = decodeFrame(hex(F.F9));
    expect(f.header).toMatchObject({ phone: '011223344550', serial: 0 });
    const l = decodeLocation(f.body);
    expect(l).toMatchObject({
      alarm: 1,
      status: 2,
      lat: 12.222222,
      lon: 132.444444,
      altitude: 40,
      rawSpeed: 60,
      speed: 6,
      direction: 0,
      timeBcd: '180715101010',
    });
    expect(l.time.toISOString()).toBe('2018-07-15T02:10:10.000Z');
    expect(l.items).toMatchObject({ mileage: 100, fuel: 55 });
    expect(alarmNames(l.alarm)).toEqual(['sos']);
    const body = encodeLocation({
      alarm: 1,
      status: 2,
      lat: 12.222222,
      lon: 132.444444,
      altitude: 40,
      speed: 6,
      direction: 0,
      time: l.time,
      mileage: 100,
      fuel: 55,
    });
    expect(up(encodeFrame({ msgId: 0x0200, phone: '11223344550', serial: 0 }, body))).toBe(F.F9);
  });

  it('F10: not fixed, extended items, RSSI and satellites', () => {
    const f = decodeFrame(hex(F.F10));
    expect(f.header).toMatchObject({ phone: '018876638972', serial: 229 });
    const l = decodeLocation(f.body);
    expect(l).toMatchObject({
      alarm: 0,
      status: 262144,
      rawLat: 20019815,
      rawLon: 110323793,
      altitude: 14,
      rawSpeed: 0,
      direction: 39,
      timeBcd: '171019193538',
    });
    expect(l.items).toMatchObject({
      mileage: 16306,
      tachographSpeed: 0,
      signals: 0,
      io: 0,
      analog: 0,
      rssi: 31,
      satellites: 0,
    });
  });

  it('F11: 0x0704 blind-area batch of five with an escaped direction', () => {
    const f = decodeFrame(hex(F.F11));
    expect(f.header).toMatchObject({ msgId: 0x0704, bodyLength: 313, serial: 231 });
    const b = decodeBatch(f.body);
    expect(b.type).toBe(1);
    const rows = b.locations.map((l) => [
      l.rawLat,
      l.rawLon,
      l.rawSpeed,
      l.direction,
      l.altitude,
      l.timeBcd,
      l.items.mileage,
    ]);
    expect(rows).toEqual([
      [20017963, 110220113, 166, 171, 31, '170831104933', 15445],
      [20017738, 110220290, 222, 126, 29, '170831104938', 15445],
      [20016606, 110223696, 425, 109, 37, '170831105011', 15449],
      [20011755, 110231576, 648, 114, 43, '170831105111', 15459],
      [20011896, 110242581, 759, 83, 43, '170831105214', 15471],
    ]);
    for (const l of b.locations) {
      expect(l.status).toBe(262147);
      expect(l.items.satellites).toBe(12);
    }
  });

  it('F12: 0x0704 of 2019, south latitude, IMEI phone', () => {
    const f = decodeFrame(hex(F.F12));
    expect(f.header).toMatchObject({ v2019: true, protocolVersion: 1, phone: '00000866496077582164', serial: 34845 });
    const b = decodeBatch(f.body);
    expect(b.type).toBe(0);
    expect(b.locations).toHaveLength(1);
    const l = b.locations[0]!;
    expect(l).toMatchObject({ status: 7, lat: -27.263378, lon: 153.037383, altitude: 22, speed: 0, direction: 2 });
    expect(l.time.toISOString()).toBe('2026-05-09T08:42:27.000Z');
    expect(l.items).toMatchObject({ mileage: 9602, rssi: 0, satellites: 14 });
  });

  it('F14: 0x0500 vehicle control reply carries the reply serial and a location', () => {
    const f = decodeFrame(hex(F.F14));
    expect(f.header).toMatchObject({ msgId: 0x0500, serial: 8888, phone: '112233445566' });
    const r = decodeVehicleControlReply(f.body);
    expect(r.replySerial).toBe(1000);
    expect(r.location).toMatchObject({ alarm: 1, status: 2, lat: 12.222222, lon: 132.444444, timeBcd: '180715101010' });
  });

  it('refuses a truncated location and a truncated item', () => {
    expect(() => decodeLocation(hex('00'.repeat(20)))).toThrow('28 bytes');
    const l = decodeLocation(decodeFrame(hex(F.F9)).body.subarray(0, 28));
    expect(l.items.raw).toEqual({});
    expect(() => decodeLocation(Buffer.concat([decodeFrame(hex(F.F9)).body, hex('0104')]))).toThrow('truncated');
  });
});

describe('commands', () => {
  it('F15: 0x8105 factory reset, byte for byte', () => {
    expect(up(encodeFrame({ msgId: 0x8105, phone: '12345678900', serial: 1 }, encodeTerminalControl(5)))).toBe(F.F15);
    expect(decodeTerminalControl(decodeFrame(hex(F.F15)).body)).toEqual({ command: 5, args: [] });
    expect(decodeTerminalControl(encodeTerminalControl(2, ['0', 'apn', 'u']))).toEqual({
      command: 2,
      args: ['0', 'apn', 'u'],
    });
  });

  it('F16: 0x8103 heartbeat 10 s, byte for byte', () => {
    expect(
      up(encodeFrame({ msgId: 0x8103, phone: '123456789', serial: 10 }, encodeSetParams([{ id: 1, value: 10 }]))),
    ).toBe(F.F16);
    const p = decodeSetParams(decodeFrame(hex(F.F16)).body);
    expect(p.map((x) => [x.id, x.value.readUInt32BE(0)])).toEqual([[1, 10]]);
  });

  it('0x8500: 2013 flag byte, 2019 type list (door type 0x0001)', () => {
    expect(encodeVehicleControl(true, false).toString('hex')).toBe('01');
    expect(encodeVehicleControl(false, true).toString('hex')).toBe('0001000100');
    expect(decodeVehicleControl(hex('00020001' + '00' + 'F001' + '01'), true)).toEqual([
      { type: 0x0001, param: 0 },
      { type: 0xf001, param: 1 },
    ]);
    expect(decodeVehicleControl(hex('01'), false)).toEqual([{ type: 1, param: 1 }]);
  });
});
