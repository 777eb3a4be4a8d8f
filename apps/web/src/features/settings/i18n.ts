import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/settings.json';
import zh from '../../locales/zh-CN/settings.json';

registerNamespace('settings', { 'zh-CN': zh, 'en-US': en });
