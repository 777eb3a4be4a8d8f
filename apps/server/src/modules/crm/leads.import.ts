import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  LEAD_CONTRACT_KIND_TITLES,
  LEAD_CONTRACT_KINDS,
  LEAD_IMPORT_TYPE,
  LEAD_INTENT_TITLES,
  LEAD_INTENTS,
  LEAD_KIND_TITLES,
  LEAD_KINDS,
  LeadInput,
} from '@fleetdesk/contracts/crm';
import { yuanToFen, type LocalText } from '@fleetdesk/contracts/common';
import { recipientsOf } from '../../core/access.js';
import type { DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { crmLeads } from '../../db/schema/crm.js';
import { users } from '../../db/schema/identity.js';
import { rents } from '../../db/schema/tenancy.js';
import {
  fold,
  lineOfRef,
  registerImportType,
  type Choice,
  type ImportColumnDef,
  type ImportContext,
  type Issue,
  type RowReader,
  rentChoices,
} from '../excel-import/excel-import.service.js';
import * as repo from './leads.repository.js';
import './crm.messages.js';

/**
 * Leads from a sheet (`excel/data/…/lead/data`): source `import`, state `new`, owned by the employee the row
 * names (one who may see leads of its company) or in the pool; phones new among the tenant's open leads and the
 * rows before. The rules are the form's (`LeadInput`).
 */
const T = {
  name: { 'zh-CN': '客户姓名', 'en-US': 'Name' },
  kind: { 'zh-CN': '客户类型', 'en-US': 'Kind' },
  companyName: { 'zh-CN': '企业名称', 'en-US': 'Company' },
  phone: { 'zh-CN': '手机号', 'en-US': 'Phone' },
  intent: { 'zh-CN': '意向', 'en-US': 'Intent' },
  wantedCar: { 'zh-CN': '意向车型', 'en-US': 'Wanted car' },
  budget: { 'zh-CN': '月租预算（元）', 'en-US': 'Monthly budget (yuan)' },
  contractKind: { 'zh-CN': '租赁方式', 'en-US': 'Contract kind' },
  rent: { 'zh-CN': '所属公司', 'en-US': 'Company (branch)' },
  owner: { 'zh-CN': '负责人', 'en-US': 'Owner' },
  remark: { 'zh-CN': '备注', 'en-US': 'Remark' },
} satisfies Record<string, LocalText>;

const choices = <V extends string>(values: readonly V[], titles: Record<V, LocalText>): Choice<V>[] =>
  values.map((value) => ({ value, label: titles[value] }));
const KINDS = choices(LEAD_KINDS, LEAD_KIND_TITLES);
const INTENTS = choices(LEAD_INTENTS, LEAD_INTENT_TITLES);
const CONTRACT_KINDS = choices(LEAD_CONTRACT_KINDS, LEAD_CONTRACT_KIND_TITLES);
const fixed = (list: Choice<string>[]) => async () => list;

const columns: ImportColumnDef[] = [
  { key: 'name', title: T.name, required: true, example: '陈立新' },
  { key: 'kind', title: T.kind, example: '个人', values: fixed(KINDS) },
  {
    key: 'companyName',
    title: T.companyName,
    example: '',
    description: { 'zh-CN': '企业客户必填', 'en-US': 'Required for a company' },
  },
  { key: 'phone', title: T.phone, required: true, example: '13912345678' },
  { key: 'intent', title: T.intent, example: '中', values: fixed(INTENTS) },
  { key: 'wantedCar', title: T.wantedCar, example: '比亚迪秦 PLUS' },
  { key: 'budget', title: T.budget, example: '4500' },
  { key: 'contractKind', title: T.contractKind, example: '长租', values: fixed(CONTRACT_KINDS) },
  {
    key: 'rent',
    title: T.rent,
    example: '杭州公司',
    description: {
      'zh-CN': '公司名称或简称；不填时为当前公司',
      'en-US': 'Name or short name; empty: the company of the call',
    },
    values: rentChoices,
  },
  {
    key: 'owner',
    title: T.owner,
    example: '',
    description: {
      'zh-CN': '员工用户名或姓名；不填进入公海',
      'en-US': 'Username or name of the employee; empty: the pool',
    },
  },
  { key: 'remark', title: T.remark, example: '' },
];

interface Owner {
  id: number;
  rents: 'all' | readonly number[];
}
interface Prepared {
  rents: Map<string, number>;
  owners: Map<string, Owner>;
  callRentId: number | null;
}

export interface LeadImportRow {
  input: LeadInput;
  ownerId: number | null;
}

async function prepare(deps: AppDeps, ctx: ImportContext): Promise<Prepared> {
  const [rentRows, recipients] = await Promise.all([
    deps.db.select().from(rents).where(eq(rents.tenantId, ctx.tenantId)),
    recipientsOf(deps.db, ctx.tenantId, 'crm:view'),
  ]);
  const rentMap = new Map<string, number>();
  for (const r of rentRows.filter((x) => ctx.rentIds.includes(x.id))) {
    rentMap.set(fold(r.name), r.id);
    rentMap.set(fold(r.shortName), r.id);
    rentMap.set(fold(r.code), r.id);
  }
  const owners = new Map<string, Owner>();
  if (recipients.length) {
    const rows = await deps.db
      .select({ id: users.id, username: users.username, name: users.name })
      .from(users)
      .where(
        and(
          eq(users.tenantId, ctx.tenantId),
          inArray(
            users.id,
            recipients.map((r) => r.userId),
          ),
        ),
      );
    const byId = new Map(recipients.map((r) => [r.userId, r.rents]));
    for (const u of rows) {
      const owner = { id: u.id, rents: byId.get(u.id)! };
      owners.set(fold(u.username), owner);
      if (!owners.has(fold(u.name))) owners.set(fold(u.name), owner);
    }
  }
  return { rents: rentMap, owners, callRentId: ctx.rentId };
}

function parse(r: RowReader, p: Prepared): LeadImportRow | null {
  let rentId = p.callRentId;
  const rentName = r.raw('rent');
  if (rentName !== null) {
    const found = p.rents.get(fold(rentName));
    if (found === undefined) r.error('rent', 'crm.importRentNotFound', { name: rentName });
    else rentId = found;
  }
  if (rentId === null) r.error('rent', 'import.required');
  let ownerId: number | null = null;
  const ownerName = r.raw('owner');
  if (ownerName !== null) {
    const owner = p.owners.get(fold(ownerName));
    if (!owner || (rentId !== null && owner.rents !== 'all' && !owner.rents.includes(rentId)))
      r.error('owner', 'crm.importOwnerNotFound', { name: ownerName });
    else ownerId = owner.id;
  }
  const budget = r.number('budget', { min: 0, max: 100_000 });
  const candidate = {
    kind: r.choice('kind', KINDS) ?? 'person',
    name: r.text('name', { required: true, max: 30 }) ?? '',
    companyName: r.text('companyName', { max: 60 }),
    phone: r.text('phone', { required: true, max: 20 })?.replace(/[\s-]/g, '') ?? '',
    source: 'import' as const,
    intent: r.choice('intent', INTENTS) ?? 'medium',
    wantedCar: r.text('wantedCar', { max: 40 }),
    budgetYuan: budget,
    contractKind: r.choice('contractKind', CONTRACT_KINDS),
    rentId: rentId ?? 0,
    remark: r.text('remark', { max: 200 }),
  };
  if (r.errors.length) return null;
  const parsed = LeadInput.safeParse(candidate);
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? '');
      if (seen.has(column)) continue;
      seen.add(column);
      const key = issue.message.startsWith('v.') ? issue.message : 'import.unknownValue';
      r.error(column === 'budgetYuan' ? 'budget' : column || null, key, {
        value: String((candidate as Record<string, unknown>)[column] ?? ''),
      });
    }
    return null;
  }
  return { input: parsed.data, ownerId };
}

/** The phone must be new to the tenant's open leads and to the rows before. */
async function checkRows(db: DbOrTx, ctx: ImportContext, rows: { line: number; row: LeadImportRow }[]) {
  const issues = new Map<number, { errors: Issue[]; warnings: Issue[] }>();
  if (!rows.length) return issues;
  const held = new Map<string, { ref: string | null }>();
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const found = await db
      .select({ phone: crmLeads.phone, ref: crmLeads.importRef })
      .from(crmLeads)
      .where(
        and(
          eq(crmLeads.tenantId, ctx.tenantId),
          inArray(
            crmLeads.phone,
            chunk.map((r) => r.row.input.phone),
          ),
          inArray(crmLeads.state, ['new', 'following', 'paused']),
          isNull(crmLeads.deletedAt),
        ),
      );
    for (const f of found) held.set(f.phone, { ref: f.ref });
  }
  const before = new Map<string, number>();
  for (const { line, row } of rows) {
    const phone = row.input.phone;
    const existing = held.get(phone);
    const earlier = existing ? lineOfRef(ctx, existing.ref) : null;
    let error: Issue | null = null;
    if (earlier !== null) error = { column: 'phone', key: 'import.duplicateInFile', params: { row: earlier } };
    else if (existing) error = { column: 'phone', key: 'crm.duplicatePhone', params: { phone, owner: '-' } };
    else if (before.has(phone))
      error = { column: 'phone', key: 'import.duplicateInFile', params: { row: before.get(phone)! } };
    if (error) issues.set(line, { errors: [error], warnings: [] });
    else before.set(phone, line);
  }
  return issues;
}

async function insert(tx: DbOrTx, deps: AppDeps, ctx: ImportContext, rows: { row: LeadImportRow; ref: string }[]) {
  const now = deps.clock.now();
  for (const { row, ref } of rows) {
    const i = row.input;
    const [created] = await tx
      .insert(crmLeads)
      .values({
        tenantId: ctx.tenantId,
        rentId: i.rentId,
        kind: i.kind,
        name: i.name,
        companyName: i.companyName || null,
        phone: i.phone,
        source: 'import',
        intent: i.intent,
        wantedCar: i.wantedCar || null,
        budgetFen: i.budgetYuan == null ? null : yuanToFen(i.budgetYuan),
        contractKind: i.contractKind ?? null,
        ownerId: row.ownerId,
        ownerSince: row.ownerId === null ? null : now,
        state: 'new',
        remark: i.remark || null,
        importRef: ref,
        createdBy: ctx.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: crmLeads.id });
    await repo.insertOwnerLog(tx, ctx.tenantId, [
      { leadId: created!.id, action: 'create', fromUser: null, toUser: row.ownerId, byUser: ctx.userId, at: now },
    ]);
  }
}

/** Leads are an Excel import type: `excel/data/…/lead/data` (no `{extra}`; each row names its company). */
export function registerLeadImport(_deps?: AppDeps): void {
  registerImportType<LeadImportRow, Prepared>({
    type: LEAD_IMPORT_TYPE,
    title: { 'zh-CN': '线索', 'en-US': 'Leads' },
    permission: 'crm:import',
    columns,
    prepare,
    parse,
    checkRows: (db, ctx, rows) => checkRows(db, ctx, rows),
    insert: (tx, deps, ctx, rows) => insert(tx, deps, ctx, rows),
    async written(db, ctx, refs) {
      if (!refs.length) return new Set();
      const found = await db
        .select({ ref: crmLeads.importRef })
        .from(crmLeads)
        .where(and(eq(crmLeads.tenantId, ctx.tenantId), inArray(crmLeads.importRef, refs)));
      return new Set(found.map((r) => r.ref!));
    },
  });
}
