import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/oa-log.json';
import zh from '../../locales/zh-CN/oa-log.json';

registerNamespace('oa-log', { 'zh-CN': zh, 'en-US': en });
