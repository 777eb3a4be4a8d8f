import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/drivers.json';
import zh from '../../locales/zh-CN/drivers.json';

registerNamespace('drivers', { 'zh-CN': zh, 'en-US': en });
