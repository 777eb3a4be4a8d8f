import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/teams.json';
import zh from '../../locales/zh-CN/teams.json';

registerNamespace('teams', { 'zh-CN': zh, 'en-US': en });
