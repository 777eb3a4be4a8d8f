import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import Button from 'antd/es/button';
import Upload from 'antd/es/upload';
import type { UploadFile } from 'antd/es/upload/interface';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadFile, uploadFile } from '../../../lib/upload';

/** Scans and photos of papers: what the upload type `document` takes. */
export const DOCUMENT_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

/** The name to show for a stored file: what the upload answered, else the last part of its address. */
const nameOf = (url: string, names: Record<string, string>) =>
  names[url] ?? decodeURIComponent(url.split('/').pop() ?? url);

/**
 * One paper of an application (an ID card side, the business licence): an image or a PDF uploaded as a document;
 * the form keeps the file's stable address.
 */
export function FileInput({
  id,
  value,
  onChange,
  label,
}: {
  id?: string;
  value?: string | null;
  onChange?: (url: string | null) => void;
  label: string;
}) {
  const { t } = useTranslation('notarization');
  const upload = useUploadFile();
  const [names, setNames] = useState<Record<string, string>>({});
  return (
    <div className="fd-nz-file" id={id}>
      {value ? (
        <span className="fd-nz-file-name">
          <PaperClipOutlined /> {nameOf(value, names)}
        </span>
      ) : (
        <span className="fd-muted">{t('files.none')}</span>
      )}
      <Upload
        accept={DOCUMENT_ACCEPT}
        showUploadList={false}
        customRequest={({ file }) => {
          void upload
            .mutateAsync({ type: 'document', file: file as File })
            .then((done) => {
              setNames((n) => ({ ...n, [done.url]: done.name }));
              onChange?.(done.url);
            })
            .catch(() => undefined);
        }}
      >
        <Button
          size="small"
          icon={<UploadOutlined />}
          loading={upload.isPending}
          aria-label={t('files.upload', { what: label })}
        >
          {value ? t('files.replace') : t('files.choose')}
        </Button>
      </Upload>
      {value ? (
        <Button
          size="small"
          icon={<DeleteOutlined />}
          aria-label={t('files.remove', { what: label })}
          onClick={() => onChange?.(null)}
        />
      ) : null}
    </div>
  );
}

/** Several papers (the contract's attachments, a supplement): up to `max` files, each uploaded as a document. */
export function FilesInput({
  id,
  value = [],
  onChange,
  max,
  label,
}: {
  id?: string;
  value?: string[];
  onChange?: (urls: string[]) => void;
  max: number;
  label: string;
}) {
  const { t } = useTranslation('notarization');
  const [names, setNames] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(0);
  // What the form holds, with the uploads that came back since it last rendered.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const files: UploadFile[] = value.map((url, i) => ({ uid: `${i}:${url}`, name: nameOf(url, names), status: 'done' }));
  return (
    <Upload
      id={id}
      accept={DOCUMENT_ACCEPT}
      multiple
      fileList={files}
      onRemove={(file) => {
        onChange?.(value.filter((url, i) => `${i}:${url}` !== file.uid));
        return false;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        setBusy((n) => n + 1);
        uploadFile({ type: 'document', file: file as File })
          .then((res) => {
            setNames((n) => ({ ...n, [res.url]: res.name }));
            // Several files chosen at once come back one by one: each is added to what the form holds then.
            latest.current = [...latest.current, res.url].slice(0, max);
            onChange?.(latest.current);
            onSuccess?.(res);
          })
          .catch((err: Error) => onError?.(err))
          .finally(() => setBusy((n) => n - 1));
      }}
      showUploadList={{ showPreviewIcon: false, showDownloadIcon: false }}
    >
      {value.length < max ? (
        <Button icon={<UploadOutlined />} loading={busy > 0} aria-label={t('files.upload', { what: label })}>
          {t('files.add', { max })}
        </Button>
      ) : null}
    </Upload>
  );
}
