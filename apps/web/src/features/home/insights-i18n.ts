import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/dashboard.json';
import zh from '../../locales/zh-CN/dashboard.json';

// The trends' and the risk board's texts travel with their chunk, not with the home's first paint.
registerNamespace('dashboard', { 'zh-CN': zh, 'en-US': en });
