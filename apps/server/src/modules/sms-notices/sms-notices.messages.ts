import { defineMessages } from '../../core/i18n.js';

defineMessages({
  'sms.invalidRecipients': {
    'zh-CN': '有 {count} 个收件人无法发送（号码无效或缺少变量），请修正后再发送',
    'en-US': '{count} recipients cannot be sent to (invalid number or missing variable); fix them and send again',
  },
  'sms.invalidPhone': { 'zh-CN': '手机号无效', 'en-US': 'Invalid mobile number' },
  'sms.missingValue': { 'zh-CN': '缺少模板变量的值', 'en-US': 'A template variable has no value' },
  'sms.noRecipients': { 'zh-CN': '没有可发送的收件人', 'en-US': 'No recipient to send to' },
  'sms.quotaExceeded': {
    'zh-CN': '超出今日短信额度：额度 {quota} 条，已用 {used} 条，本次 {count} 条',
    'en-US': "Today's SMS quota would be exceeded: quota {quota}, used {used}, this sending {count}",
  },
  'sms.templateDisabled': { 'zh-CN': '该模板已停用', 'en-US': 'This template is disabled' },
  'sms.templateInUse': {
    'zh-CN': '模板已被发送记录引用，只能停用',
    'en-US': 'The template has been sent; disable it instead',
  },
  'sms.unknownSource': { 'zh-CN': '未知的收件人来源', 'en-US': 'Unknown recipient source' },
  'sms.nothingToRetry': { 'zh-CN': '没有需要重发的失败短信', 'en-US': 'There is no failed message to send again' },
  'sms.batchRunning': { 'zh-CN': '发送尚未结束', 'en-US': 'The sending has not finished' },
  'sms.fileUnreadable': {
    'zh-CN': '无法读取文件，请上传 .xlsx 或 .csv',
    'en-US': 'The file cannot be read; upload .xlsx or .csv',
  },
  'sms.tooManyRows': { 'zh-CN': '文件最多 {max} 行', 'en-US': 'At most {max} rows per file' },
  'sms.tooManyColumns': {
    'zh-CN': '单元格 {cell} 超出了最多 {max} 列，请删除多余的列',
    'en-US': 'Cell {cell} is past the last column read ({max}); remove the extra columns',
  },
  'sms.cellTooLong': {
    'zh-CN': '单元格 {cell} 超过 {max} 个字符',
    'en-US': 'Cell {cell} has more than {max} characters',
  },
  'sms.sheetTooLarge': {
    'zh-CN': '文件解压后过大，无法读取；请只保留收件人数据，或拆分为多个文件',
    'en-US': 'The file is too large once unpacked; keep only the recipients, or split it into several files',
  },
  'sms.readTimeout': {
    'zh-CN': '文件读取超时；请只保留收件人数据，或拆分为多个文件',
    'en-US': 'Reading the file took too long; keep only the recipients, or split it into several files',
  },
});
