import CloseOutlined from '@ant-design/icons/CloseOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Spin from 'antd/es/spin';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadResult } from '@fleetdesk/contracts/files';
import { uploadPortalFile } from '../api/portal';

export interface Picture {
  url: string;
  signedUrl: string;
}

interface Props {
  value: Picture[];
  onChange: (value: Picture[]) => void;
  max: number;
  /** The add button's label (and the file input's). */
  label: string;
}

/**
 * Pictures from the phone's camera or album: each is uploaded as soon as it is picked (the portal's upload call);
 * the signed address is shown, the stable one is sent with the form.
 */
export function ImagePicker({ value, onChange, max, label }: Props) {
  const { t } = useTranslation('driverPortal');
  const id = useId();
  const [uploading, setUploading] = useState(0);
  const [failed, setFailed] = useState(false);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])].slice(0, Math.max(0, max - value.length));
    e.target.value = '';
    if (!files.length) return;
    setFailed(false);
    setUploading((n) => n + files.length);
    const done: Picture[] = [];
    await Promise.all(
      files.map((file) =>
        uploadPortalFile(file)
          .then((r: UploadResult) => {
            done.push({ url: r.url, signedUrl: r.signedUrl });
          })
          .catch(() => setFailed(true))
          .finally(() => setUploading((n) => n - 1)),
      ),
    );
    if (done.length) onChange([...value, ...done].slice(0, max));
  };

  return (
    <div className="fd-dp-pictures">
      {value.map((p, i) => (
        <div key={p.url} className="fd-dp-picture">
          <a href={p.signedUrl} target="_blank" rel="noopener noreferrer">
            <img src={p.signedUrl} alt={t('pictures.alt', { n: i + 1 })} />
          </a>
          <button
            type="button"
            className="fd-dp-picture-remove"
            aria-label={t('pictures.remove', { n: i + 1 })}
            onClick={() => onChange(value.filter((x) => x.url !== p.url))}
          >
            <CloseOutlined aria-hidden />
          </button>
        </div>
      ))}
      {uploading > 0 ? (
        <div className="fd-dp-picture fd-dp-picture-busy" role="status" aria-label={t('pictures.uploading')}>
          <Spin size="small" />
        </div>
      ) : null}
      {value.length + uploading < max ? (
        <label className="fd-dp-picture fd-dp-picture-add" htmlFor={id}>
          <PlusOutlined aria-hidden />
          <span>{label}</span>
          <input
            id={id}
            type="file"
            accept="image/*"
            multiple={max > 1}
            className="fd-dp-file-input"
            onChange={(e) => void pick(e)}
          />
        </label>
      ) : null}
      {failed ? (
        <div className="fd-dp-field-message" role="alert">
          {t('pictures.failed')}
        </div>
      ) : null}
    </div>
  );
}
