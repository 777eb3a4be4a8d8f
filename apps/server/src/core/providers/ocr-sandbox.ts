import { createHash } from 'node:crypto';
import { idCardFacts, vinYearCode, withIdCardCheckDigit, withVinCheckDigit } from '@fleetdesk/contracts/identifiers';
import { UpstreamTimeoutError } from '../errors.js';
import {
  emptyDrivingLicenceFields,
  emptyIdCardFields,
  emptyLicenseFields,
  type DrivingLicenceOutcome,
  type IdCardOutcome,
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

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡'];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '强',
  '洋',
  '勇',
  '军',
  '杰',
  '涛',
  '明',
  '超',
  '秀英',
  '建国',
  '志强',
];
const CLASSES = ['C1', 'C1', 'C1', 'C2', 'B2', 'A1'];

/** A holder's ID number printed in the file's name or content (a person the tester chooses), if any. */
function printedIdNumber(image: OcrImage): string | null {
  const m = /\d{17}[\dXx]/.exec(image.name) ?? /\d{17}[\dXx]/.exec(image.bytes.toString('latin1'));
  return m && idCardFacts(m[0]) ? m[0].toUpperCase() : null;
}

/**
 * The person a card shows: the ID number printed in the file's name or content when there is one (so that an
 * ID card and a driving licence of the same person read as the same person), else one derived from the bytes.
 */
function personOf(image: OcrImage, now: Date) {
  const printed = printedIdNumber(image);
  const d = new Dice(
    createHash('sha256')
      .update(printed ?? image.bytes)
      .digest(),
  );
  const place = d.pick(PLACES);
  let idNumber = printed;
  if (!idNumber) {
    const year = now.getUTCFullYear() - 23 - d.next(35);
    const month = String(1 + d.next(12)).padStart(2, '0');
    const day = String(1 + d.next(28)).padStart(2, '0');
    idNumber = withIdCardCheckDigit(
      `${place.code.slice(0, 4)}${d.pick(['02', '05', '06', '12'])}${year}${month}${day}${d.digits(3)}0`,
    );
  }
  const facts = idCardFacts(idNumber)!;
  const name = `${d.pick(SURNAMES)}${d.pick(GIVEN)}`;
  return { d, place, idNumber, facts, name, address: `${place.name}${place.street}${100 + d.next(800)} 号` };
}

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
    const refused = await this.refuse(image, 'vehicle licence');
    if (refused) return refused;
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

  /** Waits like a real service, then fails when the image asks for it (or throws a timeout). */
  private async refuse(image: OcrImage, what: string): Promise<{ ok: false; error: string } | null> {
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    if (/timeout/i.test(image.name)) throw new UpstreamTimeoutError();
    if (/fail|模糊/i.test(image.name) || image.bytes.includes('OCR-FAIL')) {
      return { ok: false, error: `sandbox: the image is not a readable ${what} (its name or content says so)` };
    }
    return null;
  }

  async idCard(image: OcrImage, side: VehicleLicenseSide): Promise<IdCardOutcome> {
    const refused = await this.refuse(image, 'ID card');
    if (refused) return refused;
    const p = personOf(image, this.now());
    const fields = emptyIdCardFields();
    if (side === 'front') {
      Object.assign(fields, {
        name: p.name,
        gender: p.facts.gender,
        nation: '汉',
        birthDate: p.facts.birthDate,
        address: p.address,
        idNumber: p.idNumber,
      });
    } else {
      const year = this.now().getUTCFullYear() - 1 - p.d.next(8);
      const from = `${year}-${String(1 + p.d.next(12)).padStart(2, '0')}-${String(1 + p.d.next(28)).padStart(2, '0')}`;
      Object.assign(fields, {
        issuer: `${p.place.name.replace(/^.*省/, '')}公安局`,
        validFrom: from,
        validTo: `${year + 20}${from.slice(4)}`,
      });
    }
    return { ok: true, fields };
  }

  async drivingLicence(image: OcrImage, side: VehicleLicenseSide): Promise<DrivingLicenceOutcome> {
    const refused = await this.refuse(image, 'driving licence');
    if (refused) return refused;
    const p = personOf(image, this.now());
    const fields = emptyDrivingLicenceFields();
    fields.name = p.name;
    fields.licenceNumber = p.idNumber;
    if (side === 'front') {
      // First licence at 19 to 24; six years, then ten, then long-term: the current period began within ten years.
      const firstYear = Number(p.facts.birthDate.slice(0, 4)) + 19 + p.d.next(6);
      const first = `${firstYear}${p.facts.birthDate.slice(4)}`;
      const nowYear = this.now().getUTCFullYear();
      const fromYear = Math.max(firstYear, nowYear - 1 - p.d.next(8));
      const from = `${fromYear}${first.slice(4)}`;
      Object.assign(fields, {
        gender: p.facts.gender,
        nationality: '中国',
        address: p.address,
        birthDate: p.facts.birthDate,
        licenceClass: p.d.pick(CLASSES),
        firstIssue: first,
        validFrom: from,
        validTo: `${fromYear + (fromYear === firstYear ? 6 : 10)}${first.slice(4)}`,
      });
    } else {
      fields.fileNo = `${p.place.code}${p.d.digits(6)}`;
    }
    return { ok: true, fields };
  }
}
