import ScanOutlined from '@ant-design/icons/ScanOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import Button from 'antd/es/button';
import Upload from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OcrResult } from '@fleetdesk/contracts/ocr';
import { OcrOutcome, type OcrFillOutcome } from '../../../components/ocr-outcome';
import { useUploadFile } from '../../../lib/upload';
import { recogniseCard } from '../api/drivers';
import type { Photo, PhotoField } from './form-values';

/** One photo of the reader: which card and side, whether it is read or only kept, and where it goes. */
export interface CardPhoto {
  key: 'idFront' | 'idBack' | 'licenceFront' | 'licenceBack';
  type: 'idCard' | 'drivingLicence';
  side: 'front' | 'back';
  /** Read by OCR (else only uploaded and kept). */
  read: boolean;
  field: PhotoField;
}

export const CARD_PHOTOS: CardPhoto[] = [
  { key: 'idFront', type: 'idCard', side: 'front', read: true, field: 'idCardFrontUrl' },
  { key: 'idBack', type: 'idCard', side: 'back', read: false, field: 'idCardBackUrl' },
  { key: 'licenceFront', type: 'drivingLicence', side: 'front', read: true, field: 'licenceFrontUrl' },
  { key: 'licenceBack', type: 'drivingLicence', side: 'back', read: false, field: 'licenceBackUrl' },
];

/** What the form reports after filling itself from a photo. */
export type ReadOutcome = OcrFillOutcome;

/**
 * Photos of the ID card and the driving licence: each is uploaded once (`license`), kept as the driver's photo,
 * and the readable sides go through `ocr/recognition`; the form fills its fields from what was read.
 */
export function CardReader(props: {
  onPhoto: (field: PhotoField, photo: Photo) => void;
  onRead: (photo: CardPhoto, result: OcrResult) => ReadOutcome;
}) {
  const { t } = useTranslation('drivers');
  const upload = useUploadFile();
  const [busy, setBusy] = useState<CardPhoto['key'] | null>(null);
  const [outcome, setOutcome] = useState<ReadOutcome | null>(null);

  const take = async (photo: CardPhoto, file: File) => {
    setBusy(photo.key);
    setOutcome(null);
    try {
      const stored = await upload.mutateAsync({ type: 'license', file });
      props.onPhoto(photo.field, { url: stored.url, signedUrl: stored.signedUrl ?? null });
      if (photo.read) {
        const result = await recogniseCard({ type: photo.type, side: photo.side, url: stored.url });
        setOutcome(props.onRead(photo, result));
      }
    } catch {
      // the request layer has shown why (an unreadable photo is a 409 with its reason)
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="fd-driver-ocr">
      <p className="fd-muted">{t('ocr.hint')}</p>
      <div className="fd-driver-ocr-actions">
        {CARD_PHOTOS.map((photo) => (
          <Upload
            key={photo.key}
            accept="image/jpeg,image/png,image/webp"
            showUploadList={false}
            disabled={busy !== null}
            beforeUpload={(file) => {
              void take(photo, file);
              return false;
            }}
          >
            <Button
              icon={photo.read ? <ScanOutlined /> : <UploadOutlined />}
              loading={busy === photo.key}
              type={photo.read ? 'primary' : 'default'}
              ghost={photo.read}
              data-testid={`ocr-${photo.key}`}
            >
              {t(`ocr.${photo.key}`)}
            </Button>
          </Upload>
        ))}
        {busy && <span className="fd-muted">{t('ocr.reading')}</span>}
      </div>
      {outcome && (
        <OcrOutcome
          outcome={outcome}
          texts={{
            filled: t('ocr.filled', { count: outcome.filled.length }),
            sandbox: t('ocr.sandbox'),
            separator: t('ocr.separator'),
          }}
        />
      )}
    </div>
  );
}
