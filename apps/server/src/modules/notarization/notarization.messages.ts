import {
  ESIGN_FLOW_STATE_TITLES,
  ESIGN_SIGNER_STATE_TITLES,
  NOTARIZATION_KIND_TITLES,
  NOTARIZATION_STATE_TITLES,
  NOTARIZATION_VALIDATION_MESSAGES,
} from '@fleetdesk/contracts/notarization';
import { defineMessages, defineTitles, hasMessage } from '../../core/i18n.js';

defineMessages(
  Object.fromEntries(Object.entries(NOTARIZATION_VALIDATION_MESSAGES).filter(([key]) => !hasMessage(key))),
);
defineTitles('esignFlowState', ESIGN_FLOW_STATE_TITLES);
defineTitles('esignSignerState', ESIGN_SIGNER_STATE_TITLES);
defineTitles('notarizationKind', NOTARIZATION_KIND_TITLES);
defineTitles('notarizationState', NOTARIZATION_STATE_TITLES);

/** E-signature and notarization (issue 35, docs/notarization.md). */
defineMessages({
  'esign.notFound': { 'zh-CN': '电子签署流程不存在', 'en-US': 'No such signing flow' },
  'esign.notPending': {
    'zh-CN': '只有待签约的合同才能发起电子签约',
    'en-US': 'Only a pending contract can be sent for signing',
  },
  'esign.flowOpen': {
    'zh-CN': '该合同正在电子签署中，请等待签署完成或先撤销签署',
    'en-US': 'This contract is out for e-signature: wait for it or cancel the signing first',
  },
  'esign.notInPlan': {
    'zh-CN': '当前套餐不含电子合同签署服务',
    'en-US': 'Your plan does not include e-signature',
  },
  'esign.notSigning': { 'zh-CN': '该签署流程已结束', 'en-US': 'This signing flow has ended' },
  'esign.notCompanyTurn': {
    'zh-CN': '承租人签署后才能企业盖章',
    'en-US': 'The company seals after the lessee has signed',
  },
  'esign.remindedRecently': {
    'zh-CN': '10 分钟内已催签过，请稍后再试',
    'en-US': 'A reminder went out less than 10 minutes ago',
  },
  'esign.noSignedFile': { 'zh-CN': '签署文件尚未归档', 'en-US': 'The signed file is not stored yet' },
  'esign.fileTampered': {
    'zh-CN': '签署文件的 SHA-256 与归档时不一致，文件可能已被篡改',
    'en-US': "The signed file's SHA-256 differs from the one recorded: it may have been altered",
  },
  'esign.notCompleted': { 'zh-CN': '签署尚未完成', 'en-US': 'The signing is not complete' },
  'esign.notYourTurn': {
    'zh-CN': '当前不能签署（尚未轮到您、已签署或流程已结束）',
    'en-US': 'You cannot sign now (not your turn yet, already signed, or the flow has ended)',
  },
  'esign.idTail': { 'zh-CN': '身份证号后六位不正确', 'en-US': 'The last six characters of the ID number do not match' },
  'esign.refuseReason': { 'zh-CN': '请填写拒签原因', 'en-US': 'Give the reason for refusing' },
  'esign.event.sent': { 'zh-CN': '扣费 {fee} 元', 'en-US': 'Fee {fee} yuan' },
  'notarization.notFound': { 'zh-CN': '公证申请不存在', 'en-US': 'No such notarization application' },
  'notarization.contractNotFound': { 'zh-CN': '合同不存在', 'en-US': 'No such contract' },
  'notarization.notSigned': {
    'zh-CN': '只有已签约的合同才能申请公证',
    'en-US': 'Only a signed contract can be notarized',
  },
  'notarization.shortTerm': { 'zh-CN': '短租合同不办理公证', 'en-US': 'Short-term contracts are not notarized' },
  'notarization.notDraft': {
    'zh-CN': '只有草稿状态的申请可以修改、删除或提交',
    'en-US': 'Only a draft can be changed, deleted or submitted',
  },
  'notarization.stale': {
    'zh-CN': '该申请已被他人修改，请刷新后重试',
    'en-US': 'Someone changed this application meanwhile: reload it and try again',
  },
  'notarization.idRequired': {
    'zh-CN': '提交前请上传承租人身份证正反面',
    'en-US': "Upload both sides of the lessee's ID card before submitting",
  },
  'notarization.noContractFile': {
    'zh-CN': '合同尚无归档的 PDF，请先在合同的单据中生成',
    'en-US': 'The contract has no stored PDF yet: make it under the contract’s documents first',
  },
  'notarization.fileMissing': {
    'zh-CN': '申请中的文件已不存在，请重新上传',
    'en-US': 'A file of the application is gone: upload it again',
  },
  'notarization.fileTampered': {
    'zh-CN': '文件的 SHA-256 与提交时不一致，文件可能已被篡改',
    'en-US': "The file's SHA-256 differs from the one recorded: it may have been altered",
  },
  'notarization.notAsked': {
    'zh-CN': '公证处未要求补充材料',
    'en-US': 'The notary has not asked for a supplement',
  },
  'notarization.decided': {
    'zh-CN': '公证处已作出决定，申请不能撤回',
    'en-US': 'The notary has decided: the application cannot be withdrawn',
  },
  'notarization.noCertificate': { 'zh-CN': '尚未出具公证书', 'en-US': 'No certificate yet' },
  'notarization.documentNotFound': { 'zh-CN': '文件不存在', 'en-US': 'No such file' },
  'notarization.sandboxState': {
    'zh-CN': '当前状态不能执行该操作',
    'en-US': 'This step is not possible in the current state',
  },
  'notarization.sandboxNote': { 'zh-CN': '请填写说明', 'en-US': 'Write the note' },
});
