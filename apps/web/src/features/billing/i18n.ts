import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/billing.json';
import zh from '../../locales/zh-CN/billing.json';

registerNamespace('billing', { 'zh-CN': zh, 'en-US': en });
