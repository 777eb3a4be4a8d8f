import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/contracts.json';
import zh from '../../locales/zh-CN/contracts.json';

registerNamespace('contracts', { 'zh-CN': zh, 'en-US': en });
