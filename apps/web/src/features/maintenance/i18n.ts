import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/maintenance.json';
import zh from '../../locales/zh-CN/maintenance.json';

registerNamespace('maintenance', { 'zh-CN': zh, 'en-US': en });
