import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Image from 'antd/es/image';
import Upload, { type UploadFile } from 'antd/es/upload';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_IMAGES_MAX } from '@fleetdesk/contracts/feedback';
import { UPLOAD_TYPES } from '@fleetdesk/contracts/files';
import { uploadFile } from '../../../lib/upload';

const RULE = UPLOAD_TYPES.feedback;
export const SCREENSHOT_MAX_MB = Math.round(RULE.maxBytes / 1024 / 1024);

/** An uploaded screenshot: the stable address is what is sent, the signed one what is shown. */
export interface Shot {
  url: string;
  signedUrl: string;
}

/**
 * The form's screenshots (Form.Item's value and onChange pass through): each image is uploaded as type `feedback` when
 * chosen and shown as a thumbnail that opens large or is removed; at most `FEEDBACK_IMAGES_MAX`.
 */
export function ScreenshotsField({
  value = [],
  onChange,
  id,
}: {
  value?: Shot[];
  onChange?: (shots: Shot[]) => void;
  id?: string;
}) {
  const { t } = useTranslation('feedback');
  const { message } = App.useApp();
  const [pending, setPending] = useState<UploadFile[]>([]);
  const [preview, setPreview] = useState<string | null>(null);
  // Several uploads may end in any order: each adds to the screenshots kept by then.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  const list: UploadFile[] = [
    ...value.map((s, i) => ({
      uid: s.url,
      name: t('mine.screenshots', { n: i + 1 }),
      status: 'done' as const,
      url: s.signedUrl,
      thumbUrl: s.signedUrl,
    })),
    ...pending,
  ];
  const count = value.length + pending.length;
  return (
    <div id={id} className="fd-feedback-upload">
      <Upload
        multiple
        listType="picture-card"
        accept={RULE.mime.join(',')}
        fileList={list}
        beforeUpload={(file) => {
          if (!(RULE.mime as readonly string[]).includes(file.type)) {
            void message.error(t('form.badType', { name: file.name }));
            return Upload.LIST_IGNORE;
          }
          if (file.size > RULE.maxBytes) {
            void message.error(t('form.tooLarge', { name: file.name, max: SCREENSHOT_MAX_MB }));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file }) => {
          const f = file as File & { uid: string };
          if (latest.current.length + pending.length >= FEEDBACK_IMAGES_MAX) {
            void message.error(t('form.tooMany', { max: FEEDBACK_IMAGES_MAX }));
            return;
          }
          setPending((p) => [...p, { uid: f.uid, name: f.name, status: 'uploading' }]);
          uploadFile({ type: 'feedback', file: f })
            .then((done) => {
              latest.current = [...latest.current, { url: done.url, signedUrl: done.signedUrl }];
              onChange?.(latest.current);
            })
            // The request layer has told the user why.
            .catch(() => undefined)
            .finally(() => setPending((p) => p.filter((x) => x.uid !== f.uid)));
        }}
        onPreview={(file) => setPreview(file.url ?? null)}
        onRemove={(file) => {
          onChange?.(value.filter((s) => s.url !== file.uid));
          return true;
        }}
      >
        {count < FEEDBACK_IMAGES_MAX ? (
          <button type="button" className="fd-feedback-add" aria-label={t('form.addImage')}>
            <PlusOutlined />
            <span>{t('form.addImage')}</span>
          </button>
        ) : null}
      </Upload>
      <div className="fd-muted">{t('form.imagesHint', { max: FEEDBACK_IMAGES_MAX, size: SCREENSHOT_MAX_MB })}</div>
      {preview && (
        <Image
          classNames={{ root: 'fd-feedback-preview' }}
          src={preview}
          alt={t('form.preview')}
          preview={{ open: true, src: preview, onOpenChange: (open) => !open && setPreview(null) }}
        />
      )}
    </div>
  );
}
