import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/compliance.json';
import zh from '../../locales/zh-CN/compliance.json';

registerNamespace('compliance', { 'zh-CN': zh, 'en-US': en });
