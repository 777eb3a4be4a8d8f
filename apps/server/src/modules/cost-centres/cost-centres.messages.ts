import { defineMessages } from '../../core/i18n.js';

defineMessages({
  'costCentre.notFound': { 'zh-CN': '成本中心不存在', 'en-US': 'No such cost centre' },
  'costCentre.disabled': { 'zh-CN': '成本中心“{name}”已停用', 'en-US': 'The cost centre "{name}" is disabled' },
  'costCentre.codeTaken': { 'zh-CN': '编码“{code}”已被使用', 'en-US': 'The code "{code}" is taken' },
  'costCentre.cycle': {
    'zh-CN': '不能把成本中心移到它自己或它的下级之下',
    'en-US': 'A cost centre cannot be moved under itself or one of its own children',
  },
  'costCentre.hasChildren': {
    'zh-CN': '该成本中心下还有 {count} 个下级，请先删除或移走它们',
    'en-US': 'The cost centre has {count} children; delete or move them first',
  },
  'costCentre.inUse': {
    'zh-CN': '成本中心“{name}”已被保单、事故或违章选用，不能删除，可以停用',
    'en-US':
      'The cost centre "{name}" is chosen by a policy, an accident or a violation; it cannot be deleted, disable it instead',
  },
  'costCentre.hasPostings': {
    'zh-CN': '该成本中心已有 {count} 笔成本，不能删除，可以停用',
    'en-US': 'The cost centre has {count} postings; it cannot be deleted, disable it instead',
  },
});
