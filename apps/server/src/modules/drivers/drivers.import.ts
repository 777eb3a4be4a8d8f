import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { LocalText } from '@fleetdesk/contracts/common';
import {
  DRIVER_SOURCE_TITLES,
  DRIVER_SOURCES,
  DRIVER_STATE_TITLES,
  DriverInput,
  GENDER_TITLES,
  LICENCE_CLASSES,
  RELATION_TITLES,
  RELATIONS,
  type DriverState,
} from '@fleetdesk/contracts/drivers';
import { idCardFacts } from '@fleetdesk/contracts/identifiers';
import type { DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { driverEvents, driverLabels, drivers } from '../../db/schema/drivers.js';
import { labels } from '../../db/schema/organisation.js';
import { rents } from '../../db/schema/tenancy.js';
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
  rentChoices,
} from '../excel-import/excel-import.service.js';
import './drivers.messages.js';

/** Column titles of the driver import, which the export uses too (an export can be edited and imported). */
export const DRIVER_COLUMN_TITLES = {
  name: { 'zh-CN': '姓名', 'en-US': 'Name' },
  gender: { 'zh-CN': '性别', 'en-US': 'Gender' },
  phone: { 'zh-CN': '手机号', 'en-US': 'Phone' },
  idNumber: { 'zh-CN': '身份证号', 'en-US': 'ID number' },
  address: { 'zh-CN': '住址', 'en-US': 'Address' },
  licenceNumber: { 'zh-CN': '驾驶证号', 'en-US': 'Licence number' },
  licenceClass: { 'zh-CN': '准驾车型', 'en-US': 'Licence class' },
  licenceFirstIssue: { 'zh-CN': '初次领证日期', 'en-US': 'Licence first issued' },
  licenceExpiry: { 'zh-CN': '驾驶证有效期至', 'en-US': 'Licence expiry' },
  certificateNumber: { 'zh-CN': '网约车驾驶员证号', 'en-US': 'Ride-hailing certificate' },
  certificateExpiry: { 'zh-CN': '网约车驾驶员证有效期至', 'en-US': 'Certificate expiry' },
  emergencyName: { 'zh-CN': '紧急联系人', 'en-US': 'Emergency contact' },
  emergencyPhone: { 'zh-CN': '紧急联系人电话', 'en-US': 'Emergency phone' },
  emergencyRelation: { 'zh-CN': '与司机关系', 'en-US': 'Relation' },
  bankName: { 'zh-CN': '开户行', 'en-US': 'Bank' },
  bankAccount: { 'zh-CN': '银行账号', 'en-US': 'Bank account' },
  bankAccountName: { 'zh-CN': '开户名', 'en-US': 'Account holder' },
  source: { 'zh-CN': '来源渠道', 'en-US': 'Source' },
  state: { 'zh-CN': '状态', 'en-US': 'State' },
  rent: { 'zh-CN': '所属公司', 'en-US': 'Company' },
  labels: { 'zh-CN': '标签', 'en-US': 'Labels' },
  remark: { 'zh-CN': '备注', 'en-US': 'Remark' },
} satisfies Record<string, LocalText>;
const T = DRIVER_COLUMN_TITLES;

/** States an import may give: a blacklisting needs a reason and a decision, so it is made on the screen. */
const IMPORT_STATES = ['prospect', 'active', 'left'] as const satisfies readonly DriverState[];
const choices = <V extends string>(values: readonly V[], titles: Record<V, LocalText>): Choice<V>[] =>
  values.map((value) => ({ value, label: titles[value] }));
const GENDERS: Choice<'male' | 'female'>[] = [
  { value: 'male', label: GENDER_TITLES.male, aliases: ['M'] },
  { value: 'female', label: GENDER_TITLES.female, aliases: ['F'] },
];
const STATES = choices(IMPORT_STATES, DRIVER_STATE_TITLES);
const SOURCES = choices(DRIVER_SOURCES, DRIVER_SOURCE_TITLES);
const RELATION_CHOICES = choices(RELATIONS, RELATION_TITLES);
const CLASSES: Choice<string>[] = LICENCE_CLASSES.map((c) => ({ value: c, label: c }));
const fixed = (list: Choice<string>[]) => async () => list;

const columns: ImportColumnDef[] = [
  { key: 'name', title: T.name, required: true, example: '王建国' },
  {
    key: 'gender',
    title: T.gender,
    example: '男',
    description: { 'zh-CN': '可不填，按身份证号确定', 'en-US': 'May be left empty: the ID number tells' },
    values: fixed(GENDERS),
  },
  {
    key: 'phone',
    title: T.phone,
    required: true,
    example: '13912345678',
    description: { 'zh-CN': '本企业司机中唯一', 'en-US': "Unique among the company's drivers" },
  },
  {
    key: 'idNumber',
    title: T.idNumber,
    required: true,
    example: '330106199003074415',
    description: { 'zh-CN': '18 位，校验位须正确', 'en-US': '18 characters with a valid check character' },
  },
  { key: 'address', title: T.address, example: '浙江省杭州市西湖区文三路 100 号' },
  { key: 'licenceNumber', title: T.licenceNumber, example: '330106199003074415' },
  { key: 'licenceClass', title: T.licenceClass, example: 'C1', values: fixed(CLASSES) },
  { key: 'licenceFirstIssue', title: T.licenceFirstIssue, example: '2012-05-20' },
  { key: 'licenceExpiry', title: T.licenceExpiry, example: '2028-05-20' },
  { key: 'certificateNumber', title: T.certificateNumber, example: '330100202301234' },
  { key: 'certificateExpiry', title: T.certificateExpiry, example: '2029-03-31' },
  { key: 'emergencyName', title: T.emergencyName, example: '李芳' },
  { key: 'emergencyPhone', title: T.emergencyPhone, example: '13812345678' },
  { key: 'emergencyRelation', title: T.emergencyRelation, example: '配偶', values: fixed(RELATION_CHOICES) },
  { key: 'bankName', title: T.bankName, example: '中国工商银行杭州文三路支行' },
  { key: 'bankAccount', title: T.bankAccount, example: '6222021202001234567' },
  { key: 'bankAccountName', title: T.bankAccountName, example: '王建国' },
  { key: 'source', title: T.source, example: '司机推荐', values: fixed(SOURCES) },
  {
    key: 'state',
    title: T.state,
    example: '意向',
    description: {
      'zh-CN': '意向、在职或已离职，不填为意向；拉黑请在页面操作',
      'en-US': 'Prospect, active or left (empty: prospect); blacklist on the screen',
    },
    values: fixed(STATES),
  },
  {
    key: 'rent',
    title: T.rent,
    example: '杭州公司',
    description: {
      'zh-CN': '公司名称或简称；不填时导入到所选公司',
      'en-US': 'Name or short name; empty: the company chosen for the import',
    },
    values: rentChoices,
  },
  {
    key: 'labels',
    title: T.labels,
    example: '夜班',
    description: { 'zh-CN': '多个用逗号或顿号分隔', 'en-US': 'several separated by commas' },
    values: async (deps, ctx) =>
      (
        await deps.db
          .select()
          .from(labels)
          .where(and(eq(labels.tenantId, ctx.tenantId), eq(labels.kind, 'driver')))
      ).map((l) => ({ value: String(l.id), label: l.name })),
  },
  { key: 'remark', title: T.remark, example: '' },
];

interface Prepared {
  rents: Map<string, number>;
  labels: Map<string, number>;
  targetRentId: number | null;
  /** The rent of the call, for rows without a company. */
  callRentId: number | null;
}

export interface DriverImportRow {
  input: DriverInput;
  state: (typeof IMPORT_STATES)[number];
  rentId: number;
}

async function prepare(deps: AppDeps, ctx: ImportContext): Promise<Prepared> {
  const [rentRows, labelRows] = await Promise.all([
    deps.db.select().from(rents).where(eq(rents.tenantId, ctx.tenantId)),
    deps.db
      .select()
      .from(labels)
      .where(and(eq(labels.tenantId, ctx.tenantId), eq(labels.kind, 'driver'))),
  ]);
  const rentMap = new Map<string, number>();
  for (const r of rentRows.filter((x) => ctx.rentIds.includes(x.id))) {
    rentMap.set(fold(r.name), r.id);
    rentMap.set(fold(r.shortName), r.id);
    rentMap.set(fold(r.code), r.id);
  }
  return {
    rents: rentMap,
    labels: new Map(labelRows.map((l) => [fold(l.name), l.id])),
    targetRentId: ctx.extra ? Number(ctx.extra) : null,
    callRentId: ctx.rentId,
  };
}

/**
 * One row: cells read into the form's input, then checked by the form's own schema (`DriverInput`), so that an
 * imported driver meets exactly the rules of one typed on the screen.
 */
function parse(r: RowReader, p: Prepared): DriverImportRow | null {
  const idNumber = r.text('idNumber', { required: true, max: 20 })?.replace(/\s/g, '').toUpperCase() ?? null;
  const facts = idNumber ? idCardFacts(idNumber) : null;
  const gender = r.choice('gender', GENDERS) ?? facts?.gender ?? null;
  const labelIds: number[] = [];
  for (const part of (r.raw('labels') ?? '').split(/[,，、;；/|\n]+/)) {
    const v = part.trim();
    if (!v) continue;
    const id = p.labels.get(fold(v));
    if (id === undefined) r.error('labels', 'import.unknownValue', { value: v });
    else if (!labelIds.includes(id)) labelIds.push(id);
  }
  let rentId = p.targetRentId ?? p.callRentId;
  const rentName = r.raw('rent');
  if (rentName !== null && p.targetRentId === null) {
    const found = p.rents.get(fold(rentName));
    if (found === undefined) r.error('rent', 'import.unknownValue', { value: rentName });
    else rentId = found;
  }
  if (rentId === null) r.error('rent', 'import.required');
  const candidate = {
    name: r.text('name', { required: true, max: 30 }) ?? '',
    gender: gender ?? 'male',
    phone: r.text('phone', { required: true, max: 20 })?.replace(/[\s-]/g, '') ?? '',
    idNumber: idNumber ?? '',
    address: r.text('address', { max: 200 }),
    licenceNumber: r.text('licenceNumber', { max: 20 }),
    licenceClass: r.choice('licenceClass', CLASSES),
    licenceFirstIssue: r.date('licenceFirstIssue'),
    licenceExpiry: r.date('licenceExpiry'),
    certificateNumber: r.text('certificateNumber', { max: 40 }),
    certificateExpiry: r.date('certificateExpiry'),
    emergencyName: r.text('emergencyName', { max: 30 }),
    emergencyPhone: r.text('emergencyPhone', { max: 20 })?.replace(/[\s-]/g, '') ?? null,
    emergencyRelation: r.choice('emergencyRelation', RELATION_CHOICES),
    bankName: r.text('bankName', { max: 60 }),
    bankAccount: r.text('bankAccount', { max: 40 }),
    bankAccountName: r.text('bankAccountName', { max: 30 }),
    source: r.choice('source', SOURCES),
    labelIds,
    remark: r.text('remark', { max: 500 }),
  };
  const state = r.choice('state', STATES) ?? 'prospect';
  if (r.errors.length) return null;
  const parsed = DriverInput.safeParse(candidate);
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? '');
      if (seen.has(column)) continue;
      seen.add(column);
      const key = issue.message.startsWith('v.') ? issue.message : 'import.unknownValue';
      r.error(column || null, key, { value: String((candidate as Record<string, unknown>)[column] ?? '') });
    }
    return null;
  }
  return { input: parsed.data, state, rentId: rentId! };
}

/** Phone: new to the tenant's live drivers and to the rows before; an active row's ID: no other active driver. */
async function checkRows(db: DbOrTx, ctx: ImportContext, rows: { line: number; row: DriverImportRow }[]) {
  const issues = new Map<number, { errors: Issue[]; warnings: Issue[] }>();
  if (!rows.length) return issues;
  const phones = new Map<string, { id: number; ref: string | null }>();
  const active = new Map<string, { id: number; ref: string | null }>();
  const blacklisted = new Set<string>();
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const [byPhone, byId] = await Promise.all([
      db
        .select({ id: drivers.id, phone: drivers.phone, ref: drivers.importRef })
        .from(drivers)
        .where(
          and(
            eq(drivers.tenantId, ctx.tenantId),
            isNull(drivers.deletedAt),
            inArray(
              drivers.phone,
              chunk.map((r) => r.row.input.phone),
            ),
          ),
        ),
      db
        .select({ id: drivers.id, idNumber: drivers.idNumber, state: drivers.state, ref: drivers.importRef })
        .from(drivers)
        .where(
          and(
            eq(drivers.tenantId, ctx.tenantId),
            isNull(drivers.deletedAt),
            inArray(drivers.state, ['active', 'blacklisted']),
            inArray(
              drivers.idNumber,
              chunk.map((r) => r.row.input.idNumber),
            ),
          ),
        ),
    ]);
    for (const d of byPhone) phones.set(d.phone, { id: d.id, ref: d.ref });
    for (const d of byId) {
      if (d.state === 'active') active.set(d.idNumber, { id: d.id, ref: d.ref });
      else blacklisted.add(d.idNumber);
    }
  }
  const phonesBefore = new Map<string, number>();
  const activeBefore = new Map<string, number>();
  for (const { line, row } of rows) {
    const errors: Issue[] = [];
    const warnings: Issue[] = [];
    const clash = (
      column: string,
      existing: { ref: string | null } | undefined,
      before: number | undefined,
      key: string,
    ) => {
      const earlier = existing ? lineOfRef(ctx, existing.ref) : null;
      if (earlier !== null) errors.push({ column, key: 'import.duplicateInFile', params: { row: earlier } });
      else if (existing) errors.push({ column, key });
      else if (before !== undefined) errors.push({ column, key: 'import.duplicateInFile', params: { row: before } });
    };
    clash('phone', phones.get(row.input.phone), phonesBefore.get(row.input.phone), 'drivers.import.phoneExists');
    if (row.state === 'active') {
      clash(
        'idNumber',
        active.get(row.input.idNumber),
        activeBefore.get(row.input.idNumber),
        'drivers.import.idActive',
      );
      if (blacklisted.has(row.input.idNumber)) errors.push({ column: 'idNumber', key: 'drivers.import.idActive' });
    } else if (blacklisted.has(row.input.idNumber)) {
      warnings.push({ column: 'idNumber', key: 'drivers.import.blacklisted' });
    }
    if (errors.length || warnings.length) issues.set(line, { errors, warnings });
    if (!errors.length) {
      phonesBefore.set(row.input.phone, line);
      if (row.state === 'active') activeBefore.set(row.input.idNumber, line);
    }
  }
  return issues;
}

async function insert(tx: DbOrTx, deps: AppDeps, ctx: ImportContext, rows: { row: DriverImportRow; ref: string }[]) {
  const now = deps.clock.now();
  for (const { row, ref } of rows) {
    const i = row.input;
    const [created] = await tx
      .insert(drivers)
      .values({
        tenantId: ctx.tenantId,
        rentId: row.rentId,
        name: i.name,
        gender: i.gender,
        phone: i.phone,
        idNumber: i.idNumber,
        birthDate: idCardFacts(i.idNumber)!.birthDate,
        address: i.address ?? null,
        licenceNumber: i.licenceNumber ?? null,
        licenceClass: i.licenceClass ?? null,
        licenceFirstIssue: i.licenceFirstIssue ?? null,
        licenceExpiry: i.licenceExpiry ?? null,
        certificateNumber: i.certificateNumber || null,
        certificateExpiry: i.certificateExpiry ?? null,
        emergencyName: i.emergencyName || null,
        emergencyPhone: i.emergencyPhone ?? null,
        emergencyRelation: i.emergencyRelation ?? null,
        bankName: i.bankName || null,
        bankAccount: i.bankAccount ?? null,
        bankAccountName: i.bankAccountName || null,
        source: i.source ?? null,
        remark: i.remark || null,
        state: row.state,
        stateChangedAt: now,
        importRef: ref,
        createdBy: ctx.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: drivers.id });
    const driverId = created!.id;
    if (i.labelIds.length) {
      await tx
        .insert(driverLabels)
        .values(i.labelIds.map((labelId) => ({ tenantId: ctx.tenantId, driverId, labelId })));
    }
    await tx
      .insert(driverEvents)
      .values({ tenantId: ctx.tenantId, driverId, kind: 'import', toState: row.state, userId: ctx.userId, at: now });
  }
}

/** Drivers are an Excel import type: `excel/data/…/driver/data`, `{extra}` = the rent to import into. */
export function registerDriverImport(): void {
  registerImportType<DriverImportRow, Prepared>({
    type: 'driver',
    title: { 'zh-CN': '司机', 'en-US': 'Drivers' },
    permission: 'rentDriver:import',
    ...RENT_EXTRA,
    columns,
    prepare,
    parse,
    checkRows: (db, ctx, rows) => checkRows(db, ctx, rows),
    insert: (tx, deps, ctx, rows) => insert(tx, deps, ctx, rows),
    async written(db, ctx, refs) {
      if (!refs.length) return new Set();
      const rows = await db
        .select({ ref: drivers.importRef })
        .from(drivers)
        .where(and(eq(drivers.tenantId, ctx.tenantId), inArray(drivers.importRef, refs)));
      return new Set(rows.map((r) => r.ref!));
    },
  });
}
