import {
  ESIGN_EVENT_TITLES,
  NOTARIZATION_DELIVERY_TITLES,
  NOTARIZATION_DOCUMENT_TITLES,
  NOTARIZATION_KIND_TITLES,
  NOTARIZATION_STATE_TITLES,
  NOTARY_STEP_TITLES,
  type EsignEventKind,
  type NotarizationKind,
} from '@fleetdesk/contracts/notarization';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { createPdf, keyValueRows, pdfBuffer } from '../../core/pdf.js';
import type { CertificateRenderer } from './providers/notary-sandbox.js';
import { dossierData } from './notarization.service.js';

/**
 * The evidence dossier of an application (one PDF for a court): the application and its parties, every document
 * with its SHA-256, every step with its time, the hashes of what was sent and answered and the chain, whether the
 * chain is intact now, and the e-signature's steps with their hashes. In Chinese (the court's language).
 */
export async function dossierPdf(deps: AppDeps, ctx: RequestContext, id: number) {
  const { detail: d, chainIntact, esignEvents, printedOn } = await dossierData(deps, ctx, id);
  const doc = createPdf({ title: `公证申请证据包 ${d.number}`, fontPath: deps.config.PDF_FONT_PATH });
  doc.fontSize(16).text('公证申请证据包', { align: 'center' }).moveDown(0.5);
  doc.fontSize(9).text(`申请编号 ${d.number}  打印日期 ${printedOn}`, { align: 'center' }).moveDown();
  keyValueRows(doc, [
    ['公证类型', NOTARIZATION_KIND_TITLES[d.kind]['zh-CN']],
    ['状态', NOTARIZATION_STATE_TITLES[d.state]['zh-CN']],
    ['公证处', d.notaryOffice],
    ['份数 / 领取方式', `${d.copies} 份 / ${NOTARIZATION_DELIVERY_TITLES[d.delivery]['zh-CN']}`],
    ['合同', `${d.contractNumber}（合同金额 ${d.contractAmount.toFixed(2)} 元）`],
    ['出租方', `${d.parties[0]?.name ?? ''} ${d.parties[0]?.idNumber ?? ''}`],
    ['承租人', `${d.parties[1]?.name ?? ''} ${d.parties[1]?.idNumber ?? ''}`],
    ['车辆', d.plate ?? '-'],
    ['公证平台 / 案件号', `${d.provider} / ${d.caseNo ?? '-'}`],
    ['公证费', `${d.fee.toFixed(2)} 元${d.feeRefunded ? '（已退还）' : ''}`],
    ['公证书', d.certificateNo ? `${d.certificateNo}（${d.certificateDate ?? ''}）` : '-'],
  ]);
  doc.moveDown().fontSize(12).text('一、文件及其 SHA-256').moveDown(0.3).fontSize(8);
  if (!d.documents.length) doc.text('（尚未提交文件）');
  for (const f of d.documents) {
    doc.text(`${NOTARIZATION_DOCUMENT_TITLES[f.kind]['zh-CN']}  ${f.fileName}  ${f.size} 字节  ${f.createdAt}`);
    doc.text(`SHA-256 ${f.sha256}`).moveDown(0.2);
  }
  if (d.esign) {
    doc.moveDown().fontSize(12).text('二、电子签署').moveDown(0.3).fontSize(8);
    doc.text(`签署流程 ${d.esign.flowNo}  存证编号 ${d.esign.evidenceNo ?? '-'}`);
    doc.text(`已签署文件 SHA-256 ${d.esign.sha256 ?? '-'}`).moveDown(0.2);
    for (const e of esignEvents) {
      const title = ESIGN_EVENT_TITLES[e.kind as EsignEventKind]?.['zh-CN'] ?? e.kind;
      doc.text(`${new Date(e.at).toISOString()}  ${title}  ${e.actor ?? ''}`);
      if (e.sha256) doc.text(`SHA-256 ${e.sha256}`);
    }
  }
  doc
    .moveDown()
    .fontSize(12)
    .text(`${d.esign ? '三' : '二'}、办理过程（逐步存证，链式哈希）`)
    .moveDown(0.3)
    .fontSize(8);
  for (const s of d.timeline) {
    doc.text(`${s.seq}. ${s.at}  ${NOTARY_STEP_TITLES[s.step]['zh-CN']}  ${s.actor ?? ''}  ${s.summary ?? ''}`);
    doc.text(`请求 SHA-256 ${s.requestSha256}`);
    doc.text(`应答 SHA-256 ${s.responseSha256}`);
    doc.text(`链 SHA-256 ${s.chainSha256}`).moveDown(0.2);
  }
  doc
    .moveDown()
    .fontSize(10)
    .text(
      chainIntact
        ? `链式哈希校验：通过（共 ${d.timeline.length} 步，每步哈希覆盖前一步）`
        : '链式哈希校验：未通过，存证记录与计算结果不一致',
    );
  return { fileName: `公证证据包-${d.number}.pdf`, data: await pdfBuffer(doc) };
}

/** The sandbox notary's certificate: marked as the sandbox's, naming the documents it covered by their hashes. */
export function sandboxCertificate(deps: AppDeps): CertificateRenderer {
  return async (c) => {
    const doc = createPdf({ title: `公证书 ${c.certificateNo}`, fontPath: deps.config.PDF_FONT_PATH });
    doc.fontSize(20).text('公 证 书', { align: 'center' }).moveDown(0.3);
    doc.fontSize(10).text(c.certificateNo, { align: 'center' }).moveDown();
    doc.fillColor('#cc0000').fontSize(10).text('沙箱：本公证书由测试环境生成，不具有法律效力。', { align: 'center' });
    doc.fillColor('#000000').moveDown();
    keyValueRows(doc, [
      ['申请人', c.company],
      ['关系人', c.applicant],
      ['公证事项', NOTARIZATION_KIND_TITLES[c.kind as NotarizationKind]?.['zh-CN'] ?? c.kind],
      ['公证处', c.notaryOffice],
      ['出证日期', c.date],
    ]);
    doc.moveDown().fontSize(10).text('兹证明申请人提交的下列文件经审查属实：').moveDown(0.3).fontSize(8);
    for (const f of c.documents) doc.text(`${f.fileName}  SHA-256 ${f.sha256}`);
    doc.moveDown(2).stamp(c.notaryOffice, '#cc0000');
    return pdfBuffer(doc);
  };
}
