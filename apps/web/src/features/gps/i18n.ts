import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/gps.json';
import zh from '../../locales/zh-CN/gps.json';

registerNamespace('gps', { 'zh-CN': zh, 'en-US': en });
