import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/violations.json';
import zh from '../../locales/zh-CN/violations.json';

registerNamespace('violations', { 'zh-CN': zh, 'en-US': en });
