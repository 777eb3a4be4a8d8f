import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Upload from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadFile } from '../../../lib/upload';

interface Props {
  /** The stored address (what the profile keeps). */
  value?: string | null;
  onChange?: (url: string | null) => void;
  /** The signed address of the stored image, to show it. */
  previewUrl: string | null;
  type: 'image' | 'license';
  alt: string;
  disabled?: boolean;
}

/** One image of the profile: shows it, uploads a new one (the form keeps its stable address) or removes it. */
export function ImageField({ value, onChange, previewUrl, type, alt, disabled }: Props) {
  const { t } = useTranslation('companySettings');
  const upload = useUploadFile();
  const [shown, setShown] = useState<string | null>(previewUrl);
  return (
    <Space align="start" className="fd-cs-image">
      {value && shown ? (
        <img src={shown} alt={alt} className="fd-cs-image-preview" />
      ) : (
        <div className="fd-cs-image-empty">{t('profile.noImage')}</div>
      )}
      {disabled ? null : (
        <Space orientation="vertical">
          <Upload
            accept="image/jpeg,image/png,image/webp"
            showUploadList={false}
            customRequest={({ file }) => {
              void upload
                .mutateAsync({ type, file: file as File })
                .then((done) => {
                  setShown(done.signedUrl);
                  onChange?.(done.url);
                })
                .catch(() => undefined);
            }}
          >
            <Button
              icon={<UploadOutlined />}
              loading={upload.isPending}
              aria-label={t('profile.upload', { what: alt })}
            >
              {t('profile.uploadShort')}
            </Button>
          </Upload>
          {value ? (
            <Button
              icon={<DeleteOutlined />}
              aria-label={t('profile.remove', { what: alt })}
              onClick={() => {
                setShown(null);
                onChange?.(null);
              }}
            >
              {t('profile.removeShort')}
            </Button>
          ) : null}
        </Space>
      )}
    </Space>
  );
}
