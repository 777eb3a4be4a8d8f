import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/agreements.json';
import zh from '../../locales/zh-CN/agreements.json';

registerNamespace('agreements', { 'zh-CN': zh, 'en-US': en });
