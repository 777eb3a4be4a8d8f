import { CAR_STATUS_TITLES } from '@fleetdesk/contracts/vehicles';
import { defineMessages, defineTitles } from '../../core/i18n.js';
// The enum titles the timeline names (`maintenanceOrderKind`, `maintenancePayer`...) are the area's, defined there.
import './maintenance.messages.js';

// Where the car went back at pick-up, in the reader's language.
defineTitles('maintenanceCarStatus', CAR_STATUS_TITLES);

/** The work orders' errors and timeline texts (texts stored as keys: `maintenance_order_events.text_key`). */
defineMessages({
  // errors
  'maintenance.order.notFound': { 'zh-CN': '维修工单不存在', 'en-US': 'The work order does not exist' },
  'maintenance.order.state': {
    'zh-CN': '工单当前为「{state}」，不能{action}',
    'en-US': 'The work order is "{state}": it cannot be {action}',
  },
  'maintenance.order.changed': {
    'zh-CN': '工单已被他人修改，请刷新后重试',
    'en-US': 'Someone changed the work order meanwhile: reload it and try again',
  },
  'maintenance.order.carNotFound': { 'zh-CN': '车辆不存在', 'en-US': 'The car does not exist' },
  'maintenance.order.carFinal': {
    'zh-CN': '车辆已出售或报废，不能报修',
    'en-US': 'The car is sold or scrapped: it takes no work order',
  },
  'maintenance.order.carInWorkshop': {
    'zh-CN': '该车已在维修中（工单 {number}），请先完成或取消该工单',
    'en-US': 'The car is already in a workshop (work order {number}): finish or cancel that one first',
  },
  'maintenance.order.driverNotFound': { 'zh-CN': '司机不存在', 'en-US': 'The driver does not exist' },
  'maintenance.order.workshopNotFound': {
    'zh-CN': '修理厂不存在或已停用',
    'en-US': 'The workshop does not exist or is disabled',
  },
  'maintenance.order.workshopRequired': {
    'zh-CN': '进厂须指定修理厂',
    'en-US': 'Name the workshop the car goes into',
  },
  'maintenance.order.accidentNotFound': {
    'zh-CN': '事故记录不存在或不是该车的事故',
    'en-US': 'The accident does not exist or is not of this car',
  },
  'maintenance.order.accidentRequired': {
    'zh-CN': '保险承担须关联该车的事故记录',
    'en-US': "An insurer's share needs the car's accident record on the work order",
  },
  'maintenance.order.deviceNotOnCar': {
    'zh-CN': '该 GPS 设备未绑定在此车上',
    'en-US': 'The GPS device is not bound to this car',
  },
  'maintenance.order.mileageOut': {
    'zh-CN': '出厂里程（{out} km）不能小于进厂里程（{in} km）',
    'en-US': 'The mileage out ({out} km) is below the mileage in ({in} km)',
  },
  'maintenance.order.endBeforeStart': {
    'zh-CN': '完工时间不能早于进厂时间',
    'en-US': 'The end is before the car went in',
  },
  'maintenance.order.shares': {
    'zh-CN': '司机承担与保险承担之和不能超过维修总额 {total} 元',
    'en-US': "The driver's and the insurer's shares together exceed the total of {total} yuan",
  },
  'maintenance.order.noLiveContract': {
    'zh-CN': '工单没有生效中的租赁合同，司机承担的费用无法记入账单；请改为公司承担或先关联合同',
    'en-US': "The work order has no live rental contract: the driver's share cannot become a bill line",
  },
  'maintenance.order.action.update': { 'zh-CN': '修改', 'en-US': 'changed' },
  'maintenance.order.action.submit': { 'zh-CN': '提交', 'en-US': 'submitted' },
  'maintenance.order.action.enter': { 'zh-CN': '进厂', 'en-US': 'sent into the workshop' },
  'maintenance.order.action.lines': { 'zh-CN': '修改配件工时', 'en-US': 'given new lines' },
  'maintenance.order.action.complete': { 'zh-CN': '完工', 'en-US': 'completed' },
  'maintenance.order.action.settle': { 'zh-CN': '结算', 'en-US': 'settled' },
  'maintenance.order.action.pickUp': { 'zh-CN': '提车', 'en-US': 'picked up' },
  'maintenance.order.action.cancel': { 'zh-CN': '取消', 'en-US': 'cancelled' },

  // the timeline
  'maintenance.orderEvent.created': {
    'zh-CN': '报修：{kind}，预估 {amount}',
    'en-US': 'Reported: {kind}, estimate {amount}',
  },
  'maintenance.orderEvent.createdGps': {
    'zh-CN': 'GPS 工单：{kind}（{contact}）',
    'en-US': 'GPS work order: {kind} ({contact})',
  },
  'maintenance.orderEvent.updated': { 'zh-CN': '修改工单', 'en-US': 'Work order changed' },
  'maintenance.orderEvent.submittedApproved': {
    'zh-CN': '提交：预估 {amount} 无需审批，已批准',
    'en-US': 'Submitted: an estimate of {amount} needs no approval; approved',
  },
  'maintenance.orderEvent.approvalAsked': {
    'zh-CN': '提交审批：预估 {amount} 超过 {limit}（审批单 {requestId}）',
    'en-US': 'Sent for approval: the estimate of {amount} is above {limit} (request {requestId})',
  },
  'maintenance.orderEvent.approved': { 'zh-CN': '审批通过', 'en-US': 'Approved' },
  'maintenance.orderEvent.rejected': {
    'zh-CN': '审批未通过：{reason}',
    'en-US': 'Not approved: {reason}',
  },
  'maintenance.orderEvent.withdrawn': { 'zh-CN': '审批已撤回', 'en-US': 'The approval request was withdrawn' },
  'maintenance.orderEvent.entered': {
    'zh-CN': '进厂：{workshop}，进厂里程 {km} km',
    'en-US': 'Into the workshop: {workshop}, mileage in {km} km',
  },
  'maintenance.orderEvent.linesChanged': {
    'zh-CN': '配件与工时：{count} 项，合计 {amount}',
    'en-US': 'Parts and labour: {count} lines, {amount} in all',
  },
  'maintenance.orderEvent.completed': {
    'zh-CN': '完工：出厂里程 {km} km，合计 {amount}',
    'en-US': 'Completed: mileage out {km} km, {amount} in all',
  },
  'maintenance.orderEvent.completedNote': {
    'zh-CN': '完工：出厂里程 {km} km，合计 {amount}。{note}',
    'en-US': 'Completed: mileage out {km} km, {amount} in all. {note}',
  },
  'maintenance.orderEvent.settled': {
    'zh-CN': '结算（{payer}）：公司 {companyAmount}，司机 {driverAmount}，保险 {insuranceAmount}',
    'en-US': 'Settled ({payer}): company {companyAmount}, driver {driverAmount}, insurer {insuranceAmount}',
  },
  'maintenance.orderEvent.driverLine': {
    'zh-CN': '司机承担 {amount} 已记入合同 {contractNo} 的账单',
    'en-US': "The driver's share of {amount} is a bill line of contract {contractNo}",
  },
  'maintenance.orderEvent.pickedUp': {
    'zh-CN': '提车：车辆恢复为「{status}」',
    'en-US': 'Picked up: the car is "{status}" again',
  },
  'maintenance.orderEvent.cancelled': { 'zh-CN': '取消：{reason}', 'en-US': 'Cancelled: {reason}' },

  // the approval request and the car's history
  'maintenance.order.approvalSummary': {
    'zh-CN': '维修工单 {number}（{plate}）预估 {amount}',
    'en-US': 'Work order {number} ({plate}), estimate {amount}',
  },
  'maintenance.order.carRemark': { 'zh-CN': '维修工单 {number}', 'en-US': 'Work order {number}' },
  'maintenance.order.lineRemark': {
    'zh-CN': '维修工单 {number} 司机承担',
    'en-US': "Work order {number}: the driver's share",
  },
});
