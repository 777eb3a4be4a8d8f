import { and, eq } from 'drizzle-orm';
import {
  APPLY_ITEM_TITLES,
  DUE_MODE_TITLES,
  FINANCING_METHOD_TITLES,
  type Application,
} from '@fleetdesk/contracts/financing';
import type { AppDeps } from '../../core/deps.js';
import { chineseCapitalAmount } from '../../core/chinese-amount.js';
import type { Lang } from '@fleetdesk/contracts/common';
import { createPdf, keyValueRows, pdfBuffer } from '../../core/pdf.js';
import { tenantDays } from '../../core/tenant-time.js';
import { financingApplications, financingProfiles } from '../../db/schema/financing.js';
import { scheduleOfTerms, stateRefusal } from './applications.service.js';

const money = (yuan: number) => `¥${yuan.toFixed(2)}`;
const pct = (v: number, digits = 2) => `${(v * 100).toFixed(digits)}%`;

/**
 * The financing contract (融资租赁合同) of an application as PDF, in Chinese (the language of the papers): the
 * parties (the financier; the applicant from its financing profile), the car, the terms fixed at submit (or
 * revised by accepted conditions), the fees and the instalment schedule (from the disbursement day once lent,
 * else from today as an indication). Before the terms are fixed (a draft never submitted) it is 409.
 */
export async function financingContractPdf(
  deps: AppDeps,
  app: Application,
  lang: Lang,
): Promise<{ fileName: string; data: Buffer }> {
  if (!app.quote || (app.state === 'S1' && !app.submittedAt)) throw stateRefusal(lang, app.state, 'contract');
  const [profile] = await deps.db
    .select()
    .from(financingProfiles)
    .where(and(eq(financingProfiles.tenantId, app.tenantId), eq(financingProfiles.rentId, app.rentId)));
  const days = await tenantDays(deps.db, app.tenantId, deps.clock.now());
  const loanDate = app.disbursedAt ? app.disbursedAt.slice(0, 10) : days.today;
  const terms = app.quote;
  // The schedule from the stored terms in fen (their repayment day and rates as fixed), not from the yuan answer.
  const [stored] = await deps.db
    .select({ quote: financingApplications.quote })
    .from(financingApplications)
    .where(and(eq(financingApplications.tenantId, app.tenantId), eq(financingApplications.id, app.id)));
  const quoteJson = stored!.quote!;
  const schedule = scheduleOfTerms(quoteJson, loanDate).schedule;
  const title = '融资租赁合同';
  const doc = createPdf({ title: `${title} ${app.code}`, fontPath: deps.config.PDF_FONT_PATH });
  doc.fontSize(18).text(title, { align: 'center' }).moveDown(0.5);
  doc.fontSize(10).text(`合同编号：${app.code}`, { align: 'right' }).moveDown(0.5);
  keyValueRows(doc, [
    ['出租人（资方）', app.financierName],
    ['承租人（申请方）', profile?.companyName ?? `${app.tenantName}（${app.rentName}）`],
    ['统一社会信用代码', profile?.licenceNo ?? '-'],
    ['法定代表人', profile?.legalPersonName ?? '-'],
    ['联系人', [profile?.contactName, profile?.contactPhone].filter(Boolean).join(' ') || '-'],
    ['开户银行', [profile?.bankName, profile?.bankAccountNo].filter(Boolean).join(' ') || '-'],
  ]);
  doc.moveDown(0.5).fontSize(12).text('一、租赁车辆').fontSize(10);
  keyValueRows(doc, [
    ['车型', app.carTypeName],
    ['车牌号', app.plate ?? '-'],
    ['车架号', app.vin],
    ['发动机号', app.engineNo ?? '-'],
    ['车辆总价', money(terms.total)],
  ]);
  doc.moveDown(0.5).fontSize(12).text('二、融资条件').fontSize(10);
  keyValueRows(doc, [
    ['融资产品', app.productName],
    ['还款方式', `${FINANCING_METHOD_TITLES[terms.method]['zh-CN']}，${DUE_MODE_TITLES[terms.dueMode]['zh-CN']}`],
    ['首付比例', pct(terms.payProportion, 0)],
    ['首付款', money(terms.downPayment)],
    ['融资金额', `${money(terms.financed)}（人民币${chineseCapitalAmount(Math.round(terms.financed * 100))}）`],
    ['申请项目', app.items.map((i) => `${APPLY_ITEM_TITLES[i.code]['zh-CN']} ${money(i.amount)}`).join('；')],
    ['期数', `${terms.stagingNumber} 期`],
    ['年利率', `${pct(terms.annualRate)}（实际年化 ${pct(terms.effectiveAnnualRate)}）`],
    ['尾付款', money(terms.balloon)],
    ['利息合计', money(terms.totalInterest)],
    [
      'GPS 费 / 抵押登记费 / 服务费',
      `${money(terms.gpsFee)} / ${money(terms.mortgageFee)} / ${money(terms.serviceFee)}`,
    ],
    ['保证金', money(terms.deposit)],
    ['逾期罚息', `每日按当期应还金额的 ${pct(terms.lateFeeDailyRate, 3)} 计收，不足一元按一元计`],
  ]);
  doc.moveDown(0.5).fontSize(12).text(`三、还款计划（自 ${loanDate} 起）`).fontSize(9);
  keyValueRows(
    doc,
    schedule.map((r) => [
      `第 ${r.period} 期 ${r.dueDate}`,
      `应还 ${money(r.payment)}（本金 ${money(r.principal)}，利息 ${money(r.interest)}），剩余本金 ${money(r.remaining)}`,
    ]),
    { labelWidth: 130, fontSize: 9 },
  );
  doc.moveDown(1).fontSize(10);
  doc.text('车辆在融资期间作为租赁物抵押于出租人，承租人出租或出售车辆须经出租人书面同意。');
  doc.moveDown(1.5).columns('出租人（盖章）：', '承租人（盖章）：');
  doc.moveDown(1).columns('日期：', '日期：');
  return { fileName: `${title}-${app.code}.pdf`, data: await pdfBuffer(doc) };
}
