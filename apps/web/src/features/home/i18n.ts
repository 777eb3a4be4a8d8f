import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/home.json';
import zh from '../../locales/zh-CN/home.json';

registerNamespace('home', { 'zh-CN': zh, 'en-US': en });
