import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import Button from 'antd/es/button';
import Upload from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadFile } from '../../../lib/upload';

/**
 * One image of a financing record (an ID card side, an invoice, a policy, an endorsement): uploaded as a document
 * (the upload type the financing elements may use), the form keeping its stable address. Shows the picture once
 * uploaded (its signed address), else that one is stored.
 */
export function ImageInput({
  value,
  onChange,
  label,
  disabled,
}: {
  value?: string | null;
  onChange?: (url: string | null) => void;
  label: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('financing');
  const upload = useUploadFile();
  const [shown, setShown] = useState<string | null>(null);
  return (
    <div className="fd-fin-image">
      {value ? (
        shown ? (
          <img src={shown} alt={label} className="fd-fin-image-preview" />
        ) : (
          <span className="fd-fin-image-stored">{t('image.stored')}</span>
        )
      ) : (
        <span className="fd-fin-image-empty">{t('image.none')}</span>
      )}
      {!disabled && (
        <span className="fd-fin-image-tools">
          <Upload
            accept="image/jpeg,image/png,image/webp,application/pdf"
            showUploadList={false}
            customRequest={({ file }) => {
              void upload
                .mutateAsync({ type: 'document', file: file as File })
                .then((done) => {
                  setShown(done.signedUrl);
                  onChange?.(done.url);
                })
                .catch(() => undefined);
            }}
          >
            <Button
              size="small"
              icon={<UploadOutlined />}
              loading={upload.isPending}
              aria-label={t('image.upload', { what: label })}
            >
              {t('image.uploadShort')}
            </Button>
          </Upload>
          {value && (
            <Button
              size="small"
              icon={<DeleteOutlined />}
              aria-label={t('image.remove', { what: label })}
              onClick={() => {
                setShown(null);
                onChange?.(null);
              }}
            />
          )}
        </span>
      )}
    </div>
  );
}
