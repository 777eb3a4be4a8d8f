import { sql } from 'drizzle-orm';
import { yuanToFen, type LocalText } from '@fleetdesk/contracts/common';
import {
  DRIVER_FLOW_IMPORT_TYPE,
  FLOW_PLATFORM_TITLES,
  FLOW_PLATFORMS,
  type FlowPlatform,
} from '@fleetdesk/contracts/team-performance';
import { idArray, rawNumber, rowsOf, type DbOrTx, type RawNumber } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { BadRequestError } from '../../core/errors.js';
import { tenantDays } from '../../core/tenant-time.js';
import {
  fold,
  lineOfRef,
  registerImportType,
  type Choice,
  type ImportColumnDef,
  type ImportContext,
  type Issue,
  type RowReader,
} from '../excel-import/excel-import.service.js';
import { upsertFlowDays, type FlowRow } from './flow-days.js';
import './teams.messages.js';

/**
 * Platform days from a sheet (`excel/data/import/driver_flow/data/{platform}`): one row per driver and day, the
 * platform from the path or a column. The headers of the platforms' own exports are recognised (DiDi's
 * "司机手机号 / 在线时长(小时) / 完成订单数 / 流水(元)", Amap's "手机号 / 统计日期 / 在线时长(分钟) / 完单量 / 总流水",
 * and the like), so a fleet uploads what the platform gave it. A day already stored for the driver and platform
 * is replaced (a warning says so).
 */
const T = {
  phone: { 'zh-CN': '司机手机号', 'en-US': 'Driver phone' },
  idNumber: { 'zh-CN': '身份证号', 'en-US': 'ID number' },
  name: { 'zh-CN': '司机姓名', 'en-US': 'Driver name' },
  day: { 'zh-CN': '日期', 'en-US': 'Date' },
  platform: { 'zh-CN': '平台', 'en-US': 'Platform' },
  onlineHours: { 'zh-CN': '在线时长(小时)', 'en-US': 'Online hours' },
  onlineMinutes: { 'zh-CN': '在线时长(分钟)', 'en-US': 'Online minutes' },
  orders: { 'zh-CN': '完成订单数', 'en-US': 'Orders' },
  flow: { 'zh-CN': '流水(元)', 'en-US': 'Flow (yuan)' },
} satisfies Record<string, LocalText>;

const PLATFORMS: Choice<FlowPlatform>[] = FLOW_PLATFORMS.map((value) => ({
  value,
  label: FLOW_PLATFORM_TITLES[value],
  aliases: {
    didi: ['滴滴', 'DiDi Chuxing'],
    gaode: ['高德', 'amap'],
    caocao: ['曹操'],
    t3: ['T3出行'],
    meituan: ['美团'],
    other: [],
  }[value],
}));

const columns: ImportColumnDef[] = [
  {
    key: 'phone',
    title: T.phone,
    example: '13957100001',
    description: { 'zh-CN': '手机号与身份证号至少填一项', 'en-US': 'The phone or the ID number, at least one' },
    aliases: ['手机号', '手机号码', '司机手机', '司机电话', '联系电话', '司机联系方式', 'Phone', 'Mobile'],
  },
  { key: 'idNumber', title: T.idNumber, example: '', aliases: ['身份证', '证件号码', '司机身份证号'] },
  {
    key: 'name',
    title: T.name,
    example: '张伟',
    description: { 'zh-CN': '与司机档案不符时提示', 'en-US': "Warned about when it differs from the driver's record" },
    aliases: ['姓名', '司机', '司机名称', 'Driver'],
  },
  {
    key: 'day',
    title: T.day,
    required: true,
    example: '2026-11-30',
    aliases: ['统计日期', '出车日期', '业务日期', '日期(天)'],
  },
  {
    key: 'platform',
    title: T.platform,
    example: '',
    description: {
      'zh-CN': '不填时为导入时选择的平台',
      'en-US': 'Empty: the platform chosen for the import',
    },
    values: async () => PLATFORMS,
    aliases: ['所属平台', '平台名称'],
  },
  {
    key: 'onlineHours',
    title: T.onlineHours,
    example: '9.5',
    description: {
      'zh-CN': '在线时长（小时）与（分钟）填一项',
      'en-US': 'Online time in hours or in minutes, one of the two',
    },
    aliases: ['在线时长(h)', '在线小时数', '在线时长', '在线小时'],
  },
  { key: 'onlineMinutes', title: T.onlineMinutes, example: '', aliases: ['在线时长(min)', '在线分钟', '在线分钟数'] },
  {
    key: 'orders',
    title: T.orders,
    example: '26',
    aliases: ['完单量', '完单数', '订单数', '成交订单数', '完成单量', '接单量'],
  },
  {
    key: 'flow',
    title: T.flow,
    example: '812.40',
    aliases: ['总流水', '流水金额', '营业流水', '司机流水', '流水', '订单流水', '流水(元)', '总流水(元)', 'Flow'],
  },
];

interface Driver {
  id: number;
  rentId: number;
  name: string;
}
interface Prepared {
  byPhone: Map<string, Driver>;
  byIdNumber: Map<string, Driver>;
  today: string;
  platform: FlowPlatform | null;
}

function platformOf(extra: string | null): FlowPlatform | null {
  if (extra === null) return null;
  const found = FLOW_PLATFORMS.find((p) => p === extra);
  if (!found) throw new BadRequestError('teams.flowPlatform', { value: extra, platforms: FLOW_PLATFORMS.join(', ') });
  return found;
}

async function prepare(deps: AppDeps, ctx: ImportContext): Promise<Prepared> {
  const team = ctx.teamIds ? sql` and d.team_id = any(${idArray(ctx.teamIds)})` : sql``;
  const [rows, days] = await Promise.all([
    rowsOf<{ id: RawNumber; rent_id: RawNumber; name: string; phone: string; id_number: string }>(
      deps.db,
      sql`select d.id, d.rent_id, d.name, d.phone, d.id_number from drivers d
        where d.tenant_id = ${ctx.tenantId} and d.rent_id = any(${idArray(ctx.rentIds)}) and d.deleted_at is null${team}
        order by d.id`,
    ),
    tenantDays(deps.db, ctx.tenantId, deps.clock.now()),
  ]);
  const byPhone = new Map<string, Driver>();
  const byIdNumber = new Map<string, Driver>();
  for (const r of rows) {
    const driver = { id: rawNumber(r.id), rentId: rawNumber(r.rent_id), name: r.name };
    byPhone.set(r.phone, driver);
    byIdNumber.set(r.id_number.toUpperCase(), driver);
  }
  return { byPhone, byIdNumber, today: days.today, platform: platformOf(ctx.extra) };
}

function parse(r: RowReader, p: Prepared): FlowRow | null {
  const phone = r.raw('phone')?.replace(/[\s-]/g, '') ?? null;
  const idNumber = r.raw('idNumber')?.toUpperCase() ?? null;
  let driver: Driver | undefined;
  if (phone === null && idNumber === null) r.error('phone', 'teams.flowDriverNeeded');
  else {
    driver =
      (phone !== null ? p.byPhone.get(phone) : undefined) ??
      (idNumber !== null ? p.byIdNumber.get(idNumber) : undefined);
    if (!driver)
      r.error(phone !== null ? 'phone' : 'idNumber', 'teams.flowDriverNotFound', { value: phone ?? idNumber! });
  }
  const name = r.raw('name');
  if (driver && name !== null && fold(name) !== fold(driver.name)) {
    r.warn('name', 'teams.flowNameDiffers', { name, driver: driver.name });
  }
  const day = r.date('day', { required: true });
  if (day !== null && day > p.today) r.error('day', 'teams.flowFutureDay', { day });
  const platform = r.choice('platform', PLATFORMS) ?? p.platform;
  if (platform === null && r.raw('platform') === null) r.error('platform', 'teams.flowPlatformNeeded');
  const hours = r.number('onlineHours', { min: 0, max: 24, decimals: 2 });
  const minutes = r.number('onlineMinutes', { min: 0, max: 1440, integer: true });
  if (hours !== null && minutes !== null && Math.round(hours * 60) !== minutes) {
    r.error('onlineMinutes', 'teams.flowOnlineTwice');
  }
  const orders = r.number('orders', { min: 0, max: 500, integer: true });
  const flow = r.number('flow', { min: 0, max: 100_000, decimals: 2 });
  if (hours === null && minutes === null && orders === null && flow === null && !r.errors.length) {
    r.error(null, 'teams.flowEmpty');
  }
  if (r.errors.length || !driver || day === null || platform === null) return null;
  return {
    driverId: driver.id,
    rentId: driver.rentId,
    day,
    platform,
    onlineMinutes: minutes ?? Math.round((hours ?? 0) * 60),
    orders: orders ?? 0,
    flowFen: yuanToFen(flow ?? 0),
  };
}

const keyOf = (r: FlowRow) => `${r.driverId}:${r.day}:${r.platform}`;

/** One row per driver, day and platform in a file; a day already stored is replaced (a warning). */
async function checkRows(db: DbOrTx, ctx: ImportContext, rows: { line: number; row: FlowRow }[]) {
  const issues = new Map<number, { errors: Issue[]; warnings: Issue[] }>();
  if (!rows.length) return issues;
  const stored = new Map<string, string | null>();
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const found = await rowsOf<{ driver_id: RawNumber; day: string; platform: string; import_ref: string | null }>(
      db,
      sql`select f.driver_id, f.day::text as day, f.platform, f.import_ref from driver_flow_days f
        where f.tenant_id = ${ctx.tenantId} and f.driver_id = any(${idArray(chunk.map((r) => r.row.driverId))})
          and f.day = any(${`{${[...new Set(chunk.map((r) => r.row.day))].join(',')}}`}::date[])`,
    );
    for (const f of found) stored.set(`${rawNumber(f.driver_id)}:${f.day}:${f.platform}`, f.import_ref);
  }
  const before = new Map<string, number>();
  for (const { line, row } of rows) {
    const key = keyOf(row);
    const earlierInFile = before.get(key) ?? (stored.has(key) ? lineOfRef(ctx, stored.get(key)!) : null);
    if (earlierInFile !== null && earlierInFile !== line) {
      issues.set(line, {
        errors: [{ column: 'day', key: 'import.duplicateInFile', params: { row: earlierInFile } }],
        warnings: [],
      });
      continue;
    }
    if (stored.has(key) && earlierInFile === null) {
      issues.set(line, {
        errors: [],
        warnings: [{ column: 'day', key: 'teams.flowReplaces', params: { day: row.day } }],
      });
    }
    before.set(key, line);
  }
  return issues;
}

async function insert(tx: DbOrTx, deps: AppDeps, ctx: ImportContext, rows: { row: FlowRow; ref: string }[]) {
  await upsertFlowDays(
    tx,
    { tenantId: ctx.tenantId, source: 'import', userId: ctx.userId, now: deps.clock.now() },
    rows,
  );
}

/** Platform flows are an Excel import type: `excel/data/import/driver_flow/data/{platform}`. */
export function registerFlowImport(): void {
  registerImportType<FlowRow, Prepared>({
    type: DRIVER_FLOW_IMPORT_TYPE,
    title: { 'zh-CN': '司机营业流水', 'en-US': 'Driver flows' },
    permission: 'teams:import',
    extra: {
      'zh-CN': '平台（didi、gaode、caocao、t3、meituan、other）',
      'en-US': 'the platform (didi, gaode, caocao, t3, meituan, other)',
    },
    async checkExtra(_deps, _ctx, extra) {
      platformOf(extra);
    },
    columns,
    prepare,
    parse,
    checkRows: (db, ctx, rows) => checkRows(db, ctx, rows),
    insert: (tx, deps, ctx, rows) => insert(tx, deps, ctx, rows),
    async written(db, ctx, refs) {
      if (!refs.length) return new Set();
      const found = await rowsOf<{ ref: string }>(
        db,
        sql`select import_ref as ref from driver_flow_days where tenant_id = ${ctx.tenantId}
          and import_ref = any(${`{${refs.map((r) => `"${r}"`).join(',')}}`}::text[])`,
      );
      return new Set(found.map((r) => r.ref));
    },
  });
}
