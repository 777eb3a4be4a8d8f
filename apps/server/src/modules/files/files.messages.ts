import { defineMessages } from '../../core/i18n.js';

defineMessages({
  'files.typeRefused': {
    'zh-CN': '不支持该文件类型：{type}',
    'en-US': 'This kind of file is not accepted here: {type}',
  },
  'files.textInvalid': {
    'zh-CN': '文本文件须为 UTF-8 编码，且不能包含控制字符',
    'en-US': 'A text file must be UTF-8 without control characters',
  },
  'files.fileNotFound': {
    'zh-CN': '文件不存在，请重新上传',
    'en-US': 'The file was not found; upload it again',
  },
  'files.notFound': { 'zh-CN': '文件不存在', 'en-US': 'No such file' },
  'files.notOwner': { 'zh-CN': '只能删除自己上传的文件', 'en-US': 'You can only delete files you uploaded' },
  'files.linkExpired': { 'zh-CN': '文件链接已失效', 'en-US': 'This file link has expired' },
  'files.hostRefused': { 'zh-CN': '不允许代理该地址', 'en-US': 'This address may not be proxied' },
  'files.empty': { 'zh-CN': '文件为空', 'en-US': 'The file is empty' },
  'error.multipartRequired': {
    'zh-CN': '请以 multipart/form-data 上传文件',
    'en-US': 'Upload the file as multipart/form-data',
  },
  'error.multipartInvalid': { 'zh-CN': '上传内容无法解析', 'en-US': 'The upload could not be read' },
  'error.encodingUnsupported': { 'zh-CN': '不支持的内容编码', 'en-US': 'Unsupported content encoding' },
  'error.fileRequired': { 'zh-CN': '请选择文件', 'en-US': 'No file was sent' },
});
