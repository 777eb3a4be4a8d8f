import { createHash } from 'node:crypto';
import { vinYearCode, withVinCheckDigit } from '@fleetdesk/contracts/identifiers';
import { UpstreamTimeoutError } from '../errors.js';
import {
  emptyLicenseFields,
  type OcrImage,
  type OcrOutcome,
  type OcrProvider,
  type VehicleLicenseSide,
} from './ocr.js';

/** Models as licences print them, with the WMI of their maker and what the second page says. */
const MODELS = [
  {
    text: '比亚迪牌BYD7152WT6HEVC1',
    wmi: 'LGX',
    vds: 'C76C4',
    engine: 'BYD472QA',
    type: '小型轿车',
    seats: 5,
    energy: '插电式混合动力',
    nev: true,
  },
  {
    text: '比亚迪牌BYD7005BEVA',
    wmi: 'LGX',
    vds: 'E76B7',
    engine: 'TZ200XSQ',
    type: '小型轿车',
    seats: 5,
    energy: '电',
    nev: true,
  },
  {
    text: '大众汽车牌SVW71512DM',
    wmi: 'LSV',
    vds: 'AU218',
    engine: 'DJN',
    type: '小型轿车',
    seats: 5,
    energy: '汽油',
    nev: false,
  },
  {
    text: '丰田牌GTM7250GB',
    wmi: 'LVG',
    vds: 'B1FK2',
    engine: 'A25A',
    type: '小型轿车',
    seats: 5,
    energy: '汽油',
    nev: false,
  },
  {
    text: '特斯拉牌TSL7000BEVAR0',
    wmi: 'LRW',
    vds: '3E7FA',
    engine: 'TZ220XS',
    type: '小型轿车',
    seats: 5,
    energy: '电',
    nev: true,
  },
  {
    text: '吉利牌JL7152L04',
    wmi: 'L6T',
    vds: '7824S',
    engine: 'JLC-4G15',
    type: '小型轿车',
    seats: 5,
    energy: '汽油',
    nev: false,
  },
  {
    text: '广汽埃安牌GAM7000BEVA0L',
    wmi: 'LMG',
    vds: 'FE1G8',
    engine: 'TZ180XS',
    type: '小型轿车',
    seats: 5,
    energy: '电',
    nev: true,
  },
  {
    text: '别克牌SGM6521UAA1',
    wmi: 'LSG',
    vds: 'UV5E1',
    engine: 'LTG',
    type: '小型普通客车',
    seats: 7,
    energy: '汽油',
    nev: false,
  },
];
const PLACES = [
  { province: '浙', name: '浙江省杭州市', code: '330100', street: '西湖区文三路 ' },
  { province: '沪', name: '上海市', code: '310100', street: '闵行区虹桥路 ' },
  { province: '苏', name: '江苏省南京市', code: '320100', street: '建邺区江东中路 ' },
  { province: '粤', name: '广东省广州市', code: '440100', street: '天河区天河路 ' },
];
const OWNERS = ['演示租车有限公司', '杭州顺达汽车租赁有限公司', '王磊', '李强', '张敏', '陈晨'];
const USES = ['租赁', '预约出租客运', '非营运'];
const SERIAL = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** Deterministic choices from the image's hash: the same photo always reads the same. */
class Dice {
  private i = 0;
  constructor(private readonly bytes: Buffer) {}
  next(n: number): number {
    const b = this.bytes.readUInt16BE((this.i++ * 2) % (this.bytes.length - 1));
    return b % n;
  }
  pick<T>(list: readonly T[]): T {
    return list[this.next(list.length)]!;
  }
  digits(n: number): string {
    return Array.from({ length: n }, () => String(this.next(10))).join('');
  }
}

/**
 * The sandbox OCR: nothing leaves the machine. It derives a plausible licence from the image bytes (a valid
 * plate of a known province, a VIN with the maker's WMI and a correct check digit, dates, owner), answers
 * after `delayMs` like a real service, and fails on request: an image whose name (or content) says "fail" or
 * 模糊 is unreadable, and one whose name says "timeout" times out.
 */
export class SandboxOcrProvider implements OcrProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  constructor(
    private readonly delayMs = 0,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async vehicleLicense(image: OcrImage, side: VehicleLicenseSide): Promise<OcrOutcome> {
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    if (/timeout/i.test(image.name)) throw new UpstreamTimeoutError();
    if (/fail|模糊/i.test(image.name) || image.bytes.includes('OCR-FAIL')) {
      return { ok: false, error: 'sandbox: the image is not a readable vehicle licence (its name or content says so)' };
    }
    const d = new Dice(createHash('sha256').update(image.bytes).digest());
    const model = d.pick(MODELS);
    const place = d.pick(PLACES);
    const plateBody = model.nev
      ? `${d.pick(['D', 'F'])}${d.pick(SERIAL.split(''))}${d.digits(4)}`
      : `${d.digits(1)}${d.pick(SERIAL.split(''))}${d.digits(3)}`;
    const plate = `${place.province}${d.pick(['A', 'B', 'C', 'D', 'E'])}${plateBody}`;
    const year = this.now().getUTCFullYear() - 1 - d.next(4);
    const month = 1 + d.next(12);
    const day = 1 + d.next(28);
    const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const vin = withVinCheckDigit(
      `${model.wmi}${model.vds}0${vinYearCode(year)}${d.pick(['1', '2', '3', 'A'])}${d.digits(6)}`,
    );
    const fields = emptyLicenseFields();
    fields.plate = plate;
    if (side === 'front') {
      Object.assign(fields, {
        vehicleType: model.type,
        owner: d.pick(OWNERS),
        address: `${place.name}${place.street}${100 + d.next(800)} 号`,
        useCharacter: d.pick(USES),
        model: model.text,
        vin,
        engineNo: `${model.engine}${d.digits(7)}`,
        registrationDate: date,
        issueDate: date,
        issuer: `${place.name}公安局交通警察支队`,
      });
    } else {
      Object.assign(fields, {
        fileNo: `${place.code}${d.digits(6)}`,
        seats: model.seats,
        inspectionValidUntil: `${year + 2 + d.next(2)}-${String(month).padStart(2, '0')}`,
        energyText: model.energy,
      });
    }
    return { ok: true, fields };
  }
}
