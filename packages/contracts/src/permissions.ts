import type { LocalText } from './common.js';

/**
 * The permission catalogue: every menu a role can grant, with its titles, icon, screen path and elements
 * (button-level codes `menu:action`). The server syncs it into `sys_menus`/`sys_elements` at start; the web
 * builds its routes and navigation from the menus a user holds.
 */
export interface ElementDef {
  code: string;
  title: LocalText;
}
export interface MenuDef {
  code: string;
  parent?: string;
  path: string;
  title: LocalText;
  /** Name of an @ant-design/icons component. */
  icon: string;
  elements: ElementDef[];
}

export const ACTION_TITLES: Readonly<Record<string, LocalText>> = {
  view: { 'zh-CN': '查看', 'en-US': 'View' },
  add: { 'zh-CN': '新增', 'en-US': 'Add' },
  edit: { 'zh-CN': '编辑', 'en-US': 'Edit' },
  delete: { 'zh-CN': '删除', 'en-US': 'Delete' },
  export: { 'zh-CN': '导出', 'en-US': 'Export' },
  import: { 'zh-CN': '导入', 'en-US': 'Import' },
  transfer: { 'zh-CN': '调拨', 'en-US': 'Transfer' },
  blacklist: { 'zh-CN': '拉黑', 'en-US': 'Blacklist' },
  assign: { 'zh-CN': '分配', 'en-US': 'Assign' },
  sign: { 'zh-CN': '签约', 'en-US': 'Sign' },
  terminate: { 'zh-CN': '退租', 'en-US': 'Terminate' },
  collect: { 'zh-CN': '收款', 'en-US': 'Collect' },
  refund: { 'zh-CN': '退押金', 'en-US': 'Refund deposit' },
  waive: { 'zh-CN': '减免', 'en-US': 'Waive' },
  cancel: { 'zh-CN': '作废', 'en-US': 'Cancel' },
  dispatch: { 'zh-CN': '发车', 'en-US': 'Dispatch' },
  return: { 'zh-CN': '退车', 'en-US': 'Return' },
  settle: { 'zh-CN': '结算', 'en-US': 'Settle' },
  print: { 'zh-CN': '打印', 'en-US': 'Print' },
  apply: { 'zh-CN': '申请', 'en-US': 'Apply' },
  pay: { 'zh-CN': '还款', 'en-US': 'Repay' },
  audit: { 'zh-CN': '审核', 'en-US': 'Audit' },
  complete: { 'zh-CN': '完工', 'en-US': 'Complete' },
  command: { 'zh-CN': '下发指令', 'en-US': 'Send command' },
  fuelCut: { 'zh-CN': '断油断电', 'en-US': 'Cut and restore fuel' },
  forceFuelCut: {
    'zh-CN': '强制断油（不经审批、不限安全车速）',
    'en-US': 'Force a fuel cut (no approval, above the safe speed)',
  },
  alarm: { 'zh-CN': '处理报警', 'en-US': 'Handle alarms' },
  bind: { 'zh-CN': '设备绑定', 'en-US': 'Bind devices' },
  risk: { 'zh-CN': '风控处置', 'en-US': 'Act on risk cases' },
  receipt: { 'zh-CN': '设备交接', 'en-US': 'Hand over devices' },
  receive: { 'zh-CN': '接收设备', 'en-US': 'Receive devices' },
  identity: { 'zh-CN': '设备身份重置', 'en-US': 'Reset device identity' },
  send: { 'zh-CN': '发送', 'en-US': 'Send' },
  template: { 'zh-CN': '模板管理', 'en-US': 'Manage templates' },
  role: { 'zh-CN': '角色管理', 'en-US': 'Manage roles' },
  user: { 'zh-CN': '用户管理', 'en-US': 'Manage users' },
  query: { 'zh-CN': '违章查询', 'en-US': 'Query violations' },
  buy: { 'zh-CN': '购买与充值', 'en-US': 'Buy and top up' },
  withdraw: { 'zh-CN': '余额退款', 'en-US': 'Refund the balance' },
};

const CRUD = ['view', 'add', 'edit', 'delete', 'export'];

function menu(
  code: string,
  path: string,
  zh: string,
  en: string,
  icon: string,
  actions: string[],
  parent?: string,
): MenuDef {
  const elements = actions.map((action) => {
    const title = ACTION_TITLES[action];
    if (!title) throw new Error(`no title for action ${action}`);
    return { code: `${code}:${action}`, title };
  });
  return { code, path, title: { 'zh-CN': zh, 'en-US': en }, icon, elements, ...(parent ? { parent } : {}) };
}

export const MENUS: readonly MenuDef[] = [
  menu('rentCar', '/rentCar', '车辆管理', 'Vehicles', 'CarOutlined', [...CRUD, 'import', 'transfer', 'query']),
  menu('rentDriver', '/rentDriver', '司机管理', 'Drivers', 'IdcardOutlined', [...CRUD, 'import', 'blacklist']),
  menu('crm', '/crm', '客户管理', 'Customers', 'TeamOutlined', [...CRUD, 'import', 'assign', 'send']),
  menu('rentContract', '/rentContract', '合同管理', 'Contracts', 'FileTextOutlined', [
    ...CRUD,
    'import',
    'sign',
    'terminate',
    'collect',
    'refund',
    'waive',
    'cancel',
    'dispatch',
    'return',
    'settle',
    'print',
  ]),
  menu('finance', '/finance', '车辆融资', 'Financing', 'AccountBookOutlined', [...CRUD, 'apply', 'pay', 'audit']),
  menu('maintenance', '/maintenance', '维修保养', 'Maintenance', 'ToolOutlined', [...CRUD, 'complete', 'settle']),
  menu('riskGpsMap', '/riskGpsMap', '风控地图', 'GPS risk map', 'EnvironmentOutlined', [
    ...CRUD,
    'command',
    'fuelCut',
    'forceFuelCut',
    'alarm',
    'bind',
    'risk',
    'receipt',
    'receive',
    'identity',
  ]),
  menu('notarization', '/notarization', '在线公证', 'Notarization', 'SafetyCertificateOutlined', [
    'view',
    'add',
    'delete',
    'export',
    'apply',
  ]),
  menu(
    'sevenShort',
    '/sevenShort',
    '短租',
    'Short-term rental',
    'CalendarOutlined',
    [...CRUD, 'dispatch', 'return', 'settle', 'cancel'],
    'rentCar',
  ),
  menu('sevenGo', '/sevenTime', '分时租赁', 'Time-share rental', 'ClockCircleOutlined', CRUD),
  menu('sevenSetting', '/sevenSetting', '租赁管理设置', 'Rental management', 'ControlOutlined', ['view', 'edit']),
  menu('teams', '/teams', '车队运营', 'Fleet operations', 'ClusterOutlined', [...CRUD, 'import']),
  menu('oa', '/oa', '办公管理', 'Office', 'ApartmentOutlined', ['view']),
  menu('oaDepart', '/oa/depart', '通讯录', 'Address book', 'ContactsOutlined', [...CRUD, 'import'], 'oa'),
  menu('oaCompany', '/oa/companySetting', '子公司管理', 'Subsidiaries', 'BankOutlined', CRUD.slice(0, 4), 'oa'),
  menu('oaLabel', '/oa/labelManagement', '标签管理', 'Labels', 'TagsOutlined', CRUD.slice(0, 4), 'oa'),
  menu(
    'oaAttendanceRule',
    '/oa/attendance',
    '考勤设置',
    'Attendance rules',
    'ScheduleOutlined',
    ['view', 'edit'],
    'oa',
  ),
  menu('oaApprovalFlow', '/oa/approval', '审批设置', 'Approval flows', 'BranchesOutlined', CRUD.slice(0, 4), 'oa'),
  menu(
    'oaMessage',
    '/oa/message',
    '短信通知',
    'SMS notices',
    'MessageOutlined',
    ['view', 'send', 'template', 'export'],
    'oa',
  ),
  menu('oaCostCenter', '/oa/costCenter', '成本中心', 'Cost centres', 'PieChartOutlined', CRUD, 'oa'),
  menu('oaApproval', '/oaApproval', '审批中心', 'Approvals', 'AuditOutlined', ['view', 'add', 'audit']),
  menu('oaAttendance', '/oaAttendance', '考勤记录', 'Attendance', 'CalendarOutlined', [
    'view',
    'edit',
    'export',
    'import',
  ]),
  menu('oaLog', '/oaLog', '操作日志', 'Operation log', 'HistoryOutlined', ['view', 'export']),
  menu('oaSetting', '/oaSetting', '公司设置', 'Company settings', 'SettingOutlined', ['view', 'edit', 'role', 'user']),
  menu('billing', '/billing', '费用中心', 'Billing', 'WalletOutlined', ['view', 'buy', 'export', 'withdraw']),
];

export const MENU_CODES: readonly string[] = MENUS.map((m) => m.code);
export const ELEMENT_CODES: readonly string[] = MENUS.flatMap((m) => m.elements.map((e) => e.code));

const MENU_BY_CODE = new Map(MENUS.map((m) => [m.code, m]));
export function findMenu(code: string): MenuDef | undefined {
  return MENU_BY_CODE.get(code);
}

/** The menu an element belongs to: `rentCar:add` -> `rentCar`. */
export function menuOfElement(element: string): string {
  const i = element.indexOf(':');
  return i < 0 ? element : element.slice(0, i);
}

/** Whether `code` is in the catalogue (a menu or an element). */
export function isCatalogueCode(code: string): boolean {
  return MENU_BY_CODE.has(code) || ELEMENT_CODES.includes(code);
}

/** A permission code that the server checks, typed so that a typo fails to compile. */
export type PermissionCode = `${string}:${string}`;
