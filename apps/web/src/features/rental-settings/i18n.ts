import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/rental-settings.json';
import zh from '../../locales/zh-CN/rental-settings.json';

registerNamespace('rental-settings', { 'zh-CN': zh, 'en-US': en });
