import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/auth.json';
import zh from '../../locales/zh-CN/auth.json';

registerNamespace('auth', { 'zh-CN': zh, 'en-US': en });
