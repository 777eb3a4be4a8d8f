import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/annals.json';
import zh from '../../locales/zh-CN/annals.json';

registerNamespace('annals', { 'zh-CN': zh, 'en-US': en });
