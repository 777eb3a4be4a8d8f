import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/driverPortal.json';
import zh from '../../locales/zh-CN/driverPortal.json';

registerNamespace('driverPortal', { 'zh-CN': zh, 'en-US': en });
