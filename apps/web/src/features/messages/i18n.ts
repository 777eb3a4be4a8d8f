import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/messages.json';
import zh from '../../locales/zh-CN/messages.json';

registerNamespace('messages', { 'zh-CN': zh, 'en-US': en });
