import { defineActionTitles } from '../../core/audit.js';
import { defineMessages, hasMessage } from '../../core/i18n.js';

// The contracts' own `v.*` messages of this area are in the validation registry; these are the services'.
const messages = {
  'organisation.departmentNotFound': { 'zh-CN': '部门不存在', 'en-US': 'No such department' },
  'organisation.departmentNameTaken': {
    'zh-CN': '同一上级部门下已有“{name}”',
    'en-US': 'The parent department has a department "{name}" already',
  },
  'organisation.departmentCycle': {
    'zh-CN': '不能把部门移到它自己或它的下级部门之下',
    'en-US': 'A department cannot be moved under itself or one of its own sub-departments',
  },
  'organisation.departmentHasChildren': {
    'zh-CN': '该部门下还有 {count} 个下级部门，请先删除或移走它们',
    'en-US': 'The department has {count} sub-departments; delete or move them first',
  },
  'organisation.departmentHasEmployees': {
    'zh-CN': '该部门下还有 {count} 名员工，请先调整他们的部门',
    'en-US': 'The department has {count} employees; move them to another department first',
  },
  'organisation.employeeNotFound': { 'zh-CN': '员工不存在', 'en-US': 'No such employee' },
  'organisation.usernameTaken': { 'zh-CN': '用户名已被使用', 'en-US': 'This username is taken' },
  'organisation.phoneTaken': { 'zh-CN': '手机号已被其他账号使用', 'en-US': 'Another account has this phone number' },
  'organisation.roleNotFound': { 'zh-CN': '角色不存在', 'en-US': 'No such role' },
  'organisation.rentNotFound': { 'zh-CN': '公司不存在', 'en-US': 'No such company (rent)' },
  'organisation.labelNotFound': { 'zh-CN': '标签不存在', 'en-US': 'No such label' },
  'organisation.labelKindEmployee': {
    'zh-CN': '只能使用员工标签',
    'en-US': 'Only employee labels can be put on employees',
  },
  'organisation.notYourself': {
    'zh-CN': '不能停用自己或将自己设为离职',
    'en-US': 'You cannot disable yourself or mark yourself as left',
  },
  'organisation.lastAdministrator': {
    'zh-CN': '{name} 是本公司最后一位在职的管理员，不能停用、离职或取消其管理员角色；请先给另一位员工管理员角色',
    'en-US':
      '{name} is the last active administrator of the company: they cannot be disabled, leave or lose the administrator role; give another employee that role first',
  },
  'organisation.employeeLeft': {
    'zh-CN': '已离职的员工不能再启用或修改，如需要请新建账号',
    'en-US': 'An employee who left cannot be re-activated or changed; create a new account instead',
  },
  'organisation.employeeNotActive': {
    'zh-CN': '员工已停用或离职，不能发送邀请',
    'en-US': 'The employee is disabled or has left; no invitation can be sent',
  },
  'organisation.employeeBeyondOwn': {
    'zh-CN': '该员工拥有您没有的权限或数据范围，您不能修改、停用、重置或邀请他',
    'en-US':
      'This employee holds permissions or a data scope you do not hold: you cannot change, disable, reset or invite them',
  },
  'organisation.ownRoles': {
    'zh-CN': '不能修改自己的角色，请由其他管理员操作',
    'en-US': 'You cannot change your own roles; ask another administrator',
  },
  'organisation.inviteSignedIn': {
    'zh-CN': '该员工已登录过，不能再发送邀请；忘记密码可在登录页自行找回',
    'en-US':
      'This employee has signed in before: no invitation can be sent; a forgotten password is reset on the login page',
  },
  'organisation.phoneCodeRequired': {
    'zh-CN': '该账号已启用，更换手机号须填写发送到新手机号的验证码',
    'en-US': 'This account is in use: changing its phone needs the code sent to the new phone',
  },
  'organisation.phoneCodeWrong': {
    'zh-CN': '新手机号的验证码错误或已过期',
    'en-US': 'The code of the new phone is wrong or has expired',
  },
  'organisation.phoneUnchanged': {
    'zh-CN': '新手机号与当前手机号相同',
    'en-US': 'The new phone is the current one',
  },
  'organisation.rentDisabled': {
    'zh-CN': '公司“{name}”已停用，不能新增记录',
    'en-US': 'Company "{name}" is disabled; no new records can be created in it',
  },
  'organisation.labelTaken': {
    'zh-CN': '已有同类标签“{name}”',
    'en-US': 'A label "{name}" of this kind exists already',
  },
  'organisation.labelInUse': {
    'zh-CN': '标签已用于 {count} 条记录；如仍要删除，将从这些记录上一并移除',
    'en-US': 'The label is on {count} records; deleting it anyway removes it from them',
  },
  'organisation.import.usernameExists': { 'zh-CN': '用户名已被使用', 'en-US': 'This username is taken' },
  'organisation.import.phoneExists': { 'zh-CN': '手机号已被其他账号使用', 'en-US': 'Another account has this phone' },
  'organisation.import.noRent': {
    'zh-CN': '请填写可操作的公司（名称或简称）',
    'en-US': 'Name the companies (name or short name) the employee may act in',
  },
  'organisation.import.noRole': { 'zh-CN': '请填写角色', 'en-US': 'Name at least one role' },
};

defineMessages(Object.fromEntries(Object.entries(messages).filter(([key]) => !hasMessage(key))));

// The import's operation-log entries, written by the import itself.
defineActionTitles({
  'employee.import': { 'zh-CN': '通讯录 · 导入员工', 'en-US': 'Address book · Employees imported' },
});
