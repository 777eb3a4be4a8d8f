import ScanOutlined from '@ant-design/icons/ScanOutlined';
import Button from 'antd/es/button';
import Upload from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OcrResult } from '@fleetdesk/contracts/ocr';
import type { UploadResult } from '@fleetdesk/contracts/files';
import { useRecogniseLicence } from '../api/recognise-licence';
import { OcrOutcome, type OcrFillOutcome } from '../../../components/ocr-outcome';
import { useUploadFile } from '../../../lib/upload';

export type LicenceSide = 'front' | 'back';

/** What the form reports after filling itself from a page. */
export type LicenceOutcome = OcrFillOutcome;

/**
 * Reads a vehicle licence photo: uploads it once (`license`), asks `ocr/recognition` with its address, and
 * hands the result and the file to the form, which fills its fields and keeps the photo as a licence page.
 */
export function LicenceReader(props: {
  onRead: (side: LicenceSide, result: OcrResult, file: UploadResult) => LicenceOutcome;
}) {
  const { t } = useTranslation('vehicle-detail');
  const upload = useUploadFile();
  const recognise = useRecogniseLicence();
  const [busy, setBusy] = useState<LicenceSide | null>(null);
  const [outcome, setOutcome] = useState<LicenceOutcome | null>(null);

  const read = async (side: LicenceSide, file: File) => {
    setBusy(side);
    setOutcome(null);
    try {
      const stored = await upload.mutateAsync({ type: 'license', file });
      const result = await recognise.mutateAsync({ url: stored.url, side });
      setOutcome(props.onRead(side, result, stored));
    } catch {
      // the request layer has shown why (an unreadable photo is a 409 with its reason)
    } finally {
      setBusy(null);
    }
  };

  const picker = (side: LicenceSide) => (
    <Upload
      accept="image/jpeg,image/png,image/webp"
      showUploadList={false}
      disabled={busy !== null}
      beforeUpload={(file) => {
        void read(side, file);
        return false;
      }}
    >
      <Button
        icon={<ScanOutlined />}
        loading={busy === side}
        type={side === 'front' ? 'primary' : 'default'}
        ghost={side === 'front'}
      >
        {t(side === 'front' ? 'ocr.readFront' : 'ocr.readBack')}
      </Button>
    </Upload>
  );

  return (
    <div className="fd-car-ocr">
      <p className="fd-car-ocr-hint">{t('ocr.hint')}</p>
      <div className="fd-car-ocr-actions">
        {picker('front')}
        {picker('back')}
        {busy && <span className="fd-car-ocr-busy">{t('ocr.reading')}</span>}
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
