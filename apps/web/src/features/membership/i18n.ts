import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/membership.json';
import zh from '../../locales/zh-CN/membership.json';

registerNamespace('membership', { 'zh-CN': zh, 'en-US': en });
