import { defineMessages } from '../../core/i18n.js';

defineMessages({
  'ocr.failed': {
    'zh-CN': '未能识别行驶证，请上传清晰、完整的行驶证照片',
    'en-US': 'The vehicle licence could not be read; upload a sharp photo of the whole page',
  },
  'ocr.failedIdCard': {
    'zh-CN': '未能识别身份证，请上传清晰、完整的身份证照片',
    'en-US': 'The ID card could not be read; upload a sharp photo of the whole card',
  },
  'ocr.failedDrivingLicence': {
    'zh-CN': '未能识别驾驶证，请上传清晰、完整的驾驶证照片',
    'en-US': 'The driving licence could not be read; upload a sharp photo of the whole page',
  },
  'ocr.notImage': { 'zh-CN': '只能识别图片', 'en-US': 'Only images can be recognised' },
  'ocr.fileNotFound': { 'zh-CN': '图片不存在，请重新上传', 'en-US': 'The image was not found; upload it again' },
});
