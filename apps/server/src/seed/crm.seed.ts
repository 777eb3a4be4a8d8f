import { sql } from 'drizzle-orm';
import { leadLink } from '@fleetdesk/contracts/crm';
import { MessageCategory } from '@fleetdesk/contracts/messages';
import { rawNumber, rowsOf, type RawNumber, type Tx } from '../core/db.js';
import { localMinute } from '../core/tenant-time.js';
import { createMessages } from '../modules/messages/messages.service.js';
import { ensureRole } from '../modules/roles/roles.service.js';
import type { DemoContext } from './context.js';
import { seedUser } from './tenant-seed.js';

/** The demo's public lead form key (demo only: a real form gets a random one, crmForm/save regenerates it). */
export const DEMO_FORM_KEY = 'DemoRentalsLeadForm-2026';

/** The sales role of the demo (data scope own: his leads and the pool, his rents' drivers and contracts). */
export const SALES_ROLE = {
  code: 'sales',
  name: '销售顾问',
  description: '客户线索跟进、转化为司机；只看本人的线索与公海',
  dataScope: 'own' as const,
  grants: [
    'crm',
    'crm:view',
    'crm:add',
    'crm:edit',
    'crm:export',
    'rentDriver',
    'rentDriver:view',
    'rentDriver:add',
    'rentContract',
    'rentContract:view',
  ],
};

const DAY = 86_400_000;
const HOUR = 3_600_000;

const NAMES = [
  '陈志强',
  '林晓东',
  '黄丽娟',
  '周建华',
  '吴海波',
  '徐明亮',
  '孙晓梅',
  '胡军',
  '朱国庆',
  '高翔',
  '林峰',
  '何晓燕',
  '郭建军',
  '马丽',
  '罗志勇',
  '梁晓红',
  '宋文杰',
  '郑海燕',
  '谢宏伟',
  '韩冬',
  '唐振华',
  '冯静',
  '于洪涛',
  '董晓丽',
  '萧建平',
  '程浩',
  '曹雪梅',
  '袁志刚',
  '邓丽华',
  '许文斌',
  '傅强',
  '沈佳怡',
  '曾国华',
  '彭晓军',
  '吕海峰',
  '苏敏',
  '卢振东',
  '蒋丽萍',
  '蔡伟',
  '贾晓光',
  '丁建新',
  '魏红霞',
  '薛志华',
  '叶晓明',
  '阎立新',
  '余丽',
  '潘建伟',
  '杜晓峰',
  '戴文静',
  '夏海军',
  '钟志明',
  '汪丽君',
  '田建国',
  '任晓华',
];
const COMPANIES = [
  '杭州速达出行科技有限公司',
  '上海优驾网约车服务有限公司',
  '杭州城西物流有限公司',
  '上海申程汽车服务有限公司',
];
const CARS = [
  '比亚迪秦 PLUS',
  '比亚迪海豚',
  '丰田卡罗拉',
  '广汽埃安 S',
  '大众朗逸',
  '吉利帝豪',
  '特斯拉 Model 3',
  '五菱宏光 MINI',
];
const SOURCES = ['walkIn', 'phone', 'referral', 'platform', 'onlineForm', 'import'] as const;
const INTENTS = ['strong', 'medium', 'weak'] as const;
const CONTRACT_KINDS = ['longTerm', 'rentToOwn', 'shortTerm'] as const;
const WAYS = ['phone', 'wechat', 'sms', 'visit'] as const;
const CONTENTS = [
  '电话沟通，客户想跑网约车，关心月租和押金',
  '微信发送车型资料和报价单，客户表示考虑一下',
  '客户到店看车，试驾比亚迪秦 PLUS，比较满意',
  '介绍以租代购方案，客户关心首付和月供',
  '客户询问能否先短租一个月试跑',
  '回访客户，对方正在比较其他租车公司价格',
  '约定周末到店签约，需准备驾驶证和网约车证',
  '客户家人不同意，暂缓',
];
const NEXT_STEPS = ['发送报价单', '约到店看车', '确认证件材料', '回访意向', '准备合同'];
const LOST_REASONS = [
  '价格高于其他公司',
  '已在别家租车',
  '暂不跑网约车了',
  '没有网约车证，短期办不下来',
  '联系不上客户',
  '想买车，不租了',
  '押金太高',
  '车型不合适',
];
const PAUSE_REASONS = ['客户回老家过年，年后再联系', '等网约车证办下来'];

interface Lead {
  i: number;
  kind: 'person' | 'company';
  name: string;
  companyName: string | null;
  phone: string;
  source: (typeof SOURCES)[number];
  intent: (typeof INTENTS)[number];
  rentId: number;
  ownerId: number | null;
  ownerSince: Date | null;
  state: 'new' | 'following' | 'won' | 'lost' | 'paused';
  createdAt: Date;
  createdBy: number | null;
  wonAt: Date | null;
  driverId: number | null;
  lostReason: string | null;
  remark: string | null;
  /** Follow-ups: when, how many days until the next (null: none planned). */
  followUps: { at: Date; by: number; nextAt: Date | null }[];
  log: { action: string; from: number | null; to: number | null; by: number | null; at: Date }[];
  labels: string[];
}

const clip = (s: string, max: number) => (Array.from(s).length > max ? Array.from(s).slice(0, max).join('') : s);

async function insertLeads(tx: Tx, tenantId: number, leads: Lead[], labelIds: Record<string, number>, now: Date) {
  const zone = 'Asia/Shanghai';
  const ids: number[] = [];
  for (const l of leads) {
    const last = l.followUps.at(-1);
    const open = l.state === 'new' || l.state === 'following' || l.state === 'paused';
    const next = open && l.ownerId !== null ? (last?.nextAt ?? null) : null;
    const [row] = await rowsOf<{ id: RawNumber }>(
      tx,
      sql`insert into crm_leads (tenant_id, rent_id, kind, name, company_name, phone, source, intent, wanted_car,
          budget_fen, contract_kind, owner_id, owner_since, state, lost_reason, next_follow_up_at, follow_up_reminded_at,
          last_follow_up_at, last_follow_up_text, follow_up_count, driver_id, won_at, remark, form_ip, created_by,
          created_at, updated_at, version)
        values (${tenantId}, ${l.rentId}, ${l.kind}, ${l.name}, ${l.companyName}, ${l.phone}, ${l.source}, ${l.intent},
          ${CARS[l.i % CARS.length]!}, ${l.i % 4 === 3 ? null : (3500 + (l.i % 6) * 500) * 100},
          ${CONTRACT_KINDS[l.i % 3]!}, ${l.ownerId}, ${l.ownerSince?.toISOString() ?? null}, ${l.state}, ${l.lostReason},
          ${next?.toISOString() ?? null}, ${next && next < now ? next.toISOString() : null},
          ${last?.at.toISOString() ?? null}, ${last ? clip(CONTENTS[(l.i + l.followUps.length - 1) % CONTENTS.length]!, 60) : null},
          ${l.followUps.length}, ${l.driverId}, ${l.wonAt?.toISOString() ?? null}, ${l.remark},
          ${l.source === 'onlineForm' ? '117.136.8.' + (20 + l.i) : null}, ${l.createdBy}, ${l.createdAt.toISOString()},
          ${(last?.at ?? l.createdAt).toISOString()}, ${l.followUps.length})
        returning id`,
    );
    const id = rawNumber(row!.id);
    ids.push(id);
    for (const [k, f] of l.followUps.entries()) {
      const content = CONTENTS[(l.i + k) % CONTENTS.length]!;
      await tx.execute(
        sql`insert into crm_follow_ups (tenant_id, lead_id, user_id, at, way, content, next_step, next_at, created_at)
          values (${tenantId}, ${id}, ${f.by}, ${f.at.toISOString()}, ${WAYS[(l.i + k) % WAYS.length]!}, ${content},
            ${f.nextAt ? NEXT_STEPS[(l.i + k) % NEXT_STEPS.length]! : null}, ${f.nextAt?.toISOString() ?? null},
            ${f.at.toISOString()})`,
      );
    }
    for (const e of l.log) {
      await tx.execute(
        sql`insert into crm_owner_log (tenant_id, lead_id, action, from_user, to_user, by_user, at)
          values (${tenantId}, ${id}, ${e.action}, ${e.from}, ${e.to}, ${e.by}, ${e.at.toISOString()})`,
      );
    }
    for (const label of l.labels) {
      await tx.execute(
        sql`insert into crm_lead_labels (tenant_id, lead_id, label_id) values (${tenantId}, ${id}, ${labelIds[label]!})`,
      );
    }
    // The overdue follow-ups were reminded (the message in the centre, as the hourly job writes it).
    if (next && next < now && l.ownerId !== null) {
      await createMessages(tx, [
        {
          tenantId,
          userId: l.ownerId,
          category: MessageCategory.customers,
          title: { key: 'crm.followUpOverdueTitle' },
          content: { key: 'crm.followUpOverdue', params: { name: l.name, at: localMinute(zone, next) } },
          link: leadLink(id),
          createdAt: new Date(next.getTime() + HOUR / 2),
        },
      ]);
    }
  }
  return ids;
}

/**
 * The CRM demo (docs/crm.md, "Demo"): the sales role 销售顾问 (data scope own) and its two sign-ins `sales1`
 * 王晓燕 (Hangzhou) and `sales2` 赵磊 (both rents), password `Admin@123`; 60 leads of the last six months relative
 * to the seed clock in every state and source (10 in the pool, four of them returned by the job; 6 won and linked
 * to demo drivers; 8 lost; 4 paused), 1-4 follow-ups per worked lead, 3 of sales1's follow-ups overdue (reminded:
 * messages in his centre), the customer labels 意向强 / 网约车司机 / 老客户介绍 in use; the public form switched on
 * with a fixed key (leads enter the pool of Hangzhou); the survey 租车服务满意度调查 (published, sent to 10
 * drivers: 6 answered, 1 expired, 3 unopened) and the draft 新能源车型意向调查. The other tenant: 3 leads.
 */
export async function seedCrm({ tx, clock, demo, other, passwordLogN }: DemoContext): Promise<void> {
  const tenantId = demo.tenantId;
  const now = clock.now();
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * HOUR);
  const hz = demo.rentIds.HZ!;
  const sh = demo.rentIds.SH!;
  const admin = demo.adminId;

  const roleId = await ensureRole(tx, tenantId, SALES_ROLE);
  const sales1 = await seedUser(tx, passwordLogN, {
    tenantId,
    username: 'sales1',
    password: 'Admin@123',
    phone: '13800000041',
    name: '王晓燕',
    email: 'sales1@demo-rentals.cn',
    rentIds: [hz],
    roleId,
  });
  const sales2 = await seedUser(tx, passwordLogN, {
    tenantId,
    username: 'sales2',
    password: 'Admin@123',
    phone: '13800000042',
    name: '赵磊',
    email: 'sales2@demo-rentals.cn',
    rentIds: [hz, sh],
    roleId,
  });

  const labelRows = await rowsOf<{ id: RawNumber; name: string }>(
    tx,
    sql`insert into labels (tenant_id, kind, name, color) values
        (${tenantId}, 'customer', '意向强', 'red'), (${tenantId}, 'customer', '网约车司机', 'blue'),
        (${tenantId}, 'customer', '老客户介绍', 'green')
      returning id, name`,
  );
  const labelIds = Object.fromEntries(labelRows.map((r) => [r.name, rawNumber(r.id)]));

  const drivers = (
    await rowsOf<{ id: RawNumber; name: string; phone: string; rent_id: RawNumber }>(
      tx,
      sql`select id, name, phone, rent_id from drivers where tenant_id = ${tenantId} and deleted_at is null
        and phone ~ '^1[3-9][0-9]{9}$' order by id limit 16`,
    )
  ).map((d) => ({ id: rawNumber(d.id), name: d.name, phone: d.phone, rentId: rawNumber(d.rent_id) }));

  const leads: Lead[] = [];
  let phoneSeq = 0;
  const base = (i: number, createdDaysAgo: number): Lead => {
    const company = i % 9 === 4;
    const source = SOURCES[i % SOURCES.length]!;
    const name = NAMES[i % NAMES.length]!;
    return {
      i,
      kind: company ? 'company' : 'person',
      name,
      companyName: company ? COMPANIES[i % COMPANIES.length]! : null,
      phone: `1368${String(5710000 + ++phoneSeq * 37).padStart(7, '0')}`,
      source,
      intent: INTENTS[i % INTENTS.length]!,
      rentId: hz,
      ownerId: null,
      ownerSince: null,
      state: 'following',
      createdAt: ago(createdDaysAgo, i % 9),
      createdBy: source === 'onlineForm' ? null : admin,
      wonAt: null,
      driverId: null,
      lostReason: null,
      remark: source === 'onlineForm' ? '在线留言：想了解网约车租车方案' : null,
      followUps: [],
      log: [],
      labels: [
        ...(i % 3 === 0 ? ['意向强'] : []),
        ...(source === 'platform' ? ['网约车司机'] : []),
        ...(source === 'referral' ? ['老客户介绍'] : []),
      ],
    };
  };
  /** `n` follow-ups by `by`, spread from a day after creation to `lastAt`, the last planning `nextAt`. */
  const work = (l: Lead, by: number, n: number, lastAt: Date, nextAt: Date | null) => {
    const start = l.createdAt.getTime() + DAY / 2;
    const span = Math.max(lastAt.getTime() - start, HOUR);
    for (let k = 0; k < n; k++) {
      const at = new Date(n === 1 ? lastAt.getTime() : start + (span * k) / (n - 1));
      const planned = k === n - 1 ? nextAt : new Date(at.getTime() + 2 * DAY);
      l.followUps.push({ at, by, nextAt: planned && planned > at ? planned : null });
    }
  };
  const own = (l: Lead, owner: number, since: Date) => {
    l.ownerId = owner;
    l.ownerSince = since;
    if (l.createdBy === null || l.source === 'import') {
      l.log.push({ action: 'create', from: null, to: null, by: l.createdBy, at: l.createdAt });
      l.log.push({ action: 'claim', from: null, to: owner, by: owner, at: since });
    } else {
      l.createdBy = owner === admin ? admin : owner;
      l.log.push({ action: 'create', from: null, to: owner, by: l.createdBy, at: l.createdAt });
    }
  };
  const owners = [sales1, sales1, sales2, admin, sales1, sales2];

  // 0-5: won, each converted into a demo driver (the lead's name and phone are the driver's).
  for (let i = 0; i < 6; i++) {
    const l = base(i, 170 - i * 25);
    const d = drivers[i]!;
    l.name = d.name;
    l.phone = d.phone;
    l.kind = 'person';
    l.companyName = null;
    l.rentId = d.rentId;
    const owner = d.rentId === sh ? sales2 : owners[i]!;
    own(l, owner, l.createdAt);
    l.wonAt = new Date(l.createdAt.getTime() + (6 + i * 3) * DAY);
    work(l, owner, 2 + (i % 2), new Date(l.wonAt.getTime() - DAY), null);
    l.state = 'won';
    l.driverId = d.id;
    l.log.push({ action: 'convert', from: owner, to: owner, by: owner, at: l.wonAt });
    leads.push(l);
  }
  // 6-13: lost, with their reasons.
  for (let i = 6; i < 14; i++) {
    const l = base(i, 160 - (i - 6) * 18);
    const owner = owners[i % owners.length]!;
    if (owner === sales2 && i % 2) l.rentId = sh;
    own(l, owner, l.createdAt);
    work(l, owner, 1 + (i % 2), new Date(l.createdAt.getTime() + 4 * DAY), null);
    l.state = 'lost';
    l.lostReason = LOST_REASONS[i - 6]!;
    leads.push(l);
  }
  // 14-17: paused.
  for (let i = 14; i < 18; i++) {
    const l = base(i, 90 - (i - 14) * 15);
    const owner = [sales1, sales2, sales1, admin][i - 14]!;
    own(l, owner, l.createdAt);
    work(l, owner, 1 + (i % 2), ago(20 + i), null);
    l.state = 'paused';
    l.remark = PAUSE_REASONS[i % 2]!;
    leads.push(l);
  }
  // 18-27: the pool. Four were returned by the job (their owner let 15 days pass); the others never had an owner.
  for (let i = 18; i < 28; i++) {
    const l = base(i, 120 - (i - 18) * 12);
    if (i < 22) {
      const former = [sales1, sales2, sales1, sales2][i - 18]!;
      const claimed = new Date(l.createdAt.getTime() + DAY);
      l.log.push({ action: 'create', from: null, to: null, by: l.createdBy, at: l.createdAt });
      l.log.push({ action: 'claim', from: null, to: former, by: former, at: claimed });
      work(l, former, 1 + (i % 2), new Date(claimed.getTime() + 2 * DAY), null);
      const returned = new Date(l.followUps.at(-1)!.at.getTime() + 15 * DAY + HOUR);
      l.log.push({ action: 'return', from: former, to: null, by: null, at: returned });
      l.state = 'following';
    } else {
      l.log.push({ action: 'create', from: null, to: null, by: l.createdBy, at: l.createdAt });
      l.state = 'new';
      if (i >= 26) l.createdAt = ago(i - 25, 3);
    }
    leads.push(l);
  }
  // 28-59: open leads being worked. A few brand new (no follow-up yet); the others followed up within the last
  // 12 days (the pool takes a lead after 15), the next follow-up planned. Three of sales1's are overdue.
  let overdue = 0;
  for (let i = 28; i < 60; i++) {
    const l = base(i, 150 - (i - 28) * 4.5);
    const owner = [sales1, sales2, sales1, admin, sales2, sales1][i % 6]!;
    if (owner === sales2 && i % 3 === 0) l.rentId = sh;
    if (i >= 57) {
      l.createdAt = ago(i - 56, 5);
      own(l, owner, l.createdAt);
      l.state = 'new';
      leads.push(l);
      continue;
    }
    const lastDaysAgo = (i * 7) % 12;
    const lastAt = ago(lastDaysAgo, 2 + (i % 5));
    let nextAt = new Date(lastAt.getTime() + (3 + (i % 5)) * DAY);
    if (owner === sales1 && overdue < 3 && lastDaysAgo >= 4) {
      overdue++;
      nextAt = ago(overdue, 1);
    } else if (nextAt <= now) {
      nextAt = new Date(now.getTime() + (1 + (i % 4)) * DAY);
    }
    own(l, owner, new Date(Math.min(l.createdAt.getTime() + DAY, lastAt.getTime() - HOUR)));
    if (l.ownerSince! < l.createdAt) l.ownerSince = l.createdAt;
    work(l, owner, 1 + (i % 4), lastAt, nextAt);
    l.state = 'following';
    leads.push(l);
  }
  await insertLeads(tx, tenantId, leads, labelIds, now);

  // The other tenant's leads (isolation).
  const otherLeads = ['刘德明', '张晓芳', '李海'].map((name, i): Lead => ({
    ...base(60 + i, 10 + i),
    name,
    kind: 'person',
    companyName: null,
    phone: `1391000200${i}`,
    rentId: other.rentIds.BJ!,
    createdBy: other.userId,
    state: 'new',
    labels: [],
    remark: null,
    log: [],
  }));
  for (const l of otherLeads) own(l, other.userId, l.createdAt);
  await insertLeads(tx, other.tenantId, otherLeads, {}, now);

  // The public form: on, leads enter the Hangzhou pool.
  await tx.execute(
    sql`insert into crm_forms (tenant_id, key, rent_id, owner_id, enabled, updated_by, updated_at, version)
      values (${tenantId}, ${DEMO_FORM_KEY}, ${hz}, null, true, ${admin}, ${ago(30).toISOString()}, 1)`,
  );

  await seedSurveys(tx, tenantId, admin, drivers.slice(6, 16), now);
}

const SATISFACTION = [
  {
    id: 'q1',
    kind: 'single',
    title: '您通过什么渠道了解到我们？',
    required: true,
    options: ['朋友介绍', '网约车平台', '门店', '网络广告'],
  },
  {
    id: 'q2',
    kind: 'multiple',
    title: '您最看重我们哪些方面？',
    required: false,
    options: ['价格实惠', '车况良好', '手续简便', '售后及时', '保险齐全'],
  },
  { id: 'q3', kind: 'rating', title: '您对车辆车况的评分', required: true, options: [] },
  { id: 'q4', kind: 'rating', title: '您对门店服务的评分', required: true, options: [] },
  { id: 'q5', kind: 'text', title: '您对我们还有什么建议？', required: false, options: [] },
];
const ANSWERS = [
  { q1: '朋友介绍', q2: ['价格实惠', '车况良好'], q3: 5, q4: 5, q5: '车很新，办手续很快，点赞' },
  { q1: '网约车平台', q2: ['手续简便'], q3: 4, q4: 5 },
  { q1: '门店', q2: ['车况良好', '售后及时'], q3: 4, q4: 4, q5: '希望保养预约能在手机上办' },
  { q1: '网约车平台', q2: ['价格实惠'], q3: 3, q4: 4, q5: '押金希望再低一点' },
  { q1: '朋友介绍', q2: ['保险齐全', '售后及时'], q3: 5, q4: 4 },
  { q1: '网络广告', q3: 4, q4: 3, q5: '周末门店人多，等了半小时' },
];
const NEW_ENERGY = [
  { id: 'q1', kind: 'single', title: '您下一台车考虑新能源吗？', required: true, options: ['会', '不会', '看价格'] },
  {
    id: 'q2',
    kind: 'multiple',
    title: '您感兴趣的车型',
    required: false,
    options: ['比亚迪秦 PLUS', '比亚迪海豚', '广汽埃安 S', '特斯拉 Model 3'],
  },
  { id: 'q3', kind: 'rating', title: '您对续航里程的担心程度', required: false, options: [] },
  { id: 'q4', kind: 'text', title: '您希望我们增加哪些新能源车型？', required: false, options: [] },
];

/** The published satisfaction survey sent to 10 drivers (6 answered, 1 expired, 3 unopened) and a draft. */
async function seedSurveys(
  tx: Tx,
  tenantId: number,
  admin: number,
  drivers: { id: number; name: string; phone: string }[],
  now: Date,
): Promise<void> {
  const at = (days: number, hours = 0) => new Date(now.getTime() - days * DAY + hours * HOUR).toISOString();
  const [survey] = await rowsOf<{ id: RawNumber }>(
    tx,
    sql`insert into surveys (tenant_id, title, intro, state, questions, created_by, created_at, updated_at, published_at,
        version)
      values (${tenantId}, '租车服务满意度调查', '感谢您选择演示租车！请花 1 分钟告诉我们您的用车感受。', 'published',
        ${JSON.stringify(SATISFACTION)}::jsonb, ${admin}, ${at(25)}, ${at(22)}, ${at(22)}, 2)
      returning id`,
  );
  const surveyId = rawNumber(survey!.id);
  for (const [k, d] of drivers.entries()) {
    // The 10th was sent 20 days ago for 14 days: expired unanswered. The others 10 days ago, valid 14 days.
    const expired = k === 9;
    const sentAt = expired ? at(20) : at(10);
    const expiresAt = expired ? at(6) : at(-4);
    const answered = k < 6;
    const opened = answered ? at(10, 3 + k * 5) : null;
    const [invite] = await rowsOf<{ id: RawNumber }>(
      tx,
      sql`insert into survey_invites (tenant_id, survey_id, driver_id, name, phone, expires_at, sent_at, opened_at,
          answered_at, created_by)
        values (${tenantId}, ${surveyId}, ${d.id}, ${d.name}, ${d.phone}, ${expiresAt}, ${sentAt}, ${opened},
          ${answered ? at(10, 4 + k * 5) : null}, ${admin})
        returning id`,
    );
    if (answered) {
      await tx.execute(
        sql`insert into survey_answers (tenant_id, survey_id, invite_id, answers, submitted_at, seconds, ip)
          values (${tenantId}, ${surveyId}, ${rawNumber(invite!.id)}, ${JSON.stringify(ANSWERS[k])}::jsonb,
            ${at(10, 4 + k * 5)}, ${60 + k * 17}, ${'223.104.3.' + (10 + k)})`,
      );
    }
  }
  await tx.execute(
    sql`insert into surveys (tenant_id, title, intro, state, questions, created_by, created_at, updated_at, version)
      values (${tenantId}, '新能源车型意向调查', '我们计划增加新能源车型，想听听您的想法。', 'draft',
        ${JSON.stringify(NEW_ENERGY)}::jsonb, ${admin}, ${at(3)}, ${at(3)}, 1)`,
  );
}
