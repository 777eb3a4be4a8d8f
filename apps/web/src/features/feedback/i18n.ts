import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/feedback.json';
import zh from '../../locales/zh-CN/feedback.json';

registerNamespace('feedback', { 'zh-CN': zh, 'en-US': en });
