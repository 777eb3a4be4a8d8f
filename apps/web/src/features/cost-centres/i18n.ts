import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/costCentres.json';
import zh from '../../locales/zh-CN/costCentres.json';

registerNamespace('costCentres', { 'zh-CN': zh, 'en-US': en });
