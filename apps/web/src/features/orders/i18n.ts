import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/orders.json';
import zh from '../../locales/zh-CN/orders.json';

registerNamespace('orders', { 'zh-CN': zh, 'en-US': en });
