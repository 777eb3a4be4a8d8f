import { TEAM_PERFORMANCE_VALIDATION_MESSAGES } from '@fleetdesk/contracts/team-performance';
import { TEAM_KIND_TITLES, TEAM_VALIDATION_MESSAGES } from '@fleetdesk/contracts/teams';
import { defineMessages, defineTitles, hasMessage } from '../../core/i18n.js';

// The schemas' own `v.*` messages, for the field errors this area's services raise with those keys.
defineMessages(
  Object.fromEntries(
    Object.entries({ ...TEAM_VALIDATION_MESSAGES, ...TEAM_PERFORMANCE_VALIDATION_MESSAGES }).filter(
      ([key]) => !hasMessage(key),
    ),
  ),
);

defineTitles('teamKind', TEAM_KIND_TITLES);

/** Fleet teams (issue 34, docs/teams.md). */
defineMessages({
  'teams.notFound': { 'zh-CN': '车队或小组不存在', 'en-US': 'No such fleet or team' },
  'teams.platformNotSet': {
    'zh-CN': '该平台未配置账号或已停用，请先在“平台接口”中配置',
    'en-US': 'This platform has no enabled account: set it up under Platform API first',
  },
  'teams.syncFuture': { 'zh-CN': '不能同步今天之后的日期', 'en-US': 'Days after today cannot be synced' },
  'teams.syncFailed': { 'zh-CN': '平台同步失败：{reason}', 'en-US': 'The platform sync failed: {reason}' },
  'teams.stale': {
    'zh-CN': '该车队已被他人修改，请刷新后重试',
    'en-US': 'Someone changed this fleet meanwhile: reload it and try again',
  },
  'teams.nameTaken': {
    'zh-CN': '同一上级下已有名为“{name}”的车队或小组',
    'en-US': 'There is a fleet or team named "{name}" at this place already',
  },
  'teams.parentNotFleet': {
    'zh-CN': '小组只能建在同一公司的车队下',
    'en-US': 'A team belongs under a fleet of the same company',
  },
  'teams.rentFixed': {
    'zh-CN': '车队所属公司不能修改',
    'en-US': "A fleet's company cannot change",
  },
  'teams.kindFixed': {
    'zh-CN': '车队不能改为小组，小组也不能改为车队',
    'en-US': 'A fleet stays a fleet and a team stays a team',
  },
  'teams.leaderFleet': {
    'zh-CN': '车队长只能在自己的车队下建小组，不能新建车队',
    'en-US': 'A fleet leader adds teams under his fleets, not new fleets',
  },
  'teams.leaderUserNotFound': {
    'zh-CN': '队长须为在职且可查看该公司的员工',
    'en-US': 'The leader must be an active employee who sees this company',
  },
  'teams.leaderDriverNotFound': {
    'zh-CN': '队长须为该公司在册的司机（未离职、未拉黑）',
    'en-US': 'The leader must be a driver of this company (not left, not blacklisted)',
  },
  'teams.hasChildren': {
    'zh-CN': '该车队下还有 {count} 个小组，请先删除或移走',
    'en-US': 'This fleet still has {count} teams: delete or move them first',
  },
  'teams.hasMembers': {
    'zh-CN': '还有 {count} 名司机在其中，请先移出',
    'en-US': '{count} drivers are still in it: remove them first',
  },
  'teams.hasCars': {
    'zh-CN': '还有 {count} 辆车归其运营，请先移出',
    'en-US': '{count} cars are still run by it: remove them first',
  },
  'teams.disabled': {
    'zh-CN': '“{name}”已停用，不能加入司机或车辆',
    'en-US': '"{name}" is disabled: no drivers or cars can join it',
  },
  'teams.driversNotFound': {
    'zh-CN': '以下司机不存在或不属于该公司：{ids}',
    'en-US': 'These drivers do not exist or are not of this company: {ids}',
  },
  'teams.driversNotEligible': {
    'zh-CN': '已离职或已拉黑的司机不能加入车队：{names}',
    'en-US': 'Drivers who left or are blacklisted cannot join a fleet: {names}',
  },
  'teams.carsNotFound': {
    'zh-CN': '以下车辆不存在或不属于该公司：{ids}',
    'en-US': 'These cars do not exist or are not of this company: {ids}',
  },
  'teams.carsNotEligible': {
    'zh-CN': '已售出或已报废的车辆不能加入车队：{plates}',
    'en-US': 'Sold or scrapped cars cannot join a fleet: {plates}',
  },
  // the driver_flow import (flow.import.ts)
  'teams.flowPlatform': {
    'zh-CN': '未知平台“{value}”，可选：{platforms}',
    'en-US': 'Unknown platform "{value}"; one of: {platforms}',
  },
  'teams.flowPlatformNeeded': {
    'zh-CN': '请填写平台，或在导入时选择平台',
    'en-US': 'Give the platform, or choose it for the import',
  },
  'teams.flowDriverNeeded': { 'zh-CN': '请填写司机手机号或身份证号', 'en-US': "Give the driver's phone or ID number" },
  'teams.flowDriverNotFound': {
    'zh-CN': '没有找到司机“{value}”（须为您可查看的司机）',
    'en-US': 'No driver "{value}" among the drivers you see',
  },
  'teams.flowNameDiffers': {
    'zh-CN': '姓名“{name}”与司机档案“{driver}”不符，按手机号/身份证号导入',
    'en-US': 'The name "{name}" differs from the record\'s "{driver}"; imported by phone or ID number',
  },
  'teams.flowFutureDay': { 'zh-CN': '日期 {day} 尚未到来', 'en-US': 'The date {day} is still to come' },
  'teams.flowOnlineTwice': {
    'zh-CN': '在线时长的小时数与分钟数不一致',
    'en-US': 'The online hours and minutes disagree',
  },
  'teams.flowEmpty': {
    'zh-CN': '在线时长、订单数和流水都为空',
    'en-US': 'Online time, orders and flow are all empty',
  },
  'teams.flowReplaces': {
    'zh-CN': '{day} 已有该平台的数据，将被覆盖',
    'en-US': "This platform's figures of {day} are stored already and will be replaced",
  },
  // commission and statements (commission.service.ts)
  'teams.statementNotFound': { 'zh-CN': '结算单不存在', 'en-US': 'No such statement' },
  'teams.statementLocked': {
    'zh-CN': '{month} 的结算单已提交审批或已批准，不能重新计算',
    'en-US': 'The statement of {month} is awaiting approval or approved: it cannot be computed again',
  },
  'teams.statementMonthOpen': {
    'zh-CN': '{month} 尚未结束，月结只能针对已结束的月份',
    'en-US': '{month} is not over yet: statements are for finished months',
  },
  'teams.noRule': {
    'zh-CN': '该车队没有启用的提成规则，请先设置规则',
    'en-US': 'This fleet has no enabled commission rule: set one first',
  },
  'teams.statementNotDraft': {
    'zh-CN': '只有待提交或已驳回的结算单可以提交审批',
    'en-US': 'Only a draft or rejected statement can be sent for approval',
  },
  'teams.statementSummary': {
    'zh-CN': '{team} {month} 月度结算：司机奖惩合计 {net} 元，队长提成 {leader} 元',
    'en-US': "{team} statement of {month}: drivers' net {net} yuan, leader's commission {leader} yuan",
  },
  'teams.statementLineRemark': {
    'zh-CN': '{team} {month} 车队奖惩',
    'en-US': '{team} fleet reward or penalty of {month}',
  },
  'teams.statementContractGone': {
    'zh-CN': '司机的合同已不在履约中，请重新计算结算单',
    'en-US': "A driver's contract is no longer live: compute the statement again",
  },
  'teams.leaderCostRemark': {
    'zh-CN': '{team} {month} 队长提成',
    'en-US': "{team} leader's commission of {month}",
  },
});
