import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/crm.json';
import zh from '../../locales/zh-CN/crm.json';

registerNamespace('crm', { 'zh-CN': zh, 'en-US': en });
