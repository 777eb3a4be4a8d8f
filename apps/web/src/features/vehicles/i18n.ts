import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/vehicles.json';
import zh from '../../locales/zh-CN/vehicles.json';

registerNamespace('vehicles', { 'zh-CN': zh, 'en-US': en });
