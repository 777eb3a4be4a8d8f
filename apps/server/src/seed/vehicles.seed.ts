import { eq, inArray } from 'drizzle-orm';
import { yuanToFen } from '@fleetdesk/contracts/common';
import { idCardCheckDigit, usccCheckChar, vinYearCode, withVinCheckDigit } from '@fleetdesk/contracts/identifiers';
import type { Tx } from '../core/db.js';
import { carBrands, carEvents, carModels, carOwners, carSeries, carTypes, cars } from '../db/schema/vehicles.js';
import { syncCarCatalogue } from '../modules/vehicles/catalogue/catalogue.sync.js';
import { historyOf, type EventRow } from './car-history.js';
import type { DemoContext } from './context.js';
import { Random } from './random.js';
import { DEMO_FLEET, OTHER_FLEET, type FleetCar } from './vehicles.fleet.js';

const DAY = 86_400_000;

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
/** A calendar day in the demo tenants' zone (Asia/Shanghai), where "due in 15 days" is counted. */
const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' });
const date = (ms: number) => day.format(new Date(ms));

function vinFor(r: Random, wmi: string, year: number): string {
  return withVinCheckDigit(
    `${wmi}${r.chars(VIN_CHARS, 5)}0${vinYearCode(year)}${r.pick(['1', '2', '3', 'A', 'S'])}${r.chars('0123456789', 6)}`,
  );
}

function uscc(r: Random, region: string): string {
  const body = `91${region}${r.chars('0123456789ABCDEFGHJKLMNPQRTUWXY', 9)}`;
  return body + usccCheckChar(body);
}

function idCard(region: string, birth: string, seq: string): string {
  const body = `${region}${birth}${seq}`;
  return body + idCardCheckDigit(body);
}

async function modelsByCode(tx: Tx, codes: string[]) {
  const rows = await tx
    .select({
      code: carModels.code,
      modelId: carModels.id,
      seriesId: carSeries.id,
      seriesCode: carSeries.code,
      brandId: carBrands.id,
      brandCode: carBrands.code,
      energy: carModels.energy,
      seats: carModels.seats,
      batteryKwh: carModels.batteryKwh,
      rangeKm: carModels.rangeKm,
      year: carModels.year,
      priceFen: carModels.guidePriceFen,
    })
    .from(carModels)
    .innerJoin(carSeries, eq(carSeries.id, carModels.seriesId))
    .innerJoin(carBrands, eq(carBrands.id, carSeries.brandId))
    .where(inArray(carModels.code, codes));
  return new Map(rows.map((m) => [m.code!, m]));
}

async function seedFleet(
  tx: Tx,
  r: Random,
  h: Random,
  now: number,
  t: {
    tenantId: number;
    userId: number;
    rentIds: Record<string, number>;
    types: Record<string, number>;
    owners: Record<string, number>;
  },
  fleet: FleetCar[],
): Promise<void> {
  const models = await modelsByCode(
    tx,
    fleet.map((c) => c.model),
  );
  const histories: EventRow[][] = [];
  const values = fleet.map((c, i) => {
    const m = models.get(c.model);
    if (!m) throw new Error(`demo fleet: no catalogue model ${c.model}`);
    const regMs = now - c.ageDays * DAY;
    const regYear = new Date(regMs).getUTCFullYear();
    const rentId = t.rentIds[c.rent]!;
    const createdAt = Math.max(regMs, now - 300 * DAY) + r.int(0, 5) * DAY;
    const history = historyOf(h, createdAt, now, c.status, rentId, c.remark);
    if (c.transferredFrom) {
      const at = new Date(createdAt + 2 * DAY);
      history.splice(1, 0, {
        kind: 'transfer',
        fromRentId: t.rentIds[c.transferredFrom]!,
        toRentId: rentId,
        at,
        remark: '车辆调拨',
      });
      history[0]!.toRentId = t.rentIds[c.transferredFrom]!;
    }
    histories.push(history);
    const lastChange = history.filter((e) => e.kind !== 'transfer').at(-1)!.at;
    const anniversary = (offsetDays: number) => {
      // Inspections and policies renew yearly from registration; `offsetDays` moves this car's due date.
      const d = new Date(regMs);
      while (d.getTime() < now) d.setUTCFullYear(d.getUTCFullYear() + 1);
      return date(d.getTime() + offsetDays * DAY);
    };
    const compulsoryExpiry = c.insuranceInDays === undefined ? anniversary(0) : date(now + c.insuranceInDays * DAY);
    const vin = c.vin ?? vinFor(r, c.wmi, Math.min(regYear, m.year));
    return {
      tenantId: t.tenantId,
      rentId,
      plate: c.plate,
      vin,
      vinValid: !c.badVin,
      engineNo: c.noEngineNo ? null : `${c.engine}${r.chars('0123456789', 7)}`,
      brandId: m.brandId,
      seriesId: m.seriesId,
      modelId: m.modelId,
      colour: r.pick(['白色', '白色', '黑色', '银色', '灰色', '蓝色']),
      carTypeId: c.type ? t.types[c.type]! : null,
      energy: m.energy,
      batteryKwh: m.batteryKwh,
      rangeKm: m.rangeKm,
      seats: m.seats,
      registrationDate: date(regMs),
      mileageKm: Math.round((c.ageDays / 365) * r.int(38_000, 70_000)),
      ownerId: c.owner ? t.owners[c.owner]! : null,
      status: c.status,
      statusChangedAt: lastChange,
      keyCount: r.pick([2, 2, 2, 1]),
      keyLocation:
        c.status === 'rented'
          ? '司机随车 1 把，门店 1 把'
          : `${c.rent === 'SH' ? '上海' : c.rent === 'BJ' ? '北京' : '杭州'}门店钥匙柜 ${r.pick(['A', 'B'])}-${String(i + 1).padStart(2, '0')}`,
      inspectionDue:
        c.inspectionInDays === undefined ? anniversary(r.int(20, 200)) : date(now + c.inspectionInDays * DAY),
      purchasePriceFen: m.priceFen === null ? null : Math.round((m.priceFen * (0.9 + r.next() * 0.06)) / 100) * 100,
      purchaseDate: date(regMs - r.int(3, 15) * DAY),
      compulsoryCompany: c.noInsurance ? null : c.insurer,
      compulsoryPolicyNo: c.noInsurance ? null : `PDZA${regYear}${r.chars('0123456789', 14)}`,
      compulsoryExpiry: c.noInsurance ? null : compulsoryExpiry,
      commercialCompany: c.noInsurance ? null : c.insurer,
      commercialPolicyNo: c.noInsurance ? null : `PDAA${regYear}${r.chars('0123456789', 14)}`,
      commercialExpiry: c.noInsurance ? null : compulsoryExpiry,
      licenseFileNo: c.noLicense
        ? null
        : `${c.rent === 'SH' ? '310100' : c.rent === 'BJ' ? '110100' : '330100'}${r.chars('0123456789', 6)}`,
      licenseUseCharacter: c.noLicense ? null : (c.use ?? '租赁'),
      licenseIssueDate: c.noLicense ? null : date(regMs),
      licenseBoundAt: c.noLicense ? null : new Date(createdAt + DAY),
      remark: c.remark ?? null,
      createdBy: t.userId,
      createdAt: new Date(createdAt),
      updatedAt: lastChange,
    };
  });
  const inserted = await tx.insert(cars).values(values).returning({ id: cars.id });
  const events = inserted.flatMap((row, i) =>
    histories[i]!.map((e) => ({
      tenantId: t.tenantId,
      carId: row.id,
      kind: e.kind,
      action: e.action ?? null,
      fromStatus: e.fromStatus ?? null,
      toStatus: e.toStatus ?? null,
      fromRentId: e.fromRentId ?? null,
      toRentId: e.toRentId ?? null,
      remark: e.remark ?? null,
      userId: t.userId,
      at: e.at,
    })),
  );
  for (let i = 0; i < events.length; i += 1000) await tx.insert(carEvents).values(events.slice(i, i + 1000));
}

/** The catalogue, car types, owners and a fleet of ~80 cars with their history for 演示租车; a few for Other Rentals. */
export async function seedVehicles({ tx, clock, demo, other }: DemoContext): Promise<void> {
  await syncCarCatalogue(tx);
  const now = clock.now().getTime();
  const r = new Random(20_240_601);
  // The status histories draw from their own sequence: the cars' other values do not move with them.
  const h = new Random(20_261_207);

  const typeRows = await tx
    .insert(carTypes)
    .values(
      [
        { name: '经济型', monthlyRent: 3800, deposit: 5000, remark: '帝豪、朗逸等燃油车' },
        { name: '新能源网约车', monthlyRent: 4500, deposit: 6000, remark: '已取得网约车运输证' },
        { name: '舒适型', monthlyRent: 5200, deposit: 8000, remark: '凯美瑞、雅阁、汉EV' },
        { name: '商务型', monthlyRent: 8800, deposit: 20000, remark: 'GL8、理想L7 等商务接待' },
      ].map((x) => ({
        tenantId: demo.tenantId,
        name: x.name,
        monthlyRentFen: yuanToFen(x.monthlyRent),
        depositFen: yuanToFen(x.deposit),
        remark: x.remark,
      })),
    )
    .returning({ id: carTypes.id, name: carTypes.name });
  const ownerRows = await tx
    .insert(carOwners)
    .values([
      {
        tenantId: demo.tenantId,
        kind: 'company',
        name: '演示租车有限公司',
        idNumber: uscc(r, '330106'),
        contactName: '张伟',
        phone: '0571-86001234',
        address: '浙江省杭州市西湖区文三路 398 号',
      },
      {
        tenantId: demo.tenantId,
        kind: 'company',
        name: '浙江融通汽车融资租赁有限公司',
        idNumber: uscc(r, '330108'),
        contactName: '周敏',
        phone: '0571-87005678',
        address: '浙江省杭州市滨江区江南大道 3888 号',
        remark: '融资租赁车辆，抵押至还款结束',
      },
      {
        tenantId: demo.tenantId,
        kind: 'person',
        name: '王磊',
        idNumber: idCard('330106', '19860412', '031'),
        phone: '13912340001',
        remark: '挂靠车辆',
      },
      {
        tenantId: demo.tenantId,
        kind: 'person',
        name: '李强',
        idNumber: idCard('330102', '19910723', '015'),
        phone: '13912340002',
        remark: '挂靠车辆',
      },
      {
        tenantId: demo.tenantId,
        kind: 'person',
        name: '赵晓峰',
        idNumber: idCard('310104', '19880105', '052'),
        phone: '13912340008',
        address: '上海市徐汇区漕溪北路 88 号',
        remark: '挂靠车辆',
      },
    ])
    .returning({ id: carOwners.id, name: carOwners.name });
  const byName = (rows: { id: number; name: string }[]) => Object.fromEntries(rows.map((x) => [x.name, x.id]));
  await seedFleet(
    tx,
    r,
    h,
    now,
    {
      tenantId: demo.tenantId,
      userId: demo.adminId,
      rentIds: demo.rentIds,
      types: byName(typeRows),
      owners: byName(ownerRows),
    },
    DEMO_FLEET,
  );

  const [otherType] = await tx
    .insert(carTypes)
    .values({ tenantId: other.tenantId, name: 'Standard', monthlyRentFen: 400_000, depositFen: 500_000 })
    .returning({ id: carTypes.id, name: carTypes.name });
  const [otherOwner] = await tx
    .insert(carOwners)
    .values({ tenantId: other.tenantId, kind: 'company', name: 'Other Rentals Ltd.', idNumber: uscc(r, '110105') })
    .returning({ id: carOwners.id, name: carOwners.name });
  await seedFleet(
    tx,
    r,
    h,
    now,
    {
      tenantId: other.tenantId,
      userId: other.userId,
      rentIds: other.rentIds,
      types: { Standard: otherType!.id },
      owners: { 'Other Rentals Ltd.': otherOwner!.id },
    },
    OTHER_FLEET,
  );
}
