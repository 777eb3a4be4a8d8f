import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/handover.json';
import zh from '../../locales/zh-CN/handover.json';

registerNamespace('handover', { 'zh-CN': zh, 'en-US': en });
