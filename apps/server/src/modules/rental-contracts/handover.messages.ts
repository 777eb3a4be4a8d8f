import { defineMessages } from '../../core/i18n.js';

defineMessages({
  'handover.notSigned': {
    'zh-CN': '只有已签约的合同才能发车、退车或结算',
    'en-US': 'Only a signed contract can be dispatched, returned or settled',
  },
  'handover.alreadyDispatched': { 'zh-CN': '该合同已发车', 'en-US': 'The car of this contract is already dispatched' },
  'handover.notDispatched': {
    'zh-CN': '该合同尚未发车，不能退车',
    'en-US': 'The car of this contract has not been dispatched: it cannot be returned',
  },
  'handover.alreadyReturned': { 'zh-CN': '该合同已退车', 'en-US': 'The car of this contract is already returned' },
  'handover.notReturned': {
    'zh-CN': '退车验车完成后才能结算',
    'en-US': 'The settlement comes after the return inspection',
  },
  'handover.future': { 'zh-CN': '验车时间不能晚于现在', 'en-US': 'The inspection time cannot be in the future' },
  'handover.beforeDispatch': {
    'zh-CN': '退车时间须晚于发车时间（{at}）',
    'en-US': 'The return must be after the dispatch ({at})',
  },
  'handover.mileageBelow': {
    'zh-CN': '里程不能低于车辆上次记录的 {last} 公里',
    'en-US': "The mileage cannot be below the car's last reading of {last} km",
  },
  'handover.inspectorNotFound': {
    'zh-CN': '验车人须为本公司在职员工',
    'en-US': 'The inspector must be an active employee of the company',
  },
  'handover.periodOverlap': {
    'zh-CN': '该车在 {at} 之后已有用车记录，用车时段不能重叠',
    'en-US': 'The car already has a usage period after {at}: usage periods cannot overlap',
  },
  'handover.settlementPending': {
    'zh-CN': '结算单正在审批中，不能修改',
    'en-US': 'The settlement is awaiting approval and cannot be changed',
  },
  'handover.settlementLocked': {
    'zh-CN': '结算单已审批通过并锁定',
    'en-US': 'The settlement is approved and locked',
  },
  'handover.settlementMissing': {
    'zh-CN': '请先保存结算单',
    'en-US': 'Save the settlement first',
  },
  'handover.settlementChanged': {
    'zh-CN': '结算单已不在审批中，不能处理此审批结果',
    'en-US': 'The settlement is no longer awaiting approval: this outcome cannot be applied',
  },
  'handover.documentUnavailable': {
    'zh-CN': '该单据尚未生成（相应的验车或结算还未完成）',
    'en-US': 'This document does not exist yet (its inspection or settlement is not done)',
  },
  'handover.receiptUnavailable': {
    'zh-CN': '该款项尚未收款，不能开具收据',
    'en-US': 'Nothing has been collected on this line: there is no receipt yet',
  },
  'handover.nothingToPay': {
    'zh-CN': '该合同没有待支付的结算款（结算单须已审批且有退款或结算费）',
    'en-US': 'There is no settlement line to pay (the settlement must be approved, with a refund or a fee)',
  },
});
