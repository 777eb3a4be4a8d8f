import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import Upload from 'antd/es/upload';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/download';
import { useParseRecipients } from '../api/parse-recipients';
import type { DraftApi } from '../model/draft';
import { recipientTemplateCsv, recipientTemplateXlsx } from '../model/recipient-template';

/** Recipients of an .xlsx or .csv file, read by the server; a template to fill, built here. */
export function UploadPicker({ api }: { api: DraftApi }) {
  const { t } = useTranslation('sms-notices');
  const { message } = App.useApp();
  const parse = useParseRecipients();
  const headers = t('upload.headers', { returnObjects: true }) as string[];
  const upload = async (file: File) => {
    const list = await parse.mutateAsync(file).catch(() => null);
    if (!list) return;
    if (!list.recipients.length) {
      void message.warning(t('upload.empty', { file: file.name }));
      return;
    }
    api.add(list.recipients, { kind: 'upload', file: file.name });
    void message.success(t('recipients.added', { count: list.recipients.length }));
  };
  return (
    <div className="fd-sms-upload">
      <Spin spinning={parse.isPending}>
        <Upload.Dragger
          accept=".xlsx,.csv"
          multiple={false}
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('upload.drop')}</p>
          <p className="ant-upload-hint">{t('upload.hint', { headers: headers.join(' / ') })}</p>
        </Upload.Dragger>
      </Spin>
      <div className="fd-sms-templates-links">
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          onClick={() => saveBlob(recipientTemplateXlsx(headers), t('upload.fileXlsx'))}
        >
          {t('upload.templateXlsx')}
        </Button>
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          onClick={() => saveBlob(recipientTemplateCsv(headers), t('upload.fileCsv'))}
        >
          {t('upload.templateCsv')}
        </Button>
      </div>
    </div>
  );
}
