import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/vehicle-detail.json';
import zh from '../../locales/zh-CN/vehicle-detail.json';

registerNamespace('vehicle-detail', { 'zh-CN': zh, 'en-US': en });
