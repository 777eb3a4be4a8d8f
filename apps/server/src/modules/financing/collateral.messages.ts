import {
  BOOKED_CAR_STATE_TITLES,
  CAR_USE_TITLES,
  CERTIFICATE_KIND_TITLES,
  CERTIFICATE_STATE_TITLES,
  RENT_OR_SALE_STATE_TITLES,
} from '@fleetdesk/contracts/financing';
import { defineMessages, defineTitles } from '../../core/i18n.js';

/** Rent or sale, the certificates the financier holds, and booked cars: errors and history entries. */
defineMessages({
  'error.financing.notCollateral': {
    'zh-CN': '该车当前不是资方的抵押物（申请状态为「{state}」），无需报备出租或出售',
    'en-US': 'The car is not the financier\'s collateral now (the application is "{state}"): nothing to declare',
  },
  'error.financing.rentOrSaleOpen': {
    'zh-CN': '该车已有待审核的出租或出售报备（{state}），请等待资方处理或补充材料',
    'en-US': 'The car has a declaration waiting ({state}): wait for the financier, or supplement it',
  },
  'error.financing.rentOrSaleNotFound': { 'zh-CN': '报备不存在', 'en-US': 'The declaration does not exist' },
  'error.financing.rentOrSaleState': {
    'zh-CN': '报备当前为「{state}」，不能{action}',
    'en-US': 'The declaration is "{state}": it cannot be {action}',
  },
  'error.financing.certificateNotFound': {
    'zh-CN': '证件记录不存在',
    'en-US': 'The certificate record does not exist',
  },
  'error.financing.certificateDates': {
    'zh-CN': '归还日期不能早于收件日期；已归还的证件须填写归还日期',
    'en-US': 'The return date cannot precede the receipt, and a returned certificate needs its return date',
  },
  'error.financing.bookedNotFound': { 'zh-CN': '预订记录不存在', 'en-US': 'The booking does not exist' },
  'error.financing.bookedState': {
    'zh-CN': '预订当前为「{from}」，不能改为「{to}」',
    'en-US': 'The booking is "{from}": it cannot become "{to}"',
  },
  'error.financing.earnestAbovePrice': {
    'zh-CN': '定金不能超过指导价乘以数量',
    'en-US': 'The earnest cannot exceed the guide price times the quantity',
  },
  'error.financing.tooManyFiles': {
    'zh-CN': '附件最多 {max} 个',
    'en-US': 'At most {max} files',
  },
  'financing.action.supplemented': { 'zh-CN': '补充', 'en-US': 'supplemented' },
  'financing.action.audited': { 'zh-CN': '审核', 'en-US': 'reviewed' },
  'financing.activity.rentOrSale': {
    'zh-CN': '报备车辆用途：{use}',
    'en-US': 'Use of the car declared: {use}',
  },
  'financing.activity.rentOrSaleSupplement': {
    'zh-CN': '补充出租或出售报备材料',
    'en-US': 'Declaration of use supplemented',
  },
  'financing.activity.rentOrSaleAudit': {
    'zh-CN': '资方审核用途报备：{state}',
    'en-US': 'Declaration of use reviewed by the financier: {state}',
  },
  'financing.activity.certificate': {
    'zh-CN': '资方登记证件：{kind}（{state}）',
    'en-US': 'Certificate recorded by the financier: {kind} ({state})',
  },
});

defineTitles('financingCarUse', CAR_USE_TITLES);
defineTitles('financingRentOrSaleState', RENT_OR_SALE_STATE_TITLES);
defineTitles('financingCertificateKind', CERTIFICATE_KIND_TITLES);
defineTitles('financingCertificateState', CERTIFICATE_STATE_TITLES);
defineTitles('financingBookedState', BOOKED_CAR_STATE_TITLES);
