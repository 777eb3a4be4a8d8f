import { sql } from 'drizzle-orm';
import { rowsOf } from '../core/db.js';
import type { DemoContext } from './context.js';

const DAY = 86_400_000;
const dayFmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' });
const date = (ms: number) => dayFmt.format(new Date(ms));
const plus = (d: string, days: number) => date(Date.parse(`${d}T04:00:00Z`) + days * DAY);

interface CarRow {
  id: number;
  plate: string;
  rent_id: number;
  status: string;
  seats: number | null;
  price: number | null;
  type: string | null;
  file_no: string | null;
  issue: string | null;
  inspection: string | null;
  compulsory_company: string | null;
  compulsory_no: string | null;
  compulsory_expiry: string | null;
  commercial_company: string | null;
  commercial_no: string | null;
  commercial_expiry: string | null;
}

const text = (v: string[]) =>
  v.length
    ? sql`array[${sql.join(
        v.map((x) => sql`${x}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

/**
 * The demo company's papers: the policies behind each car's insurance dates (compulsory and commercial with
 * covers), its vehicle licence (valid until the inspection date), the transport certificates of the ride-hailing
 * cars (two expiring within the month, one expired), the last annual inspections, and accidents in every state.
 */
export async function seedCompliance({ tx, clock, demo }: DemoContext): Promise<void> {
  const now = clock.now().getTime();
  const tenantId = demo.tenantId;
  const cars = (
    await rowsOf<CarRow>(
      tx,
      sql`select c.id, c.plate, c.rent_id, c.status, c.seats, c.purchase_price_fen as price, t.name as type,
        c.license_file_no as file_no, c.license_issue_date::text as issue, c.inspection_due::text as inspection,
        c.compulsory_company, c.compulsory_policy_no as compulsory_no, c.compulsory_expiry::text as compulsory_expiry,
        c.commercial_company, c.commercial_policy_no as commercial_no, c.commercial_expiry::text as commercial_expiry
      from cars c left join car_types t on t.tenant_id = c.tenant_id and t.id = c.car_type_id
      where c.tenant_id = ${tenantId} and c.deleted_at is null order by c.id`,
    )
  ).map((c) => ({
    ...c,
    id: Number(c.id),
    rent_id: Number(c.rent_id),
    price: c.price == null ? null : Number(c.price),
  }));

  let ride = 0;
  for (const [i, c] of cars.entries()) {
    const rentPrefix = c.file_no?.slice(0, 6) ?? '330100';
    // Policies: the current ones (their dates are already on the car) and last year's.
    for (const kind of ['compulsory', 'commercial'] as const) {
      const company = kind === 'compulsory' ? c.compulsory_company : c.commercial_company;
      const no = kind === 'compulsory' ? c.compulsory_no : c.commercial_no;
      const end = kind === 'compulsory' ? c.compulsory_expiry : c.commercial_expiry;
      if (!company || !no || !end) continue;
      const seats = c.seats ?? 5;
      const premiumFen =
        kind === 'compulsory'
          ? (seats > 6 ? 1100 : 950) * 100
          : Math.round(((c.price ?? 15_000_000) * 0.028 + 120_000 + (i % 7) * 9_000) / 100) * 100;
      const coverage =
        kind === 'compulsory'
          ? []
          : [
              { code: 'damage', sumInsuredFen: Math.round(((c.price ?? 15_000_000) * 0.85) / 10_000) * 10_000 },
              { code: 'thirdParty', sumInsuredFen: (i % 3 === 0 ? 3_000_000 : 2_000_000) * 100 },
              { code: 'driverSeat', sumInsuredFen: 20_000 * 100 },
              { code: 'passengerSeat', sumInsuredFen: 10_000 * 100 * (seats - 1) },
              ...(i % 2 === 0 ? [{ code: 'roadside', sumInsuredFen: null }] : []),
              ...(i % 4 === 1 ? [{ code: 'medicalExtra', sumInsuredFen: 10_000 * 100 }] : []),
            ];
      for (const [n, endDate] of [
        [0, end],
        [1, plus(end, -365)],
      ] as const) {
        if (n === 1 && Date.parse(endDate) < now - 500 * DAY) continue;
        await tx.execute(sql`insert into insurance_policies (tenant_id, car_id, kind, company_code, policy_no, start_date,
            end_date, premium_fen, coverage, remark, created_by, created_at)
          values (${tenantId}, ${c.id}, ${kind}, ${company}, ${n === 0 ? no : `${no.slice(0, -4)}${String(1000 + i).slice(-4)}`},
            ${plus(endDate, -364)}::date, ${endDate}::date, ${premiumFen}, ${JSON.stringify(coverage)}::jsonb,
            ${n === 0 ? null : '上年度保单'}, ${demo.adminId}, ${new Date(Date.parse(plus(endDate, -366)))})`);
      }
    }
    // The vehicle licence, valid until the inspection date on its second page.
    if (c.file_no) {
      await tx.execute(sql`insert into car_licenses (tenant_id, car_id, kind, number, issuer, issue_date, expiry_date,
          remark, created_by)
        values (${tenantId}, ${c.id}, 'vehicle', ${c.file_no}, ${issuerOf(rentPrefix, 'vehicle')}, ${c.issue}::date,
          ${c.inspection}::date, null, ${demo.adminId})`);
    }
    // Transport certificates of the ride-hailing cars: most valid for years, two expiring soon, one expired.
    if (c.type === '新能源网约车' && c.status !== 'sold' && c.status !== 'scrapped') {
      const offsets = [12, 26, -9];
      const expiry = date(now + (offsets[ride] ?? 400 + ride * 37) * DAY);
      ride++;
      await tx.execute(sql`insert into car_licenses (tenant_id, car_id, kind, number, issuer, issue_date, expiry_date,
          remark, created_by)
        values (${tenantId}, ${c.id}, 'transport', ${`${rentPrefix}${String(200_000 + c.id * 37).slice(-6)}`},
          ${issuerOf(rentPrefix, 'transport')}, ${plus(expiry, -365 * 3)}::date, ${expiry}::date,
          ${'网络预约出租汽车运输证'}, ${demo.adminId})`);
    }
    // The last annual inspection (passed), which set today's due date.
    if (c.inspection && c.status !== 'sold' && c.status !== 'scrapped') {
      const on = plus(c.inspection, -365 - (i % 20));
      if (Date.parse(on) < now) {
        await tx.execute(sql`insert into car_inspections (tenant_id, car_id, inspected_on, result, next_due, station,
            cost_fen, images, created_by)
          values (${tenantId}, ${c.id}, ${on}::date, 'passed', ${c.inspection}::date,
            ${STATIONS[rentPrefix] ?? STATIONS['330100']!}, ${(i % 3 === 0 ? 260 : 220) * 100}, ${text([])},
            ${demo.adminId})`);
      }
    }
  }
  // A failed first attempt before one car's last passed inspection.
  const first = cars.find((c) => c.inspection && c.status === 'idle');
  if (first?.inspection) {
    await tx.execute(sql`insert into car_inspections (tenant_id, car_id, inspected_on, result, station, cost_fen,
        remark, created_by)
      values (${tenantId}, ${first.id}, ${plus(first.inspection, -368)}::date, 'failed', ${STATIONS['330100']!}, 22000,
        '前照灯远光发光强度不合格，调整后复检', ${demo.adminId})`);
  }

  await seedAccidents(ctxOf(tenantId, demo.adminId, now), demo.rentIds, cars, tx);
  await seedInsurers(tx, tenantId);
}

/**
 * The demo company's insurers: the common ones (given by the migration's trigger), one of its own (a regional
 * insurer it added) and one it no longer works with (disabled, still on none of the demo records).
 */
async function seedInsurers(tx: DemoContext['tx'], tenantId: number): Promise<void> {
  await tx.execute(sql`insert into insurance_companies (tenant_id, code, name, short_name, name_en, sort)
    values (${tenantId}, 'c-demo000001', '中原农业保险股份有限公司', '中原农险', 'Zhongyuan Agricultural Insurance',
      (select coalesce(max(sort), 0) + 1 from insurance_companies where tenant_id = ${tenantId}))
    on conflict do nothing`);
  await tx.execute(sql`update insurance_companies set enabled = false
    where tenant_id = ${tenantId} and code = 'dubon'`);
}

function ctxOf(tenantId: number, userId: number, now: number) {
  return { tenantId, userId, now };
}

const STATIONS: Record<string, string> = {
  '330100': '杭州市机动车安全技术检验中心（石桥站）',
  '310100': '上海市机动车检测中心（莘庄站）',
  '110100': '北京市机动车检测场（朝阳站）',
};

function issuerOf(prefix: string, kind: 'vehicle' | 'transport'): string {
  const city = prefix === '310100' ? '上海市' : prefix === '110100' ? '北京市' : '杭州市';
  return kind === 'vehicle' ? `${city}公安局交通警察支队车辆管理所` : `${city}交通运输局`;
}

async function seedAccidents(
  c: { tenantId: number; userId: number; now: number },
  rentIds: Record<string, number>,
  cars: CarRow[],
  tx: DemoContext['tx'],
): Promise<void> {
  const drivers = await rowsOf<{ id: number; rent_id: number }>(
    tx,
    sql`select id, rent_id from drivers where tenant_id = ${c.tenantId} and state = 'active' and deleted_at is null
      order by id`,
  );
  const live = cars.filter((x) => x.status !== 'sold' && x.status !== 'scrapped');
  const driverFor = (car: CarRow, n: number) => {
    const mine = drivers.filter((d) => Number(d.rent_id) === car.rent_id);
    const d = mine[n % Math.max(mine.length, 1)];
    return d ? Number(d.id) : null;
  };
  const CASES: {
    city: 'HZ' | 'SH';
    days: number;
    hour: number;
    place: string;
    description: string;
    responsibility: string;
    damage: string;
    path: string[];
    claimNo?: string;
    claimState: string;
    insurer?: boolean;
    repair?: number;
    settled?: number;
    injuries?: boolean;
  }[] = [
    {
      days: 2,
      hour: 8.5,
      city: 'HZ',
      place: '杭州市西湖区文三路与学院路交叉口',
      description: '早高峰左转时与直行电动自行车轻微剐蹭，双方无人受伤，已报交警快处。',
      responsibility: 'major',
      damage: '右前叶子板划痕',
      path: [],
      claimState: 'none',
    },
    {
      days: 6,
      hour: 19.25,
      city: 'HZ',
      place: '杭州市拱墅区上塘高架北向南莫干山路出口',
      description: '雨天跟车过近追尾前车，前车后保险杠受损。',
      responsibility: 'full',
      damage: '前保险杠、机盖、左大灯',
      path: ['assessing'],
      claimNo: 'RDAA202633010000',
      claimState: 'filed',
      insurer: true,
      repair: 8600,
    },
    {
      days: 18,
      hour: 14,
      city: 'SH',
      place: '上海市闵行区虹桥路 2188 号停车场',
      description: '停放期间被倒车车辆撞击左后门，对方全责，已取得对方保险报案号。',
      responsibility: 'none',
      damage: '左后门凹陷',
      path: ['assessing', 'repairing'],
      claimNo: 'RDAA202631010021',
      claimState: 'approved',
      insurer: true,
      repair: 4200,
    },
    {
      days: 40,
      hour: 22.5,
      city: 'HZ',
      place: '杭州市滨江区江南大道与长河路口',
      description: '夜间变道与相邻车道车辆碰撞，双方同责，各自向保险公司索赔。',
      responsibility: 'equal',
      damage: '右侧两门、右后视镜',
      path: ['assessing', 'repairing', 'claimed'],
      claimNo: 'RDAA202633010077',
      claimState: 'filed',
      insurer: true,
      repair: 12800,
    },
    {
      days: 75,
      hour: 10,
      city: 'HZ',
      place: '杭州市余杭区文一西路与高教路交叉口',
      description: '闯黄灯与横向车辆碰撞，乘客轻微擦伤，已送医检查。',
      responsibility: 'major',
      damage: '前保险杠、水箱框架、左前大灯',
      path: ['assessing', 'repairing', 'claimed', 'settled', 'closed'],
      claimNo: 'RDAA202633010102',
      claimState: 'paid',
      insurer: true,
      repair: 23500,
      settled: 21800,
      injuries: true,
    },
    {
      days: 12,
      hour: 16,
      city: 'SH',
      place: '上海市徐汇区漕溪北路地下车库',
      description: '司机报告车库柱子剐蹭，经查为旧伤，撤销报案。',
      responsibility: 'none',
      damage: '无新增损伤',
      path: ['cancelled'],
      claimState: 'none',
    },
  ];
  for (const [n, k] of CASES.entries()) {
    const mine = live.filter((x) => x.rent_id === rentIds[k.city]);
    const car = mine[(n * 3 + 1) % Math.max(mine.length, 1)];
    if (!car) continue;
    const occurred = new Date(c.now - k.days * DAY);
    occurred.setUTCHours(Math.floor(k.hour) - 8, (k.hour % 1) * 60, 0, 0);
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into accidents (tenant_id, car_id, driver_id, occurred_at, place, description, responsibility, damage,
          injuries, insurer_code, claim_no, claim_state, repair_cost_fen, settled_fen, state, created_by, created_at)
        values (${c.tenantId}, ${car.id}, ${driverFor(car, n)}, ${occurred}, ${k.place}, ${k.description},
          ${k.responsibility}, ${k.damage}, ${k.injuries ?? false}, ${k.insurer ? car.compulsory_company : null},
          ${k.claimNo ?? null}, ${k.claimState}, ${k.repair ? k.repair * 100 : null},
          ${k.settled ? k.settled * 100 : null}, ${k.path.at(-1) ?? 'reported'}, ${c.userId}, ${occurred})
        returning id`,
    );
    const id = Number(row!.id);
    let from: string | null = null;
    for (const [s, to] of ['reported', ...k.path].entries()) {
      const at = new Date(occurred.getTime() + s * Math.max(1, Math.floor(k.days / 6)) * DAY * 0.9 + 30 * 60_000);
      await tx.execute(sql`insert into accident_events (tenant_id, accident_id, from_state, to_state, user_id, created_at)
        values (${c.tenantId}, ${id}, ${from}, ${to}, ${c.userId}, ${at})`);
      from = to;
    }
  }
}
