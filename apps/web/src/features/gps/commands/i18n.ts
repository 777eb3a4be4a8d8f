import { registerNamespace } from '../../../lib/i18n';
import en from '../../../locales/en-US/gps-commands.json';
import zh from '../../../locales/zh-CN/gps-commands.json';

registerNamespace('gps-commands', { 'zh-CN': zh, 'en-US': en });
