import { createHash } from 'node:crypto';
import {
  ProviderError,
  type ProviderAnswer,
  type QueryCar,
  type QueryRequirements,
  type ViolationProvider,
} from './provider.js';

/** Offences as the 122 platform writes them (code, text, fine in yuan, points). */
const OFFENCES: [string, string, number, number][] = [
  ['1625', '驾驶机动车违反道路交通信号灯通行的', 200, 6],
  ['1039', '机动车违反规定停放、临时停车，妨碍其它车辆、行人通行的', 150, 0],
  ['1352', '驾驶中型以上载客载货汽车、危险物品运输车辆以外的其他机动车行驶超过规定时速10%未达20%的', 200, 3],
  ['1345', '不按规定使用安全带的', 50, 2],
  ['1344', '驾驶机动车在高速公路、城市快速路以外的道路上不按规定车道行驶的', 100, 3],
  ['1208', '驾驶机动车违反禁令标志指示的', 100, 3],
  ['1301', '机动车通过路口遇停止信号时，停在停止线以内或路口内的', 100, 0],
  ['6095', '驾驶机动车在限速低于60公里/小时的公路上超过规定车速50%以下的', 200, 3],
  ['1357', '驾驶机动车不按规定避让行人的', 200, 3],
  ['10391', '机动车违反禁止标线指示的', 100, 3],
];

const CITIES: Record<string, { city: string; roads: string[] }> = {
  浙: { city: '杭州市', roads: ['文三路与学院路交叉口', '天目山路古荡段', '莫干山路石祥路口', '滨盛路江南大道口'] },
  沪: { city: '上海市', roads: ['延安高架西向东', '南京西路陕西北路口', '中山北路共和新路口', '虹桥路古北路口'] },
  京: { city: '北京市', roads: ['东三环国贸桥', '长安街西单路口', '北四环学院桥', '京藏高速清河段'] },
  苏: { city: '南京市', roads: ['中山路新街口', '龙蟠路玄武门', '汉中路莫愁路口'] },
  粤: { city: '深圳市', roads: ['深南大道科技园段', '滨海大道后海立交', '北环大道梅林关'] },
};

/** Provinces whose sandbox "city" wants the engine number's last 6 characters; the others the VIN's last 6. */
const ENGINE_PROVINCES = new Set(['浙', '沪', '京']);

function lateFee(fine: number, days: number): number {
  return days <= 15 ? 0 : Math.min(fine, Math.round(fine * 0.03 * Math.floor(days - 15)));
}

function digest(...parts: string[]): Buffer {
  return createHash('sha256').update(parts.join('|')).digest();
}

/**
 * The sandbox: deterministic, realistic records derived from the plate (0 to 4 violations over the last year,
 * the same numbers on every query, so re-runs merge), a delay per car, and failures on request: a plate ending
 * in `000` fails (the provider's "city maintenance" answer), and a plate of a province outside its list is not
 * supported.
 */
export class SandboxViolationProvider implements ViolationProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;

  constructor(
    private readonly delayMs: number,
    private readonly now: () => Date,
  ) {}

  async requirements(plate: string): Promise<QueryRequirements> {
    const province = plate.slice(0, 1);
    if (!CITIES[province]) return { supported: false, engineDigits: null, vinDigits: null };
    return ENGINE_PROVINCES.has(province)
      ? { supported: true, engineDigits: 6, vinDigits: null }
      : { supported: true, engineDigits: null, vinDigits: 6 };
  }

  async query(car: QueryCar): Promise<ProviderAnswer> {
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (car.plate.endsWith('000')) {
      throw new ProviderError('城市维护中，暂停查询', { resultcode: '203605', reason: '城市维护中，暂停查询' });
    }
    const province = car.plate.slice(0, 1);
    const place = CITIES[province];
    if (!place) throw new ProviderError('不支持该城市的查询', { resultcode: '203603', reason: '不支持该城市' });
    const h = digest(car.plate);
    const count = h[0]! % 5;
    // Dated back from the start of the current 30-day period: stable for a month, then the window moves on.
    const period = Math.floor(this.now().getTime() / (30 * 86_400_000)) * 30 * 86_400_000;
    const lists = [];
    for (let i = 0; i < count; i++) {
      const r = digest(car.plate, String(i));
      const [code, act, fine, points] = OFFENCES[r[0]! % OFFENCES.length]!;
      const occurred = new Date(
        period - ((r[1]! * 256 + r[2]!) % 330) * 86_400_000 - (r[3]! % 14) * 3_600_000 - r[4]! * 60_000,
      );
      const old = period - occurred.getTime() > 120 * 86_400_000;
      const handled = old && r[5]! % 3 !== 0;
      lists.push({
        date: occurred.toISOString(),
        area: `${place.city}${place.roads[r[6]! % place.roads.length]}`,
        act,
        code,
        fen: String(points),
        money: String(fine),
        // 3% of the fine a day from the 16th day of an unpaid penalty, at most the fine itself.
        latefee: String(handled ? 0 : lateFee(fine, (period - occurred.getTime()) / 86_400_000)),
        handled: handled ? '1' : '0',
        archiveno: `${r.readUInt32BE(8).toString().padStart(10, '0')}${(r[12]! % 90) + 10}`,
        wzcity: `${place.city}公安局交通警察支队`,
      });
    }
    return {
      raw: { resultcode: '200', reason: '查询成功', result: { hphm: car.plate, lists } },
      violations: lists.map((l) => ({
        violationNo: `SBX${l.archiveno}`,
        occurredAt: new Date(l.date),
        place: l.area,
        offenceCode: l.code,
        offenceText: l.act,
        fineFen: Number(l.money) * 100,
        points: Number(l.fen),
        lateFeeFen: Number(l.latefee) * 100,
        handled: l.handled === '1',
        authority: l.wzcity,
      })),
    };
  }
}
