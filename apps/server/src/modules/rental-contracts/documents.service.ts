import { eq } from 'drizzle-orm';
import {
  DAMAGE_POSITION_TITLES,
  DEDUCTION_KIND_TITLES,
  DOCUMENT_KIND_TITLES,
  fillTemplate,
  type DocumentKind,
  type DocumentTemplateInput,
  type Inspection,
  type TemplateKind,
  type TemplatePlaceholder,
} from '@fleetdesk/contracts/handover';
import {
  BILLING_MODE_TITLES,
  CONTRACT_STATE_TITLES,
  CONTRACT_TYPE_TITLES,
  LINE_TYPE_TITLES,
  type Contract,
  type LineType,
  PAYMENT_PERIOD_TITLES,
} from '@fleetdesk/contracts/rental-contracts';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { chineseCapitalAmount } from '../../core/chinese-amount.js';
import { ConflictError } from '../../core/errors.js';
import { createPdf, keyValueRows, pdfBuffer, type Pdf } from '../../core/pdf.js';
import { tenants } from '../../db/schema/tenancy.js';
import { contractInspections } from './handover.service.js';
import { collections } from './rental-contracts.repository.js';
import { getContract, lineInScope } from './rental-contracts.service.js';
import { getSettlement } from './settlement.service.js';
import { templateOf } from './templates.service.js';

const money = (yuan: number) => `¥${yuan.toFixed(2)}`;
const yesNo = (v: boolean) => (v ? '有' : '无');

function when(iso: string, tz: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

type Values = Record<TemplatePlaceholder, string>;

/** The tenant's layout of a document and the values of its placeholders (docs/handover.md, templates). */
export interface Frame {
  template: DocumentTemplateInput;
  values: Values;
}

function contractValues(company: string, c: Contract, today: string, documentKind = ''): Values {
  return {
    companyName: company,
    rentName: c.rentName,
    contractNo: c.number,
    driverName: c.driverName,
    driverPhone: c.driverPhone,
    carPlate: c.plate,
    startDate: c.startDate,
    endDate: c.endDate,
    rent: c.rent.toFixed(2),
    deposit: c.deposit.toFixed(2),
    today,
    documentKind,
  };
}

/** The title (filled), the number and the template's header lines. */
function heading(doc: Pdf, company: string, f: Frame, number: string) {
  doc.fontSize(20).text(`${company} ${fillTemplate(f.template.title, f.values)}`);
  doc.moveDown(0.2).fontSize(10).fillColor('#666666').text(`编号：${number}`);
  for (const line of f.template.headerLines) doc.text(fillTemplate(line, f.values));
  doc.moveDown(1).fillColor('#000000');
}

/** The template's notes (clauses), the signature lines, the footer lines and the seal box. */
function closing(doc: Pdf, f: Frame, notesTitle: string, left: string, right: string) {
  const notes = fillTemplate(f.template.notes, f.values)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (notes.length) {
    doc.moveDown(0.5).fontSize(13).text(notesTitle);
    for (const line of notes) doc.fontSize(11).text(line);
  }
  doc.moveDown(2).fontSize(11);
  doc.columns(`${left}（签字）：________________`, `${right}（签字）：________________`, 260);
  if (f.template.footerLines.length) {
    doc.moveDown(1.5).fontSize(10).fillColor('#444444');
    for (const line of f.template.footerLines) doc.text(fillTemplate(line, f.values));
    doc.fillColor('#000000');
  }
  const seal = fillTemplate(f.template.sealText, f.values);
  if (seal) doc.moveDown(1.5).fontSize(12).stamp(seal, '#c0392b');
}

function inspectionPage(doc: Pdf, i: Inspection, tz: string) {
  keyValueRows(doc, [
    ['验车时间', when(i.inspectedAt, tz)],
    ['里程', `${i.mileage} 公里`],
    ['油量/电量', `${i.energyLevel}%`],
    ['保单复印件', yesNo(i.documents.insuranceCopy)],
    ['行驶证', yesNo(i.documents.licence)],
    ['营运证', yesNo(i.documents.transportCertificate)],
    ['验车人', i.inspectorName || '-'],
    ...(i.kind === 'return' ? ([['车损扣款', money(i.damageDeduction)]] as [string, string][]) : []),
    ['备注', i.remark ?? '-'],
  ]);
  doc.moveDown(0.5).fontSize(13).text('车损记录');
  doc.moveDown(0.3);
  if (!i.damageMarks.length) doc.fontSize(11).text('无车损');
  for (const [n, m] of i.damageMarks.entries()) {
    doc
      .fontSize(11)
      .text(`${n + 1}. ${DAMAGE_POSITION_TITLES[m.position]['zh-CN']}：${m.note}（照片 ${m.photos.length} 张）`);
  }
}

async function tenantOf(deps: AppDeps, tenantId: number) {
  const [tenant] = await deps.db
    .select({ name: tenants.name, timeZone: tenants.timeZone })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return { company: tenant?.name ?? '', tz: tenant?.timeZone ?? deps.config.TZ_DEFAULT };
}

function generatedAt(deps: AppDeps, doc: Pdf, tz: string) {
  doc
    .moveDown(2)
    .fontSize(9)
    .fillColor('#666666')
    .text(`生成时间：${when(deps.clock.now().toISOString(), tz)}（${tz}） · Fleetdesk`);
}

/** The receipt's number: the contract's number and the line's id (one receipt per line, stable). */
export function receiptNumber(contractNumber: string, lineId: number): string {
  return `${contractNumber}-SJ${String(lineId).padStart(6, '0')}`;
}

/**
 * The receipt (收据) of a payment line with money collected: the company, the receipt's number, the payer
 * (the contract's driver), the contract's number, the item, the amount collected in figures and in Chinese
 * capital numerals, the collection account(s), the date paid and the clerk(s) who recorded the collections.
 * A refund line (negative amount, e.g. the deposit refund of a settlement) gives a refund voucher (退款凭证)
 * with the driver as payee. A line with nothing collected is 409; another tenant's or rent's line is 404.
 */
export async function lineReceipt(
  deps: AppDeps,
  ctx: RequestContext,
  lineId: number,
): Promise<{ fileName: string; data: Buffer }> {
  const line = await lineInScope(deps.db, ctx, lineId);
  if (line.paidFen === 0) throw new ConflictError('handover.receiptUnavailable');
  const c = await getContract(deps, ctx, line.contractId);
  const { company, tz } = await tenantOf(deps, ctx.tenantId);
  const paid = (
    await collections(deps.db, ctx, line.contractId, (url) => deps.fileUrls.sign(ctx.tenantId, url))
  ).filter((x) => x.lineId === line.id);
  const refund = line.paidFen < 0;
  const title = refund ? '退款凭证' : '收据';
  const number = receiptNumber(c.number, line.id);
  const template = await templateOf(deps.db, ctx.tenantId, 'receipt');
  const frame: Frame = {
    // A refund voucher keeps its own title; the rest of the receipt's layout applies.
    template: refund ? { ...template, title } : template,
    values: contractValues(company, c, when(deps.clock.now().toISOString(), tz).slice(0, 10), title),
  };
  const distinct = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))].join('、');
  const item =
    LINE_TYPE_TITLES[line.type as LineType]['zh-CN'] +
    (line.period !== null ? ` 第 ${line.period} 期` : '') +
    (line.periodStart && line.periodEnd ? `（${line.periodStart} 至 ${line.periodEnd}）` : '');
  const fen = Math.abs(line.paidFen);
  const doc = createPdf({ title: `${title} ${number}`, fontPath: deps.config.PDF_FONT_PATH });
  heading(doc, company, frame, number);
  keyValueRows(doc, [
    refund ? ['收款人', `${c.driverName}（${c.driverPhone}）`] : ['付款人', `${c.driverName}（${c.driverPhone}）`],
    refund ? ['付款单位', `${company}（${c.rentName}）`] : ['收款单位', `${company}（${c.rentName}）`],
    ['合同编号', c.number],
    ['车辆', c.plate],
    ['收费项目', item],
    ['金额（小写）', money(fen / 100)],
    ['金额（大写）', `人民币${chineseCapitalAmount(fen)}`],
    [refund ? '付款账户' : '收款账户', distinct(paid.map((x) => x.accountName)) || '-'],
    [refund ? '付款日期' : '收款日期', line.paidDate ?? paid[0]?.paidDate ?? '-'],
    ['经办人', distinct(paid.map((x) => x.userName)) || '-'],
    ...(line.state === 'partial'
      ? ([['说明', `部分支付：应收 ${money(Math.abs(line.amountFen) / 100)}，本单据为已收部分`]] as [string, string][])
      : []),
  ]);
  closing(doc, frame, '说明', '经办人', refund ? '收款人' : '付款人');
  generatedAt(deps, doc, tz);
  return { fileName: `${title}-${number}.pdf`, data: await pdfBuffer(doc) };
}

/**
 * A contract's document as PDF (Chinese, the official language of the papers): the contract, the dispatch and
 * return inspection sheets, the settlement statement. A document whose record does not exist yet is 409.
 */
export async function contractDocument(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  kind: DocumentKind,
): Promise<{ fileName: string; data: Buffer }> {
  const c = await getContract(deps, ctx, id);
  const { company, tz } = await tenantOf(deps, ctx.tenantId);
  const title = DOCUMENT_KIND_TITLES[kind]['zh-CN'];
  const inspections =
    kind === 'dispatchSheet' || kind === 'returnSheet' ? await contractInspections(deps, ctx.tenantId, id) : null;
  const settlement = kind === 'settlement' ? await getSettlement(deps, ctx, id) : null;
  const inspection =
    kind === 'dispatchSheet' ? inspections?.dispatch : kind === 'returnSheet' ? inspections?.return : null;
  if ((inspections && !inspection) || (settlement && settlement.id === null)) {
    throw new ConflictError('handover.documentUnavailable');
  }
  const templateKind: TemplateKind = kind === 'dispatchSheet' || kind === 'returnSheet' ? 'inspection' : kind;
  const frame: Frame = {
    template: await templateOf(deps.db, ctx.tenantId, templateKind),
    values: contractValues(
      company,
      c,
      when(deps.clock.now().toISOString(), tz).slice(0, 10),
      kind === 'dispatchSheet' ? '发车' : kind === 'returnSheet' ? '退车' : title,
    ),
  };
  const doc = createPdf({ title: `${title} ${c.number}`, fontPath: deps.config.PDF_FONT_PATH });
  heading(doc, company, frame, c.number);
  const parties: [string, string][] = [
    ['出租方', `${company}（${c.rentName}）`],
    ['承租方', `${c.driverName}（${c.driverPhone}）`],
    ['车辆', c.plate],
  ];
  if (kind === 'contract') {
    keyValueRows(doc, [
      ...parties,
      ['合同类型', CONTRACT_TYPE_TITLES[c.type]['zh-CN']],
      ['租期', `${c.startDate} 至 ${c.endDate}（${c.rentalDays} 天，免租 ${c.freeDays} 天）`],
      [
        '付款',
        `${PAYMENT_PERIOD_TITLES[c.period]['zh-CN']} · ${BILLING_MODE_TITLES[c.billing]['zh-CN']} · 共 ${c.instalments} 期`,
      ],
      ['租金', `${money(c.rent)} / 期，总租金 ${money(c.totalRent)}`],
      ['押金', money(c.deposit)],
      ['管理费', money(c.managementFee)],
      ...(c.buyOutPrice !== null ? ([['买断价', money(c.buyOutPrice)]] as [string, string][]) : []),
      ['合同总额', money(c.total)],
      ['状态', CONTRACT_STATE_TITLES[c.state]['zh-CN']],
    ]);
    if (c.clauses.length) {
      doc.moveDown(0.5).fontSize(13).text('约定条款');
      for (const [n, clause] of c.clauses.entries()) doc.fontSize(11).text(`${n + 1}. ${clause}`);
    }
    closing(doc, frame, '补充条款', '出租方', '承租方');
  } else if (inspection) {
    keyValueRows(doc, parties);
    inspectionPage(doc, inspection, tz);
    closing(doc, frame, '说明', '验车人', '承租方');
  } else if (settlement) {
    keyValueRows(doc, [
      ...parties,
      ['已收押金', money(settlement.depositReceived)],
      ...settlement.deductions.map((d): [string, string] => [
        DEDUCTION_KIND_TITLES[d.kind]['zh-CN'],
        `${money(d.amount)}${d.note ? `（${d.note}）` : ''}`,
      ]),
      ['扣款合计', money(settlement.deductionsTotal)],
      ['返还款', `${money(settlement.owedBack)}${settlement.owedBackNote ? `（${settlement.owedBackNote}）` : ''}`],
      [
        '结算结果',
        settlement.result > 0
          ? `司机应付退车结算费 ${money(settlement.result)}`
          : settlement.result < 0
            ? `应退还司机押金 ${money(-settlement.result)}`
            : '无需收退',
      ],
      ['计算方式', '结算结果 = -已收押金 + 扣款合计 - 返还款'],
      ['审批状态', settlement.state === 'approved' ? '已审批' : settlement.state === 'pending' ? '审批中' : '未审批'],
    ]);
    closing(doc, frame, '说明', '财务', '承租方');
  }
  generatedAt(deps, doc, tz);
  return { fileName: `${title}-${c.number}.pdf`, data: await pdfBuffer(doc) };
}

const SAMPLE_CONTRACT = {
  number: 'HT202600001',
  rentName: '示例分公司',
  driverName: '张三',
  driverPhone: '13800000000',
  plate: '浙A·D12345',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  rent: 3000,
  deposit: 5000,
} as Contract;

/**
 * A template's preview (the settings screen): its layout as it is being edited, around sample data of the
 * document (a sample driver, car and contract), marked as a sample.
 */
export async function templatePreview(
  deps: AppDeps,
  ctx: RequestContext,
  kind: TemplateKind,
  template: DocumentTemplateInput,
): Promise<{ fileName: string; data: Buffer }> {
  const { company, tz } = await tenantOf(deps, ctx.tenantId);
  const c = SAMPLE_CONTRACT;
  const today = when(deps.clock.now().toISOString(), tz).slice(0, 10);
  const frame: Frame = { template, values: contractValues(company, c, today, kind === 'inspection' ? '发车' : '') };
  const doc = createPdf({ title: `预览 ${template.title}`, fontPath: deps.config.PDF_FONT_PATH });
  heading(doc, company, frame, kind === 'receipt' ? receiptNumber(c.number, 1) : c.number);
  doc.fontSize(10).fillColor('#c0392b').text('【预览样例，非正式单据】').fillColor('#000000').moveDown(0.5);
  const parties: [string, string][] = [
    ['出租方', `${company}（${c.rentName}）`],
    ['承租方', `${c.driverName}（${c.driverPhone}）`],
    ['车辆', c.plate],
  ];
  const rows: Record<TemplateKind, [string, string][]> = {
    contract: [
      ...parties,
      ['租期', `${c.startDate} 至 ${c.endDate}`],
      ['租金', `${money(c.rent)} / 期`],
      ['押金', money(c.deposit)],
    ],
    settlement: [
      ...parties,
      ['已收押金', money(5000)],
      ['扣款合计', money(800)],
      ['结算结果', `应退还司机押金 ${money(4200)}`],
    ],
    receipt: [
      ['付款人', `${c.driverName}（${c.driverPhone}）`],
      ['合同编号', c.number],
      ['收费项目', '押金'],
      ['金额（小写）', money(c.deposit)],
      ['金额（大写）', `人民币${chineseCapitalAmount(c.deposit * 100)}`],
    ],
    inspection: [...parties, ['验车时间', `${today} 09:00`], ['里程', '12000 公里'], ['油量/电量', '80%']],
  };
  keyValueRows(doc, rows[kind]);
  const sides: Record<TemplateKind, [string, string, string]> = {
    contract: ['补充条款', '出租方', '承租方'],
    settlement: ['说明', '财务', '承租方'],
    receipt: ['说明', '经办人', '付款人'],
    inspection: ['说明', '验车人', '承租方'],
  };
  const [notesTitle, left, right] = sides[kind];
  closing(doc, frame, notesTitle, left, right);
  generatedAt(deps, doc, tz);
  return { fileName: `预览-${kind}.pdf`, data: await pdfBuffer(doc) };
}
