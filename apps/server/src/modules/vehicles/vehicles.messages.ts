import { VEHICLE_VALIDATION_MESSAGES } from '@fleetdesk/contracts/vehicles';
import { defineMessages, hasMessage } from '../../core/i18n.js';

// The schemas' own `v.*` messages, for the field errors this area's services raise with those keys.
defineMessages(Object.fromEntries(Object.entries(VEHICLE_VALIDATION_MESSAGES).filter(([key]) => !hasMessage(key))));

defineMessages({
  'vehicles.carNotFound': { 'zh-CN': '车辆不存在', 'en-US': 'No such car' },
  'vehicles.plateTaken': {
    'zh-CN': '车牌号 {plate} 已被其他车辆使用',
    'en-US': 'Plate {plate} is already used by another car',
  },
  'vehicles.vinTaken': {
    'zh-CN': '车架号 {vin} 已被车辆 {plate} 使用',
    'en-US': 'VIN {vin} is already used by car {plate}',
  },
  'vehicles.noRent': {
    'zh-CN': '请先选择所属公司',
    'en-US': 'Choose the company (rent) the car belongs to first',
  },
  'vehicles.brandNotFound': { 'zh-CN': '品牌不存在', 'en-US': 'No such brand' },
  'vehicles.seriesNotFound': { 'zh-CN': '车系不存在或不属于该品牌', 'en-US': 'No such series for this brand' },
  'vehicles.modelNotFound': { 'zh-CN': '车型不存在或不属于该车系', 'en-US': 'No such model for this series' },
  'vehicles.carTypeNotFound': { 'zh-CN': '车辆类型不存在', 'en-US': 'No such car type' },
  'vehicles.ownerNotFound': { 'zh-CN': '车辆所有人不存在', 'en-US': 'No such owner' },
  'vehicles.rentNotFound': { 'zh-CN': '公司不存在', 'en-US': 'No such company (rent)' },
  'vehicles.transitionRefused': {
    'zh-CN': '车辆当前状态为“{status}”，不能执行“{action}”',
    'en-US': 'The car is "{status}"; "{action}" is not possible',
  },
  'vehicles.workshopRefused': {
    'zh-CN': '车辆当前状态为“{status}”，只有空闲或已出租的车辆可以进厂维修',
    'en-US': 'The car is "{status}"; only an idle or rented car can go into a workshop',
  },
  'vehicles.compulsoryExpired': {
    'zh-CN': '交强险已过期或未登记，不能出租',
    'en-US': 'The compulsory insurance has expired or is missing; the car cannot be rented out',
  },
  'vehicles.rentability.status': {
    'zh-CN': '车辆当前为“{status}”，不能签新合同',
    'en-US': 'The car is "{status}"; it cannot take a new contract',
  },
  'vehicles.rentability.compulsoryMissing': {
    'zh-CN': '未登记交强险，不能出租',
    'en-US': 'No compulsory insurance is registered; the car cannot be rented out',
  },
  'vehicles.rentability.compulsoryExpired': {
    'zh-CN': '交强险已于 {date} 到期，不能出租',
    'en-US': 'The compulsory insurance ended on {date}; the car cannot be rented out',
  },
  'vehicles.rentability.inspectionOverdue': {
    'zh-CN': '年检已于 {due} 逾期，不能出租',
    'en-US': 'The annual inspection was due on {due}; the car cannot be rented out',
  },
  'vehicles.inspectionOverdue': {
    'zh-CN': '年检已逾期，不能出租',
    'en-US': 'The annual inspection is overdue; the car cannot be rented out',
  },
  'vehicles.transferRented': {
    'zh-CN': '出租中的车辆不能调拨，请先还车',
    'en-US': 'A rented car cannot be transferred; return it first',
  },
  'vehicles.transferFinal': {
    'zh-CN': '已出售或报废的车辆不能调拨',
    'en-US': 'A sold or scrapped car cannot be transferred',
  },
  'vehicles.transferSameRent': {
    'zh-CN': '车辆已属于该公司',
    'en-US': 'The car already belongs to this company',
  },
  'vehicles.transferPending': {
    'zh-CN': '该车辆已有一个调拨审批在进行中（审批 #{id}），请等审批结束后再调拨',
    'en-US': 'A transfer of this car is waiting for approval (request #{id}); wait until it is decided',
  },
  'vehicles.transferRentDisabled': { 'zh-CN': '目标公司已停用', 'en-US': 'The target company is disabled' },
  'vehicles.deleteRented': {
    'zh-CN': '出租中的车辆不能删除，请先还车',
    'en-US': 'A rented car cannot be deleted; return it first',
  },
  'vehicles.notDeleted': { 'zh-CN': '车辆未被删除', 'en-US': 'The car is not deleted' },
  'vehicles.restorePlateTaken': {
    'zh-CN': '车牌号 {plate} 已被其他车辆使用，不能恢复',
    'en-US': 'Plate {plate} is used by another car now; the car cannot be restored',
  },
  'vehicles.imageNotFound': { 'zh-CN': '图片不存在', 'en-US': 'No such image' },
  'vehicles.carTypeTaken': { 'zh-CN': '车辆类型“{name}”已存在', 'en-US': 'Car type "{name}" exists already' },
  'vehicles.carTypeInUse': {
    'zh-CN': '有 {count} 辆车属于该类型，不能删除',
    'en-US': '{count} cars are of this type; it cannot be deleted',
  },
  'vehicles.ownerTaken': {
    'zh-CN': '证件号码 {idNumber} 已登记为车辆所有人“{name}”',
    'en-US': 'ID number {idNumber} is registered already, as owner "{name}"',
  },
  'vehicles.ownerInUse': {
    'zh-CN': '该所有人名下有 {count} 辆车，不能删除',
    'en-US': '{count} cars belong to this owner; it cannot be deleted',
  },
  'vehicles.modelTaken': { 'zh-CN': '该车系下已有同名车型', 'en-US': 'This series has a model of that name already' },
  'vehicles.modelNotCustom': {
    'zh-CN': '只能删除本公司添加的车型',
    'en-US': 'Only the models your company added can be deleted',
  },
  'vehicles.modelInUse': {
    'zh-CN': '有 {count} 辆车使用该车型，不能删除',
    'en-US': '{count} cars use this model; it cannot be deleted',
  },
  'vehicles.brandNameTaken': { 'zh-CN': '品牌“{name}”已存在', 'en-US': 'Brand "{name}" exists already' },
  'vehicles.seriesNameTaken': {
    'zh-CN': '该品牌下已有车系“{name}”',
    'en-US': 'This brand has a series "{name}" already',
  },
  'vehicles.import.plateExists': { 'zh-CN': '车牌号已存在', 'en-US': 'A car with this plate exists already' },
  'vehicles.import.vinExists': {
    'zh-CN': '车架号与已有车辆重复，仍会导入，请核对',
    'en-US': 'Another car has this VIN; the row imports, but check it',
  },
  'vehicles.import.future': { 'zh-CN': '日期不能晚于今天', 'en-US': 'The date is in the future' },
  'vehicles.rangeTooLong': {
    'zh-CN': '统计区间最长 366 天',
    'en-US': 'The period is at most 366 days',
  },
});
