import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/pay.json';
import zh from '../../locales/zh-CN/pay.json';

registerNamespace('pay', { 'zh-CN': zh, 'en-US': en });
