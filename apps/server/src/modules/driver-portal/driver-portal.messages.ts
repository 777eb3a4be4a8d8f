import {
  DRIVER_PORTAL_VALIDATION_MESSAGES,
  SUBMISSION_KIND_TITLES,
  SUBMISSION_STATE_TITLES,
} from '@fleetdesk/contracts/driver-portal';
import { defineActionTitles } from '../../core/audit.js';
import { defineMessages, defineTitles, hasMessage } from '../../core/i18n.js';

// The schemas' own `v.*` messages, for the field errors this area's services raise with those keys.
defineMessages(
  Object.fromEntries(Object.entries(DRIVER_PORTAL_VALIDATION_MESSAGES).filter(([key]) => !hasMessage(key))),
);
defineTitles('submissionKind', SUBMISSION_KIND_TITLES);
defineTitles('submissionState', SUBMISSION_STATE_TITLES);

/** The driver portal (issue 34, docs/driver-portal.md). */
defineMessages({
  'driverPortal.codeWrong': {
    'zh-CN': '验证码不正确或已失效，请重新获取',
    'en-US': 'The code is wrong or has expired; ask for a new one',
  },
  'driverPortal.companyNotFound': {
    'zh-CN': '你的手机号不是该公司的司机',
    'en-US': 'Your phone is not a driver of that company',
  },
  'driverPortal.billNotOpen': {
    'zh-CN': '所选账单已支付、已减免或不可在线支付，请刷新后重试',
    'en-US': 'A chosen bill is paid, waived or cannot be paid online; reload and try again',
  },
  'driverPortal.debtorPayingOff': {
    'zh-CN': '逾期账单暂不支持在线支付，请联系车队缴纳',
    'en-US': 'An overdue bill cannot be paid online here; pay it at your fleet office',
  },
  'driverPortal.orderNotFound': { 'zh-CN': '支付订单不存在', 'en-US': 'No such payment order' },
  'driverPortal.violationNotFound': { 'zh-CN': '违章记录不存在', 'en-US': 'No such violation' },
  'driverPortal.violationHandled': {
    'zh-CN': '该违章已处理，无需再上传凭证',
    'en-US': 'This violation is handled already; no proof is needed',
  },
  'driverPortal.pending': {
    'zh-CN': '已有一份提交在审核中，请等待审核结果',
    'en-US': 'One submission is already waiting for review; wait for its outcome',
  },
  'driverPortal.expiryRequired': { 'zh-CN': '请填写驾驶证有效期', 'en-US': "Enter the licence's expiry date" },
  'driverPortal.expired': { 'zh-CN': '驾驶证已过期，请上传有效的驾驶证', 'en-US': 'This licence has expired' },
  'driverPortal.classRequired': { 'zh-CN': '请填写准驾车型', 'en-US': 'Enter the licence class' },
  'driverPortal.idNumber': { 'zh-CN': '身份证号应为 18 位', 'en-US': 'An ID number has 18 characters' },
  'driverPortal.reasonRequired': { 'zh-CN': '驳回时请填写原因', 'en-US': 'Give the reason for a rejection' },
  'driverPortal.submissionNotFound': { 'zh-CN': '提交记录不存在', 'en-US': 'No such submission' },
  'driverPortal.reviewed': { 'zh-CN': '该提交已审核', 'en-US': 'This submission has been reviewed already' },
  'driverPortal.idNumberTaken': {
    'zh-CN': '已有在职司机使用该身份证号',
    'en-US': 'An active driver has this ID number already',
  },
  'driverPortal.driverNotFound': { 'zh-CN': '司机不存在', 'en-US': 'No such driver' },
  // Notices on the portal's home page.
  'driverPortal.notice.paid': {
    'zh-CN': '已收到你的在线缴租 ¥{amount}（订单 {orderNo}）',
    'en-US': 'Your online rent payment of ¥{amount} was received (order {orderNo})',
  },
  'driverPortal.notice.overpaid': {
    'zh-CN': '订单 {orderNo} 多付 ¥{amount}（账单已由车队收取），车队将与你联系退还',
    'en-US':
      'Order {orderNo} paid ¥{amount} more than was left (the office had collected it); the office will return it',
  },
  'driverPortal.notice.levelUp': {
    'zh-CN': '恭喜，你已升级为{level}',
    'en-US': 'Congratulations: you are now {levelEn}',
  },
  'driverPortal.notice.levelDown': {
    'zh-CN': '你的会员等级调整为{level}',
    'en-US': 'Your membership level is now {levelEn}',
  },
  'driverPortal.notice.approved.licence': {
    'zh-CN': '你提交的驾驶证已审核通过',
    'en-US': 'Your licence update was approved',
  },
  'driverPortal.notice.rejected.licence': {
    'zh-CN': '你提交的驾驶证未通过审核：{note}',
    'en-US': 'Your licence update was rejected: {note}',
  },
  'driverPortal.notice.approved.idCard': {
    'zh-CN': '你提交的身份证已审核通过',
    'en-US': 'Your ID card update was approved',
  },
  'driverPortal.notice.rejected.idCard': {
    'zh-CN': '你提交的身份证未通过审核：{note}',
    'en-US': 'Your ID card update was rejected: {note}',
  },
  'driverPortal.notice.approved.violationProof': {
    'zh-CN': '你上传的违章处理凭证已确认，违章已标记为已处理',
    'en-US': 'Your proof was accepted: the violation is marked handled',
  },
  'driverPortal.notice.rejected.violationProof': {
    'zh-CN': '你上传的违章处理凭证未通过：{note}',
    'en-US': 'Your proof of handling was rejected: {note}',
  },
});

/** The portal's writes in the operation log, as a clerk reads them (the actor is the driver). */
defineActionTitles({
  'driverPortal.signIn': { 'zh-CN': '司机端 · 登录', 'en-US': 'Driver app · Sign in' },
  'driverPortal.switch': { 'zh-CN': '司机端 · 切换公司', 'en-US': 'Driver app · Switch company' },
  'driverPortal.signOut': { 'zh-CN': '司机端 · 退出', 'en-US': 'Driver app · Sign out' },
  'driverPortal.pay': { 'zh-CN': '司机端 · 在线缴租', 'en-US': 'Driver app · Pay rent online' },
  'driverPortal.proof': { 'zh-CN': '司机端 · 上传违章处理凭证', 'en-US': 'Driver app · Proof of a handled violation' },
  'driverPortal.document': { 'zh-CN': '司机端 · 提交证件', 'en-US': 'Driver app · Document update' },
  'driverPortal.upload': { 'zh-CN': '司机端 · 上传图片', 'en-US': 'Driver app · Upload a picture' },
  'driverPortal.review': { 'zh-CN': '司机管理 · 审核司机端提交', 'en-US': 'Drivers · Review a driver app submission' },
});
