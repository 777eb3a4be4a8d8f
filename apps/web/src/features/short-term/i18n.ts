import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/shortTerm.json';
import zh from '../../locales/zh-CN/shortTerm.json';

registerNamespace('shortTerm', { 'zh-CN': zh, 'en-US': en });
