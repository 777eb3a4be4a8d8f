import { and, eq, inArray, isNull } from 'drizzle-orm';
import { yuanToFen } from '@fleetdesk/contracts/common';
import {
  isChinesePlate,
  isNewEnergyPlate,
  isValidVin,
  isVinFormat,
  normalizePlate,
  normalizeVin,
  withVinCheckDigit,
} from '@fleetdesk/contracts/identifiers';
import {
  BATTERY_ENERGIES,
  CAR_STATUS_TITLES,
  ENERGY_TITLES,
  INITIAL_CAR_STATUSES,
  INSURANCE_COMPANIES,
  type Energy,
} from '@fleetdesk/contracts/vehicles';
import type { DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { carEvents, carOwners, carTypes, cars } from '../../db/schema/vehicles.js';
import {
  fold,
  lineOfRef,
  registerImportType,
  RENT_EXTRA,
  type Choice,
  type ImportColumnDef,
  type ImportContext,
  type Issue,
  type RowReader,
} from '../excel-import/excel-import.service.js';
import { catalogueOf } from './catalogue/catalogue.repository.js';
import { tenantDays } from '../../core/tenant-time.js';
import { CAR_COLUMN_TITLES as T } from './vehicles.columns.js';
import * as repo from './vehicles.repository.js';

type CarInsert = typeof cars.$inferInsert;
/** A parsed row: the car's columns, without tenant, ref and audit fields. */
type CarImportRow = Omit<CarInsert, 'tenantId' | 'importRef' | 'createdBy' | 'createdAt' | 'updatedAt'> & {
  rentId: number;
  status: (typeof INITIAL_CAR_STATUSES)[number];
};

type CatalogueRows = Awaited<ReturnType<typeof catalogueOf>>;
interface Prepared {
  brands: Map<string, CatalogueRows['brands'][number]>;
  series: Map<string, CatalogueRows['series'][number]>;
  models: Map<string, CatalogueRows['models'][number]>;
  carTypes: Map<string, number>;
  owners: Map<string, number>;
  rents: Choice<string>[];
  /** The rent every row goes to (`{extra}`), else each row's own or the caller's. */
  targetRentId: number | null;
  defaultRentId: number | null;
  today: string;
}

const ENERGY_CHOICES: Choice<Energy>[] = [
  { value: 'petrol', label: ENERGY_TITLES.petrol, aliases: ['汽油车', '燃油', 'gasoline', 'gas'] },
  { value: 'diesel', label: ENERGY_TITLES.diesel, aliases: ['柴油车'] },
  {
    value: 'hybrid',
    label: ENERGY_TITLES.hybrid,
    aliases: ['混动', '插电混动', '插混', '增程', '增程式', '油电混合', 'PHEV', 'HEV', 'EREV'],
  },
  { value: 'electric', label: ENERGY_TITLES.electric, aliases: ['纯电', '电动', 'EV', 'BEV'] },
];
const STATUS_ALIASES: Record<(typeof INITIAL_CAR_STATUSES)[number], string[]> = {
  idle: ['闲置', '待租', '在库'],
  rented: ['出租', '在租', '出租中', '租赁中'],
  preparing: ['整备', '整备中', '待整理', '待清洗'],
  maintenance: ['维修', '保养', '维修保养'],
  reserved: ['预订', '预定'],
  off_fleet: ['停用', '停运中'],
};
const STATUS_CHOICES = INITIAL_CAR_STATUSES.map((s) => ({
  value: s,
  label: CAR_STATUS_TITLES[s],
  aliases: STATUS_ALIASES[s],
}));
const INSURER_CHOICES: Choice<string>[] = INSURANCE_COMPANIES.map((c) => ({
  value: c.code,
  label: { 'zh-CN': c.shortName, 'en-US': c.nameEn },
  aliases: [c.name],
}));

const EXAMPLE_VIN = withVinCheckDigit('LGXCE6CB0P2123456');
const fixed =
  <V extends string>(choices: Choice<V>[]) =>
  async () =>
    choices as Choice<string>[];

const columns: ImportColumnDef[] = [
  { key: 'plate', title: T.plate, required: true, example: '浙A·D12345' },
  {
    key: 'vin',
    title: T.vin,
    required: true,
    example: EXAMPLE_VIN,
    description: {
      'zh-CN': '17 位，不含 I、O、Q；校验位不符的旧数据会导入并列入“信息异常”',
      'en-US': '17 characters, no I/O/Q; a wrong check digit imports with a warning and shows under data problems',
    },
  },
  { key: 'engineNo', title: T.engineNo, example: 'BYD472QA1234567' },
  {
    key: 'brand',
    title: T.brand,
    required: true,
    example: '比亚迪',
    values: async (deps, ctx) =>
      (await catalogueOf(deps.db, ctx.tenantId)).brands.map((b) => ({ value: String(b.id), label: b.name })),
  },
  {
    key: 'series',
    title: T.series,
    required: true,
    example: '秦PLUS',
    description: { 'zh-CN': '须属于所填品牌', 'en-US': 'A series of the brand' },
  },
  {
    key: 'model',
    title: T.model,
    example: '秦PLUS DM-i 2023款 冠军版 55KM 领先型',
    description: {
      'zh-CN': '须属于所填车系；填写后能源、电池、续航、座位数可留空',
      'en-US': 'A model of the series; with it, energy, battery, range and seats may be left empty',
    },
  },
  { key: 'colour', title: T.colour, example: '白色' },
  {
    key: 'carType',
    title: T.carType,
    example: '新能源网约车',
    values: async (deps, ctx) =>
      (await deps.db.select().from(carTypes).where(eq(carTypes.tenantId, ctx.tenantId))).map((t) => ({
        value: String(t.id),
        label: t.name,
      })),
  },
  { key: 'energy', title: T.energy, example: '混合动力', values: fixed(ENERGY_CHOICES) },
  { key: 'batteryKwh', title: T.batteryKwh, example: '8.3' },
  { key: 'rangeKm', title: T.rangeKm, example: '55' },
  { key: 'seats', title: T.seats, example: '5' },
  { key: 'registrationDate', title: T.registrationDate, example: '2023-06-18' },
  { key: 'mileageKm', title: T.mileageKm, example: '35600' },
  {
    key: 'owner',
    title: T.owner,
    example: '演示租车有限公司',
    description: { 'zh-CN': '已登记的所有人名称或证件号', 'en-US': 'The name or ID number of a registered owner' },
  },
  {
    key: 'rent',
    title: T.rent,
    example: '杭州公司',
    description: {
      'zh-CN': '留空则导入到当前公司；导入时指定了公司则忽略此列',
      'en-US': 'Empty: the current company; ignored when the import names a company',
    },
    values: async (deps, ctx) => (await prepareRents(deps, ctx)).map((r) => ({ value: r.value, label: r.label })),
  },
  { key: 'status', title: T.status, example: '空闲', values: fixed(STATUS_CHOICES) },
  { key: 'keyCount', title: T.keyCount, example: '2' },
  { key: 'keyLocation', title: T.keyLocation, example: '杭州门店钥匙柜 A-12' },
  { key: 'inspectionDue', title: T.inspectionDue, example: '2025-06-30' },
  { key: 'purchasePrice', title: T.purchasePrice, example: '99800' },
  { key: 'purchaseDate', title: T.purchaseDate, example: '2023-06-10' },
  { key: 'compulsoryCompany', title: T.compulsoryCompany, example: '人保财险', values: fixed(INSURER_CHOICES) },
  { key: 'compulsoryPolicyNo', title: T.compulsoryPolicyNo, example: 'PDZA202333010000123456' },
  { key: 'compulsoryExpiry', title: T.compulsoryExpiry, example: '2025-06-17' },
  { key: 'commercialCompany', title: T.commercialCompany, example: '平安产险', values: fixed(INSURER_CHOICES) },
  { key: 'commercialPolicyNo', title: T.commercialPolicyNo, example: '10503003900123456789' },
  { key: 'commercialExpiry', title: T.commercialExpiry, example: '2025-06-17' },
  { key: 'remark', title: T.remark, example: '' },
];

async function prepareRents(deps: AppDeps, ctx: ImportContext): Promise<Choice<string>[]> {
  const rents = await repo.rentsOfTenant(deps.db, ctx.tenantId);
  return rents
    .filter((r) => r.status === 'active' && ctx.rentIds.includes(r.id))
    .map((r) => ({ value: String(r.id), label: r.shortName, aliases: [r.name, r.code] }));
}

async function prepare(deps: AppDeps, ctx: ImportContext): Promise<Prepared> {
  const [catalogue, types, owners, rents, days] = await Promise.all([
    catalogueOf(deps.db, ctx.tenantId),
    deps.db.select({ id: carTypes.id, name: carTypes.name }).from(carTypes).where(eq(carTypes.tenantId, ctx.tenantId)),
    deps.db
      .select({ id: carOwners.id, name: carOwners.name, idNumber: carOwners.idNumber })
      .from(carOwners)
      .where(eq(carOwners.tenantId, ctx.tenantId)),
    prepareRents(deps, ctx),
    tenantDays(deps.db, ctx.tenantId, deps.clock.now()),
  ]);
  const brands = new Map<string, CatalogueRows['brands'][number]>();
  // The tenant's own names first, so that the platform's win a clash (they are set last).
  const ordered = <R extends { tenantId: number | null }>(rows: R[]) =>
    [...rows].sort((a, b) => (b.tenantId === null ? 0 : 1) - (a.tenantId === null ? 0 : 1));
  for (const b of ordered(catalogue.brands)) {
    brands.set(fold(b.name), b);
    brands.set(fold(b.nameEn), b);
  }
  const series = new Map<string, CatalogueRows['series'][number]>();
  for (const s of ordered(catalogue.series)) series.set(`${s.brandId}|${fold(s.name)}`, s);
  const models = new Map<string, CatalogueRows['models'][number]>();
  for (const m of ordered(catalogue.models)) models.set(`${m.seriesId}|${fold(m.name)}`, m);
  const ownerMap = new Map<string, number>();
  for (const o of owners) {
    ownerMap.set(fold(o.name), o.id);
    if (o.idNumber) ownerMap.set(fold(o.idNumber), o.id);
  }
  return {
    brands,
    series,
    models,
    carTypes: new Map(types.map((t) => [fold(t.name), t.id])),
    owners: ownerMap,
    rents,
    targetRentId: ctx.extra ? Number(ctx.extra) : null,
    defaultRentId: ctx.rentId,
    today: days.today,
  };
}

function lookup<V>(r: RowReader, key: string, map: Map<string, V>, prefix = ''): V | null {
  const v = r.raw(key);
  if (v === null) return null;
  const found = map.get(`${prefix}${fold(v)}`);
  if (found === undefined) r.error(key, 'import.unknownValue', { value: v });
  return found ?? null;
}

function parse(r: RowReader, p: Prepared): CarImportRow | null {
  const plateText = r.text('plate', { required: true, max: 20 });
  const plate = plateText ? normalizePlate(plateText) : null;
  if (plate && !isChinesePlate(plate)) r.error('plate', 'v.plate');
  const vinText = r.text('vin', { required: true, max: 30 });
  const vin = vinText ? normalizeVin(vinText) : null;
  if (vin && !isVinFormat(vin)) r.error('vin', 'v.vinFormat');
  else if (vin && !isValidVin(vin)) r.warn('vin', 'v.vinCheckDigit');
  const engineNo = r.text('engineNo', { max: 30 });
  if (engineNo && !/^[A-Za-z0-9-]+$/.test(engineNo)) r.error('engineNo', 'v.engineNo');

  const brand = r.raw('brand') === null ? (r.error('brand', 'import.required'), null) : lookup(r, 'brand', p.brands);
  const series =
    r.raw('series') === null
      ? (r.error('series', 'import.required'), null)
      : brand
        ? lookup(r, 'series', p.series, `${brand.id}|`)
        : null;
  const model = series ? lookup(r, 'model', p.models, `${series.id}|`) : null;
  const carTypeId = lookup(r, 'carType', p.carTypes);
  const ownerId = lookup(r, 'owner', p.owners);

  let energy = r.choice('energy', ENERGY_CHOICES);
  if (!energy && r.raw('energy') === null) {
    if (model) energy = model.energy as Energy;
    else r.error('energy', 'import.required');
  }
  let batteryKwh = r.number('batteryKwh', { min: 0.1, max: 300, decimals: 2 });
  let rangeKm = r.number('rangeKm', { min: 1, max: 2000, integer: true });
  const seats = r.number('seats', { min: 1, max: 60, integer: true }) ?? model?.seats ?? null;
  if (energy && !BATTERY_ENERGIES.includes(energy)) {
    if (batteryKwh !== null) r.error('batteryKwh', 'v.energyOnlyNew');
    if (rangeKm !== null) r.error('rangeKm', 'v.energyOnlyNew');
    if (plate && isNewEnergyPlate(plate)) r.error('plate', 'v.plateEnergy');
  } else if (energy && model && model.energy === energy) {
    batteryKwh ??= model.batteryKwh;
    rangeKm ??= model.rangeKm;
  }

  const registrationDate = r.date('registrationDate');
  if (registrationDate && registrationDate > p.today) r.error('registrationDate', 'vehicles.import.future');
  const mileageKm = r.number('mileageKm', { min: 0, max: 3_000_000, integer: true }) ?? 0;
  let rentId = p.targetRentId;
  if (rentId === null) {
    const named = r.raw('rent') === null ? null : r.choice('rent', p.rents);
    rentId = named ? Number(named) : p.defaultRentId;
    if (rentId === null && r.raw('rent') === null) r.error('rent', 'vehicles.noRent');
  }
  const status = r.choice('status', STATUS_CHOICES) ?? 'idle';
  const keyCount = r.number('keyCount', { min: 0, max: 20, integer: true }) ?? 0;
  const keyLocation = r.text('keyLocation', { max: 100 });
  const inspectionDue = r.date('inspectionDue');
  const purchasePrice = r.number('purchasePrice', { min: 0, max: 1_000_000_000, decimals: 2 });
  const purchaseDate = r.date('purchaseDate');
  const policy = (prefix: 'compulsory' | 'commercial') => {
    const company = r.choice(`${prefix}Company`, INSURER_CHOICES);
    const policyNo = r.text(`${prefix}PolicyNo`, { max: 40 });
    const expiry = r.date(`${prefix}Expiry`);
    if ((r.raw(`${prefix}Company`) || policyNo) && !r.raw(`${prefix}Expiry`)) {
      r.error(`${prefix}Expiry`, 'v.insuranceExpiry');
    }
    return { company, policyNo, expiry };
  };
  const compulsory = policy('compulsory');
  const commercial = policy('commercial');
  const remark = r.text('remark', { max: 500 });
  const colour = r.text('colour', { max: 20 });

  if (r.errors.length || !plate || !vin || !brand || !series || !energy || rentId === null) return null;
  return {
    rentId,
    plate,
    vin,
    vinValid: isValidVin(vin),
    engineNo: engineNo ? engineNo.toUpperCase() : null,
    brandId: brand.id,
    seriesId: series.id,
    modelId: model?.id ?? null,
    colour,
    carTypeId,
    energy,
    batteryKwh,
    rangeKm,
    seats,
    registrationDate,
    mileageKm,
    ownerId,
    status,
    keyCount,
    keyLocation,
    inspectionDue,
    purchasePriceFen: purchasePrice === null ? null : yuanToFen(purchasePrice),
    purchaseDate,
    compulsoryCompany: compulsory.company,
    compulsoryPolicyNo: compulsory.policyNo,
    compulsoryExpiry: compulsory.expiry,
    commercialCompany: commercial.company,
    commercialPolicyNo: commercial.policyNo,
    commercialExpiry: commercial.expiry,
    remark,
  };
}

/**
 * Plates must be new to the tenant and to the rows before (that import); a VIN already known is only a
 * warning, since legacy data has them (the car shows under car/info/error).
 */
async function checkRows(db: DbOrTx, ctx: ImportContext, rows: { line: number; row: CarImportRow }[]) {
  const issues = new Map<number, { errors: Issue[]; warnings: Issue[] }>();
  if (!rows.length) return issues;
  /** Live plates of the tenant among the rows', with the ref of the import that wrote them (if any). */
  const existingPlates = new Map<string, string | null>();
  const existingVins = new Set<string>();
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const [plates, vins] = await Promise.all([
      db
        .select({ v: cars.plate, ref: cars.importRef })
        .from(cars)
        .where(
          and(
            eq(cars.tenantId, ctx.tenantId),
            isNull(cars.deletedAt),
            inArray(
              cars.plate,
              chunk.map((r) => r.row.plate),
            ),
          ),
        ),
      db
        .select({ v: cars.vin })
        .from(cars)
        .where(
          and(
            eq(cars.tenantId, ctx.tenantId),
            isNull(cars.deletedAt),
            inArray(
              cars.vin,
              chunk.map((r) => r.row.vin),
            ),
          ),
        ),
    ]);
    plates.forEach((p) => existingPlates.set(p.v, p.ref));
    vins.forEach((v) => existingVins.add(v.v));
  }
  const platesBefore = new Map<string, number>();
  const vinsBefore = new Map<string, number>();
  for (const { line, row } of rows) {
    const errors: Issue[] = [];
    const warnings: Issue[] = [];
    const earlier = existingPlates.has(row.plate) ? lineOfRef(ctx, existingPlates.get(row.plate)!) : null;
    if (earlier !== null) {
      // Written by an earlier batch of this very import: the same clash the check reports within the file.
      errors.push({ column: 'plate', key: 'import.duplicateInFile', params: { row: earlier } });
    } else if (existingPlates.has(row.plate)) errors.push({ column: 'plate', key: 'vehicles.import.plateExists' });
    else if (platesBefore.has(row.plate)) {
      errors.push({ column: 'plate', key: 'import.duplicateInFile', params: { row: platesBefore.get(row.plate)! } });
    }
    if (existingVins.has(row.vin)) warnings.push({ column: 'vin', key: 'vehicles.import.vinExists' });
    else if (vinsBefore.has(row.vin)) {
      warnings.push({ column: 'vin', key: 'import.duplicateInFile', params: { row: vinsBefore.get(row.vin)! } });
    }
    if (!errors.length) {
      platesBefore.set(row.plate, line);
      if (!vinsBefore.has(row.vin)) vinsBefore.set(row.vin, line);
    }
    if (errors.length || warnings.length) issues.set(line, { errors, warnings });
  }
  return issues;
}

async function insert(
  tx: DbOrTx,
  ctx: ImportContext,
  rows: { line: number; row: CarImportRow; ref: string }[],
  now: Date,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const inserted = await tx
      .insert(cars)
      .values(
        chunk.map(({ row, ref }) => ({
          tenantId: ctx.tenantId,
          ...row,
          statusChangedAt: now,
          importRef: ref,
          createdBy: ctx.userId,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: cars.id, status: cars.status, rentId: cars.rentId });
    await tx.insert(carEvents).values(
      inserted.map((c) => ({
        tenantId: ctx.tenantId,
        carId: c.id,
        kind: 'import',
        toStatus: c.status,
        toRentId: c.rentId,
        userId: ctx.userId,
        at: now,
      })),
    );
  }
}

/** Cars are the first Excel import type: `excel/data/…/car/data`, `{extra}` = the rent to import into. */
export function registerCarImport(): void {
  registerImportType<CarImportRow, Prepared>({
    type: 'car',
    title: { 'zh-CN': '车辆', 'en-US': 'Cars' },
    permission: 'rentCar:import',
    ...RENT_EXTRA,
    columns,
    prepare,
    parse,
    checkRows: (db, ctx, rows) => checkRows(db, ctx, rows),
    insert: (tx, deps, ctx, rows) => insert(tx, ctx, rows, deps.clock.now()),
    async written(db, ctx, refs) {
      if (!refs.length) return new Set();
      const rows = await db
        .select({ ref: cars.importRef })
        .from(cars)
        .where(and(eq(cars.tenantId, ctx.tenantId), inArray(cars.importRef, refs)));
      return new Set(rows.map((r) => r.ref!));
    },
  });
}
