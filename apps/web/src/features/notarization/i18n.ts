import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/notarization.json';
import zh from '../../locales/zh-CN/notarization.json';

registerNamespace('notarization', { 'zh-CN': zh, 'en-US': en });
