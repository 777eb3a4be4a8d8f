import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/financing.json';
import zh from '../../locales/zh-CN/financing.json';

registerNamespace('financing', { 'zh-CN': zh, 'en-US': en });
