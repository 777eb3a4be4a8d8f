import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/companySettings.json';
import zh from '../../locales/zh-CN/companySettings.json';

registerNamespace('companySettings', { 'zh-CN': zh, 'en-US': en });
