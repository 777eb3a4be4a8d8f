import { defineMessages, defineTitles } from '../../core/i18n.js';
import { approvalType } from './approvals.registry.js';

defineMessages({
  'approval.typeUnknown': { 'zh-CN': '没有这种审批类型', 'en-US': 'No such approval type' },
  'approval.typeNotManual': {
    'zh-CN': '这种审批须从业务单据发起',
    'en-US': 'This kind of approval is started from its business record',
  },
  'approval.noFlow': {
    'zh-CN': '“{type}”还没有启用的审批流程，请联系管理员设置',
    'en-US': 'There is no enabled approval flow for "{type}"; ask an administrator to set one up',
  },
  'approval.flowNotFound': { 'zh-CN': '审批流程不存在', 'en-US': 'No such approval flow' },
  'approval.flowTypeTaken': {
    'zh-CN': '“{type}”已有审批流程，请编辑它',
    'en-US': '"{type}" has a flow already; edit that one',
  },
  'approval.flowInUse': {
    'zh-CN': '已有 {count} 个申请使用过该流程，不能删除，可以停用',
    'en-US': '{count} requests have used this flow; it cannot be deleted, disable it instead',
  },
  'approval.departmentNotFound': { 'zh-CN': '部门不存在', 'en-US': 'No such department' },
  'approval.userNotFound': { 'zh-CN': '员工不存在或已停用', 'en-US': 'No such active employee' },
  'approval.roleNotFound': { 'zh-CN': '角色不存在', 'en-US': 'No such role' },
  'approval.noApprover': {
    'zh-CN': '步骤“{step}”找不到审批人，请联系管理员检查流程或部门负责人',
    'en-US': 'Step "{step}" has nobody to approve it; ask an administrator to check the flow or the department head',
  },
  'approval.needsOtherDecider': {
    'zh-CN': '“{type}”须由申请人以外的人审批，但流程中只有您自己；请在审批设置中指定第二审批人，或调整流程',
    'en-US':
      '"{type}" must be decided by someone other than the applicant, and its flow names only you; name a second approver in the approval settings, or change the flow',
  },
  'approval.secondApproverStep': { 'zh-CN': '第二审批人', 'en-US': 'Second approver' },
  'approval.requestNotFound': { 'zh-CN': '申请不存在', 'en-US': 'No such request' },
  'approval.notApplicant': {
    'zh-CN': '只有申请人可以这样做',
    'en-US': 'Only the applicant can do this',
  },
  'approval.notEditable': {
    'zh-CN': '只有草稿、被驳回或已撤回的申请可以修改和提交',
    'en-US': 'Only a draft, rejected or withdrawn request can be changed and submitted',
  },
  'approval.notDraft': { 'zh-CN': '只有草稿可以删除', 'en-US': 'Only a draft can be deleted' },
  'approval.notPending': { 'zh-CN': '该申请已不在审批中', 'en-US': 'The request is no longer waiting for approval' },
  'approval.notApprover': {
    'zh-CN': '您不是该申请当前步骤的审批人',
    'en-US': 'You are not an approver of the current step of this request',
  },
  'approval.alreadyDecided': { 'zh-CN': '您已审批过该步骤', 'en-US': 'You have decided this step already' },
  'approval.stepNotCurrent': {
    'zh-CN': '您审批的步骤已不是当前步骤（可能已处理过），请刷新后再看',
    'en-US':
      'The step you decided is no longer the current one (it may have been decided already); refresh and look again',
  },
  'approval.stepDecided': {
    'zh-CN': '该步骤已由其他审批人处理',
    'en-US': 'Another approver has decided this step already',
  },
  'approval.formRequired': { 'zh-CN': '请填写“{field}”', 'en-US': 'Fill in "{field}"' },
  'approval.formInvalid': { 'zh-CN': '“{field}”的值不正确', 'en-US': 'The value of "{field}" is not valid' },
  'approval.formTooLong': {
    'zh-CN': '“{field}”最多 {max} 个字',
    'en-US': '"{field}" takes at most {max} characters',
  },
  'approval.formTooLarge': { 'zh-CN': '“{field}”不能超过 {max}', 'en-US': '"{field}" cannot exceed {max}' },
  'approval.formUnknown': { 'zh-CN': '表单没有“{field}”这一项', 'en-US': 'The form has no field "{field}"' },
});

// The message to an approver (`engine.ts`), stored as keys and shown in the reader's language; `{type}` is the
// approval type through its registered name (`approvalType`). The summary and the step are the request's own words.
defineMessages({
  'approval.message.title': { 'zh-CN': '待审批：{type}', 'en-US': 'To approve: {type}' },
  'approval.message.content': {
    'zh-CN': '{applicant} 提交的「{summary}」等待您审批（{step}）。',
    'en-US': '"{summary}" from {applicant} waits for your approval ({step}).',
  },
});

defineTitles('approvalType', (code) => approvalType(code)?.name);
