// Leads at scale for the CRM list benchmark (issue 32): in one tenant of a migrated and seeded PostgreSQL, set-based:
// - four more rents (six in all with the demo's), so that the leads spread over several branches;
// - a sales role of data scope `own` (crm view/add/edit, rentDriver view) and 40 sales employees
//   (`bench_sales01` .. `bench_sales40`, the demo clerk's password `Clerk@123`, every rent);
// - 500,000 leads created over the last two years, more of them recent: 15 % in the pool (new or following, some
//   returned by the job), the rest owned by the 40 employees (about 70 % open: new, following, paused; then won and
//   lost), names from common surnames and given names, unique mobile phones, every source, intent and contract
//   kind; the open owned leads with a next follow-up (one in ten overdue, one in twenty today, the rest ahead);
// - for the leads of the last 90 days, 1 to 5 follow-ups each with the lead's last follow-up and count set from them;
// - the owner log (create, claim for the owned ones, return for one pool lead in three, convert for the won);
// - customer labels (意向强 / 网约车司机 / 老客户介绍) on one lead in five.
//
//   const made = await generateCrm(db, { tenantCode: 'DEMO', leads: 500_000, sales: 40 })
//
// Everything comes from the lead's number, so a run is deterministic.

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '林',
  '罗',
  '高',
];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '强',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '涛',
  '明',
  '超',
  '晓燕',
  '志强',
  '建华',
  '海波',
  '丽娟',
  '俊杰',
  '子轩',
  '浩然',
  '雨桐',
];
const CARS = [
  '比亚迪秦 PLUS',
  '比亚迪汉 EV',
  '丰田卡罗拉',
  '本田雅阁',
  '大众朗逸',
  '广汽埃安 S',
  '日产轩逸',
  '吉利帝豪',
  '特斯拉 Model 3',
  null,
];
const CONTENTS = [
  '电话沟通，客户想跑网约车，关注月租价格',
  '微信发送车型报价，客户考虑中',
  '客户到店看车，试驾比亚迪秦 PLUS',
  '客户比较了几家，价格偏高，约下周再谈',
  '短信提醒客户活动截止日期',
  '客户需要准备网约车从业资格证',
];
const LABELS = ['意向强', '网约车司机', '老客户介绍'];

const list = (values) => `array[${values.map((v) => (v === null ? 'null' : `'${v}'`)).join(', ')}]`;

/**
 * Writes the rents, role, employees, leads, follow-ups, owner log and labels. `db.query(text)` answers `{ rows }`
 * (openBenchDatabase). Answers the counts.
 */
export async function generateCrm(db, { tenantCode = 'DEMO', leads = 500_000, sales = 40, rents = 6 } = {}) {
  const started = performance.now();
  const one = async (text) => (await db.query(text)).rows;
  const [{ id: tenantId }] = await one(`select id from tenants where code = '${tenantCode}'`);

  // More rents (six in all).
  const [{ n: rentCount }] = await one(`select count(*)::int as n from rents where tenant_id = ${tenantId}`);
  const cities = ['杭州', '上海', '宁波', '苏州', '南京', '温州'];
  for (let i = rentCount; i < rents; i++) {
    const code = `C${String(i + 1).padStart(2, '0')}`;
    await db.query(
      `insert into rents (tenant_id, name, short_name, code, city) values (${tenantId}, '演示租车${cities[i % cities.length]}${code}门店', '${code}', '${code}', '${cities[i % cities.length]}')`,
    );
  }
  const rentIds = (await one(`select id from rents where tenant_id = ${tenantId} order by id`)).map((r) =>
    Number(r.id),
  );

  // The sales role (data scope own) and its employees, with the clerk's password, in every rent.
  const [{ id: roleId }] = await one(`
    insert into roles (tenant_id, code, name, description, data_scope)
    values (${tenantId}, 'bench_sales', '销售顾问（压测）', 'CRM 压测', 'own')
    on conflict (tenant_id, code) do update set data_scope = 'own' returning id`);
  await db.query(`
    insert into role_grants (tenant_id, role_id, code)
    select ${tenantId}, ${roleId}, g from unnest(array['crm', 'crm:view', 'crm:add', 'crm:edit', 'rentDriver', 'rentDriver:view']) g
    on conflict do nothing`);
  const [{ password_hash: hash }] = await one(
    `select password_hash from users where tenant_id = ${tenantId} and username = 'clerk'`,
  );
  await db.query(`
    insert into users (tenant_id, username, phone, name, password_hash, user_type, status, default_rent_id, title)
    select ${tenantId}, 'bench_sales' || lpad(n::text, 2, '0'), '1770000' || lpad(n::text, 4, '0'),
      (${list(SURNAMES)})[1 + n % ${SURNAMES.length}] || (${list(GIVEN)})[1 + (n * 7) % ${GIVEN.length}] || '（销售）',
      '${hash}', 'manager', 'active', ${rentIds[0]}, '销售顾问'
    from generate_series(1, ${sales}) n
    on conflict do nothing`);
  const owners = (
    await one(`select id from users where tenant_id = ${tenantId} and username like 'bench\\_sales%' order by username`)
  ).map((u) => Number(u.id));
  await db.query(`
    insert into user_roles (tenant_id, user_id, role_id)
    select ${tenantId}, u, ${roleId} from unnest(array[${owners.join(', ')}]::bigint[]) u on conflict do nothing`);
  await db.query(`
    insert into user_rents (tenant_id, user_id, rent_id)
    select ${tenantId}, u, r from unnest(array[${owners.join(', ')}]::bigint[]) u cross join unnest(array[${rentIds.join(', ')}]::bigint[]) r
    on conflict do nothing`);
  // A won lead names the driver it became: the demo company's drivers, in turn (the list never reads them).
  const driverIds = (await one(`select id from drivers where tenant_id = ${tenantId} order by id limit 200`)).map((d) =>
    Number(d.id),
  );
  const [{ id: adminId }] = await one(
    `select id from users where tenant_id = ${tenantId} and username = 'admin' order by id limit 1`,
  );

  // The leads. Per number n: d = days ago created (skewed to the recent: 730 * f^2), a slot h in 0..999 decides the
  // owner and state: h < 150 pool (new 3 in 5, else following), h < 850 owned open (new 1 in 5, following 7 in 10,
  // paused 1 in 10), h < 920 won, else lost. Open owned leads get a next follow-up: one in ten overdue (1-20 days),
  // one in twenty today, the rest 1-14 days ahead.
  await db.query(`
    create temporary table bench_leads on commit preserve rows as
    select n,
      (730 * power(((n * 7919) % 100003) / 100003.0, 2))::numeric as d,
      (n * 2654435761) % 1000 as h,
      (n * 40503) % 1000 as g
    from generate_series(1::bigint, ${leads}) n`);
  const leadSql = `
    insert into crm_leads (tenant_id, rent_id, kind, name, company_name, phone, source, intent, wanted_car, budget_fen,
      contract_kind, owner_id, owner_since, state, lost_reason, next_follow_up_at, last_follow_up_at, last_follow_up_text,
      follow_up_count, driver_id, won_at, remark, created_by, created_at, updated_at)
    select ${tenantId},
      (array[${rentIds.join(', ')}])[1 + b.n % ${rentIds.length}],
      case when b.g < 80 then 'company' else 'person' end,
      (${list(SURNAMES)})[1 + b.n % ${SURNAMES.length}] || (${list(GIVEN)})[1 + (b.n / 20) % ${GIVEN.length}],
      case when b.g < 80 then (array['杭州快驰出行', '上海易达汽车服务', '宁波顺风网约车', '苏州畅行运力'])[1 + b.n % 4] || '有限公司' end,
      '13' || lpad(((b.n * 48271) % 1000000000)::text, 9, '0'),
      (array['walkIn', 'phone', 'referral', 'platform', 'onlineForm', 'import'])[1 + (b.n / 7) % 6],
      (array['strong', 'medium', 'medium', 'weak'])[1 + (b.n / 3) % 4],
      (${list(CARS)})[1 + b.n % ${CARS.length}],
      case when b.n % 3 = 0 then (2500 + (b.n % 30) * 100) * 100 end,
      (array['longTerm', 'longTerm', 'rentToOwn', 'shortTerm'])[1 + (b.n / 11) % 4],
      b.owner, case when b.owner is not null then b.created + interval '2 hours' end,
      b.state,
      case when b.state = 'lost' then (array['价格太高', '已在别家租车', '资质不符合', '联系不上'])[1 + b.n % 4] end,
      case when b.state in ('new', 'following') and b.owner is not null then
        case when b.g < 100 then now() - (1 + b.n % 20) * interval '1 day'
          when b.g < 150 then date_trunc('day', now()) + interval '20 hours'
          else now() + (1 + b.n % 14) * interval '1 day' end end,
      null, null, 0,
      case when b.state = 'won' then (array[${driverIds.join(', ')}]::bigint[])[1 + b.n % ${driverIds.length}] end,
      case when b.state = 'won' then b.created + (3 + b.n % 40) * interval '1 day' end,
      case when b.n % 10 = 0 then '客户希望周末联系' end,
      case when b.source_form then null else ${adminId} end,
      b.created, b.created
    from (
      select bl.n, bl.g,
        now() - bl.d * interval '1 day' - (bl.n % 86400) * interval '1 second' as created,
        (1 + (bl.n / 7) % 6) = 5 as source_form,
        case when bl.h < 150 then null else (array[${owners.join(', ')}]::bigint[])[1 + bl.n % ${owners.length}] end as owner,
        case
          when bl.h < 150 then case when bl.n % 5 < 3 then 'new' else 'following' end
          when bl.h < 850 then case when bl.n % 10 < 2 then 'new' when bl.n % 10 < 9 then 'following' else 'paused' end
          when bl.h < 920 then 'won'
          else 'lost' end as state
      from bench_leads bl
      where bl.n between $1 and $2
    ) b`;
  // In slices, so that a slow machine shows progress and no statement holds 500,000 rows of temporary state.
  const SLICE = 100_000;
  for (let from = 1; from <= leads; from += SLICE) {
    await db.query(leadSql.replace('$1', String(from)).replace('$2', String(Math.min(leads, from + SLICE - 1))));
  }

  // Follow-ups: 1-5 for each lead of the last 90 days that was followed up (not new), spread between its creation
  // and now; the lead's last follow-up, text and count from them.
  await db.query(`
    insert into crm_follow_ups (tenant_id, lead_id, user_id, at, way, content, next_step, next_at, created_at)
    select l.tenant_id, l.id, coalesce(l.owner_id, ${owners[0]}), f.at,
      (array['phone', 'sms', 'wechat', 'visit'])[1 + (l.id + k) % 4],
      (${list(CONTENTS)})[1 + (l.id + k) % ${CONTENTS.length}],
      case when k % 2 = 0 then '约到店看车' end, null, f.at
    from crm_leads l
    cross join lateral generate_series(1, 1 + l.id % 5) k
    cross join lateral (select l.created_at + (now() - l.created_at) * (k / (2.0 + l.id % 5)) as at) f
    where l.tenant_id = ${tenantId} and l.state <> 'new' and l.created_at > now() - interval '90 days'`);
  await db.query(`
    update crm_leads l set last_follow_up_at = s.last_at, follow_up_count = s.n,
      last_follow_up_text = left(s.content, 60)
    from (select distinct on (lead_id) lead_id, at as last_at, content, count(*) over (partition by lead_id) as n
      from crm_follow_ups where tenant_id = ${tenantId} order by lead_id, at desc) s
    where l.tenant_id = ${tenantId} and l.id = s.lead_id`);

  // The owner log: create (by the admin, or the form), claim for the owned leads, return for a pool lead in three,
  // convert for the won.
  await db.query(`
    insert into crm_owner_log (tenant_id, lead_id, action, from_user, to_user, by_user, at)
    select tenant_id, id, 'create', null::bigint, null::bigint, created_by, created_at from crm_leads where tenant_id = ${tenantId}
    union all
    select tenant_id, id, 'claim', null::bigint, owner_id, owner_id, owner_since from crm_leads
      where tenant_id = ${tenantId} and owner_id is not null
    union all
    select tenant_id, id, 'return', (array[${owners.join(', ')}]::bigint[])[1 + id % ${owners.length}], null, null,
      created_at + interval '16 days' from crm_leads
      where tenant_id = ${tenantId} and owner_id is null and id % 3 = 0 and created_at < now() - interval '16 days'
    union all
    select tenant_id, id, 'convert', owner_id, owner_id, owner_id, won_at from crm_leads
      where tenant_id = ${tenantId} and state = 'won'`);

  // Customer labels on one lead in five.
  await db.query(`
    insert into labels (tenant_id, kind, name, color)
    select ${tenantId}, 'customer', x, 'orange' from unnest(${list(LABELS)}::text[]) x
    on conflict do nothing`);
  const labelIds = (
    await one(
      `select id from labels where tenant_id = ${tenantId} and kind = 'customer' and name in (${LABELS.map((l) => `'${l}'`).join(', ')}) order by id`,
    )
  ).map((l) => Number(l.id));
  await db.query(`
    insert into crm_lead_labels (tenant_id, lead_id, label_id)
    select tenant_id, id, (array[${labelIds.join(', ')}]::bigint[])[1 + id % ${labelIds.length}]
    from crm_leads where tenant_id = ${tenantId} and id % 5 = 0
    on conflict do nothing`);

  await db.query('drop table bench_leads');
  await db.query('analyze');
  const [counts] = await one(`select
    (select count(*) from crm_leads where tenant_id = ${tenantId}) as leads,
    (select count(*) from crm_leads where tenant_id = ${tenantId} and owner_id is null) as pool,
    (select count(*) from crm_leads where tenant_id = ${tenantId} and state in ('new', 'following', 'paused')) as open,
    (select count(*) from crm_leads where tenant_id = ${tenantId} and owner_id = ${owners[0]}) as first_sales,
    (select count(*) from crm_follow_ups where tenant_id = ${tenantId}) as follow_ups,
    (select count(*) from crm_owner_log where tenant_id = ${tenantId}) as owner_log,
    (select count(*) from crm_lead_labels where tenant_id = ${tenantId}) as labels`);
  return {
    tenantId: Number(tenantId),
    rents: rentIds.length,
    sales: owners.length,
    ...Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)])),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
