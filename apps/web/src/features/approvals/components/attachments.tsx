import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Upload, { type UploadFile } from 'antd/es/upload';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_UPLOAD_TYPE, MAX_ATTACHMENTS, type RequestFile } from '@fleetdesk/contracts/approvals';
import { UPLOAD_TYPES } from '@fleetdesk/contracts/files';
import { useUploadFile } from '../../../lib/upload';

const RULE = UPLOAD_TYPES[ATTACHMENT_UPLOAD_TYPE];
const MAX_MB = Math.round(RULE.maxBytes / 1024 / 1024);

/** The attachments control of the request form: Form.Item's value (the files kept) and onChange pass through. */
export function AttachmentsField({
  value = [],
  onChange,
  id,
}: {
  value?: RequestFile[];
  onChange?: (files: RequestFile[]) => void;
  id?: string;
}) {
  const { t } = useTranslation('approvals');
  const { message } = App.useApp();
  const upload = useUploadFile();
  // Files being uploaded, shown with a progress state until their address is known.
  const [pending, setPending] = useState<UploadFile[]>([]);
  // Several uploads may end in any order: each adds to the files kept by then.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  const list: UploadFile[] = [
    ...value.map((f) => ({ uid: f.url, name: f.name, status: 'done' as const, url: f.signedUrl ?? undefined })),
    ...pending,
  ];
  const full = value.length + pending.length >= MAX_ATTACHMENTS;
  return (
    <div id={id} className="fd-approval-attachments">
      <Upload
        multiple
        accept={RULE.mime.join(',')}
        fileList={list}
        disabled={full}
        beforeUpload={(file) => {
          if (!(RULE.mime as readonly string[]).includes(file.type)) {
            void message.error(t('attachments.badType', { name: file.name }));
            return Upload.LIST_IGNORE;
          }
          if (file.size > RULE.maxBytes) {
            void message.error(t('attachments.tooLarge', { name: file.name, max: MAX_MB }));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file }) => {
          const f = file as File & { uid: string };
          if (value.length + pending.length >= MAX_ATTACHMENTS) {
            void message.error(t('attachments.tooMany', { max: MAX_ATTACHMENTS }));
            return;
          }
          setPending((p) => [...p, { uid: f.uid, name: f.name, status: 'uploading' }]);
          upload
            .mutateAsync({ type: ATTACHMENT_UPLOAD_TYPE, file: f })
            .then((done) => {
              latest.current = [
                ...latest.current,
                {
                  url: done.url,
                  signedUrl: done.signedUrl,
                  name: done.name,
                  contentType: done.contentType,
                  size: done.size,
                },
              ];
              onChange?.(latest.current);
            })
            // The request layer has told the user why.
            .catch(() => undefined)
            .finally(() => setPending((p) => p.filter((x) => x.uid !== f.uid)));
        }}
        onRemove={(file) => {
          onChange?.(value.filter((f) => f.url !== file.uid));
          return true;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={full}>
          {t('attachments.add')}
        </Button>
      </Upload>
      <div className="fd-muted">{t('attachments.hint', { max: MAX_ATTACHMENTS, size: MAX_MB })}</div>
    </div>
  );
}

/** The attachments of a request in its detail: download links. */
export function AttachmentList({ files }: { files: RequestFile[] }) {
  const { t } = useTranslation('approvals');
  if (!files.length) return null;
  return (
    <>
      <h3 className="fd-approval-h">{t('attachments.title')}</h3>
      <ul className="fd-approval-files" aria-label={t('attachments.title')}>
        {files.map((f) => (
          <li key={f.url}>
            <PaperClipOutlined />{' '}
            {f.signedUrl ? (
              <a href={f.signedUrl} download={f.name} target="_blank" rel="noreferrer">
                {f.name}
              </a>
            ) : (
              <span className="fd-muted">{t('attachments.missing', { name: f.name })}</span>
            )}
            {f.size !== null && <span className="fd-muted"> · {formatSize(f.size)}</span>}
          </li>
        ))}
      </ul>
    </>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
