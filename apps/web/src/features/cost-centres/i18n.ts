import { registerNamespace } from '../../lib/i18n';
import en from '../../locales/en-US/cost-centres.json';
import zh from '../../locales/zh-CN/cost-centres.json';

registerNamespace('costCentres', { 'zh-CN': zh, 'en-US': en });
