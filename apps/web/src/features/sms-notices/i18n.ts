import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/sms-notices.json';
import zh from '../../locales/zh-CN/sms-notices.json';

registerNamespace('sms-notices', { 'zh-CN': zh, 'en-US': en });
