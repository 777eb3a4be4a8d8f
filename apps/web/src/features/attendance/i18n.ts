import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/attendance.json';
import zh from '../../locales/zh-CN/attendance.json';

registerNamespace('attendance', { 'zh-CN': zh, 'en-US': en });
