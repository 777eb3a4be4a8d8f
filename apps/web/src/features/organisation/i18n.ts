import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/organisation.json';
import zh from '../../locales/zh-CN/organisation.json';

registerNamespace('organisation', { 'zh-CN': zh, 'en-US': en });
