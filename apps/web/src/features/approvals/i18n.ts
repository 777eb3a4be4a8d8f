import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/approvals.json';
import zh from '../../locales/zh-CN/approvals.json';

registerNamespace('approvals', { 'zh-CN': zh, 'en-US': en });
