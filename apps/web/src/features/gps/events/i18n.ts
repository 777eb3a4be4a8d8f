import { registerNamespace } from '../../../lib/i18n';
import en from '../../../locales/en-US/gps-events.json';
import zh from '../../../locales/zh-CN/gps-events.json';

registerNamespace('gps-events', { 'zh-CN': zh, 'en-US': en });
