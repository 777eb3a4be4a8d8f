import UploadOutlined from '@ant-design/icons/UploadOutlined';
import Button from 'antd/es/button';
import Upload from 'antd/es/upload';
import type { UploadFile } from 'antd/es/upload/interface';
import { useTranslation } from 'react-i18next';
import type { FileRef } from '@fleetdesk/contracts/maintenance';
import { uploadFile } from '../../../lib/upload';

/** A work order's photos: `{url, signedUrl}` each; the stable `url` is what is saved. */
export function ImagesField({
  value = [],
  onChange,
  max,
  id,
}: {
  value?: FileRef[];
  onChange?: (v: FileRef[]) => void;
  max: number;
  id?: string;
}) {
  const { t } = useTranslation('maintenance');
  const files: UploadFile[] = value.map((f, i) => ({
    uid: `${i}:${f.url}`,
    name: f.url.split('/').pop() ?? f.url,
    status: 'done',
    url: f.signedUrl,
    thumbUrl: f.signedUrl,
  }));
  return (
    <Upload
      id={id}
      listType="picture-card"
      accept="image/jpeg,image/png,image/webp"
      fileList={files}
      onRemove={(file) => {
        onChange?.(value.filter((_, i) => `${i}:${value[i]!.url}` !== file.uid));
        return false;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        uploadFile({ type: 'image', file: file as File })
          .then((res) => {
            onChange?.([...value, { url: res.url, signedUrl: res.signedUrl }]);
            onSuccess?.(res);
          })
          .catch((err: Error) => onError?.(err));
      }}
      showUploadList={{ showPreviewIcon: false }}
    >
      {value.length < max ? (
        <Button type="text" icon={<UploadOutlined />} title={t('form.photosHint', { max })}>
          {t('form.upload')}
        </Button>
      ) : null}
    </Upload>
  );
}
