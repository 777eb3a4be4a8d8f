import { registerNamespace } from '../../../lib/i18n';
import en from '../../../locales/en-US/gps-risk.json';
import zh from '../../../locales/zh-CN/gps-risk.json';

registerNamespace('gps-risk', { 'zh-CN': zh, 'en-US': en });
