import { registerNamespace } from '../../../lib/i18n';
import en from '../../../locales/en-US/gps-receipts.json';
import zh from '../../../locales/zh-CN/gps-receipts.json';

registerNamespace('gps-receipts', { 'zh-CN': zh, 'en-US': en });
