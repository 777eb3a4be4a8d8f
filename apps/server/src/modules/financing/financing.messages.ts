import {
  APPLY_ITEM_TITLES,
  AUDIT_ACTION_TITLES,
  FINANCING_STATE_TITLES,
  VOUCHER_CHECK_TITLES,
} from '@fleetdesk/contracts/financing';
import { defineActionTitles } from '../../core/audit.js';
import { defineMessages, defineTitles } from '../../core/i18n.js';

/** The financing area's texts: errors, and the history's entries (stored as keys, rendered when read). */
defineMessages({
  'error.financing.side': {
    'zh-CN': '该操作不适用于你方（申请方与资方各有其操作）',
    'en-US': 'This call is for the other side (the applicant and the financier each have their own)',
  },
  'error.financing.state': {
    'zh-CN': '申请状态为「{state}」，不能{action}',
    'en-US': 'The application is "{state}": it cannot be {action}',
  },
  'error.financing.version': {
    'zh-CN': '该申请刚被他人修改，请刷新后重试',
    'en-US': 'Someone else has just changed this application: reload it and try again',
  },
  'error.financing.limit': {
    'zh-CN': '超出融资额度：可用额度 {available} 元，本次融资 {financed} 元',
    'en-US': 'Above the credit limit: {available} yuan available, {financed} yuan asked',
  },
  'error.financing.noLimit': {
    'zh-CN': '该公司在此资方没有融资额度，请联系资方',
    'en-US': 'This company has no credit limit with the financier: ask the financier for one',
  },
  'error.financing.notFound': { 'zh-CN': '融资申请不存在', 'en-US': 'The financing application does not exist' },
  'error.financing.productNotFound': {
    'zh-CN': '融资产品不存在或已停用',
    'en-US': 'The product does not exist or is off',
  },
  'error.financing.carNotFound': { 'zh-CN': '车辆不存在', 'en-US': 'The car does not exist' },
  'error.financing.carFinanced': {
    'zh-CN': '该车辆已有进行中的融资申请',
    'en-US': 'The car already has a live financing application',
  },
  'error.financing.vinMismatch': {
    'zh-CN': '车架号与所选车辆不一致',
    'en-US': 'The VIN is not the chosen car’s',
  },
  'error.financing.financierNotFound': { 'zh-CN': '资方不存在', 'en-US': 'The financier does not exist' },
  'error.financing.rentNotFound': { 'zh-CN': '公司不存在', 'en-US': 'The company does not exist' },
  'error.financing.productCode': { 'zh-CN': '产品编号已存在', 'en-US': 'A product with this code exists' },
  'error.financing.voucherState': {
    'zh-CN': '申请状态为「{state}」，不能修改凭证',
    'en-US': 'The application is "{state}": its vouchers cannot be changed',
  },
  'error.financing.profileFirst': {
    'zh-CN': '请先完善融资主体资料（融资用户）',
    'en-US': 'Fill in the financing profile first',
  },
  'financing.side.applicant': { 'zh-CN': '申请方', 'en-US': 'applicant' },
  'financing.side.financier': { 'zh-CN': '资方', 'en-US': 'financier' },
  'financing.action.edit': { 'zh-CN': '修改', 'en-US': 'edited' },
  'financing.action.submit': { 'zh-CN': '提交', 'en-US': 'submitted' },
  'financing.action.audit': { 'zh-CN': '审核', 'en-US': 'reviewed' },
  'financing.action.accept': { 'zh-CN': '确认条件', 'en-US': 'answered' },
  'financing.action.cancel': { 'zh-CN': '取消', 'en-US': 'cancelled' },
  'financing.action.contract': { 'zh-CN': '下载合同', 'en-US': 'printed as a contract' },
  'financing.action.move': { 'zh-CN': '变更到「{to}」', 'en-US': 'moved to "{to}"' },
  // message-centre notices to the other side
  'financing.notice.toReviewTitle': { 'zh-CN': '新的融资申请待审核', 'en-US': 'A financing application to review' },
  'financing.notice.toReview': {
    'zh-CN': '{company} 提交了融资申请 {code}，融资金额 {financed} 元',
    'en-US': '{company} submitted financing application {code} for {financed} yuan',
  },
  'financing.notice.decidedTitle': { 'zh-CN': '融资申请审核结果', 'en-US': 'Financing application decided' },
  'financing.notice.decided': {
    'zh-CN': '融资申请 {code} 的审核结果：{state}',
    'en-US': 'Financing application {code}: {state}',
  },
  // history entries
  'financing.activity.create': { 'zh-CN': '创建融资申请 {code}', 'en-US': 'Application {code} created' },
  'financing.activity.edit': { 'zh-CN': '修改申请资料', 'en-US': 'Application edited' },
  'financing.activity.submit': {
    'zh-CN': '提交申请，融资金额 {financed} 元，进入内部审批',
    'en-US': 'Submitted for {financed} yuan; internal approval started',
  },
  'financing.activity.internalApproved': {
    'zh-CN': '内部审批通过，提交资方审核',
    'en-US': "Internal approval passed; sent to the financier's review",
  },
  'financing.activity.internalSkipped': {
    'zh-CN': '未设置融资申请审批流程，直接提交资方审核',
    'en-US': "No internal approval flow: sent straight to the financier's review",
  },
  'financing.activity.internalRejected': {
    'zh-CN': '内部审批未通过：{reason}',
    'en-US': 'Internal approval refused: {reason}',
  },
  'financing.activity.internalWithdrawn': {
    'zh-CN': '撤回内部审批，申请退回待提交',
    'en-US': 'Internal approval withdrawn; back to the applicant',
  },
  'financing.activity.approve': { 'zh-CN': '资方审核通过', 'en-US': 'Approved by the financier' },
  'financing.activity.approveWithConditions': {
    'zh-CN': '资方附条件通过：{note}',
    'en-US': 'Approved by the financier with conditions: {note}',
  },
  'financing.activity.supplement': {
    'zh-CN': '资方退回补充材料：{reason}',
    'en-US': 'Returned by the financier for supplement: {reason}',
  },
  'financing.activity.reject': { 'zh-CN': '资方拒绝：{reason}', 'en-US': 'Rejected by the financier: {reason}' },
  'financing.activity.acceptConditions': {
    'zh-CN': '申请方接受修改后的条件',
    'en-US': 'The applicant accepted the revised terms',
  },
  'financing.activity.declineConditions': {
    'zh-CN': '申请方不接受修改后的条件，申请取消',
    'en-US': 'The applicant declined the revised terms; application cancelled',
  },
  'financing.activity.cancel': { 'zh-CN': '申请方取消申请', 'en-US': 'Cancelled by the applicant' },
  'financing.activity.voucherEdit': { 'zh-CN': '更新购车凭证', 'en-US': 'Vouchers updated' },
  'financing.activity.voucherPassed': { 'zh-CN': '资方审核凭证通过', 'en-US': 'Vouchers passed by the financier' },
  'financing.activity.voucherReturned': {
    'zh-CN': '资方退回凭证：{note}',
    'en-US': 'Vouchers returned by the financier: {note}',
  },
  'financing.activity.move': {
    'zh-CN': '状态由「{from}」变为「{to}」',
    'en-US': 'State changed from "{from}" to "{to}"',
  },
});

defineTitles('financingState', FINANCING_STATE_TITLES);
defineTitles('financingAuditAction', AUDIT_ACTION_TITLES);
defineTitles('financingApplyItem', APPLY_ITEM_TITLES);
defineTitles('financingVoucherCheck', VOUCHER_CHECK_TITLES);

defineActionTitles({
  'financing.read': { 'zh-CN': '车辆融资 · 资方查阅', 'en-US': 'Financing · read by the financier' },
});
