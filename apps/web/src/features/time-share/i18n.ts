import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/time-share.json';
import zh from '../../locales/zh-CN/time-share.json';

registerNamespace('time-share', { 'zh-CN': zh, 'en-US': en });
