import { defineMessages } from '../../core/i18n.js';

defineMessages({
  'import.unknownType': { 'zh-CN': '不支持的导入类型', 'en-US': 'Unknown import type' },
  'import.fileUnreadable': {
    'zh-CN': '无法读取文件，请上传 .xlsx 或 .csv',
    'en-US': 'The file cannot be read; upload .xlsx or .csv',
  },
  'import.empty': { 'zh-CN': '文件中没有数据行', 'en-US': 'The file has no data rows' },
  'import.tooManyRows': { 'zh-CN': '每个文件最多 {max} 行数据', 'en-US': 'At most {max} data rows per file' },
  'import.tooManyColumns': {
    'zh-CN': '单元格 {cell} 超出了最多 {max} 列，请删除多余的列',
    'en-US': 'Cell {cell} is past the last column read ({max}); remove the extra columns',
  },
  'import.cellTooLong': {
    'zh-CN': '单元格 {cell} 超过 {max} 个字符',
    'en-US': 'Cell {cell} has more than {max} characters',
  },
  'import.sheetTooLarge': {
    'zh-CN': '文件解压后过大，无法读取；请只保留要导入的数据，或拆分为多个文件',
    'en-US': 'The file is too large once unpacked; keep only the data to import, or split it into several files',
  },
  'import.readTimeout': {
    'zh-CN': '文件读取超时；请只保留要导入的数据，或拆分为多个文件',
    'en-US': 'Reading the file took too long; keep only the data to import, or split it into several files',
  },
  'import.missingColumns': {
    'zh-CN': '缺少必填列：{columns}，请使用导入模板',
    'en-US': 'Required columns are missing: {columns}; use the import template',
  },
  'import.missingColumn': { 'zh-CN': '缺少该列', 'en-US': 'This column is missing' },
  'import.required': { 'zh-CN': '必填', 'en-US': 'Required' },
  'import.tooLong': { 'zh-CN': '最多 {max} 个字符', 'en-US': 'At most {max} characters' },
  'import.notNumber': { 'zh-CN': '不是数字', 'en-US': 'Not a number' },
  'import.notInteger': { 'zh-CN': '应为整数', 'en-US': 'A whole number is expected' },
  'import.tooManyDecimals': { 'zh-CN': '最多 {decimals} 位小数', 'en-US': 'At most {decimals} decimals' },
  'import.outOfRange': { 'zh-CN': '应在 {min} 到 {max} 之间', 'en-US': 'Expected between {min} and {max}' },
  'import.notDate': {
    'zh-CN': '日期格式不正确，请填写如 2024-03-05',
    'en-US': 'Not a date; write it like 2024-03-05',
  },
  'import.unknownValue': { 'zh-CN': '“{value}”不是可选值', 'en-US': '"{value}" is not one of the accepted values' },
  'import.duplicateInFile': {
    'zh-CN': '与第 {row} 行重复',
    'en-US': 'The same as row {row}',
  },
  'import.savedMeanwhile': {
    'zh-CN': '导入期间已有相同数据被保存',
    'en-US': 'The same record was saved by someone else during the import',
  },
  'import.title': { 'zh-CN': '导入{type}：{file}', 'en-US': 'Import of {type}: {file}' },
});
