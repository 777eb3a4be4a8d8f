import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/inspection.json';
import zh from '../../locales/zh-CN/inspection.json';

registerNamespace('inspection', { 'zh-CN': zh, 'en-US': en });
