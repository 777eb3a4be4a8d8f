import Alert from 'antd/es/alert';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import './ocr-outcome.css';

/** What a form reports after filling itself from a recognised photo (a licence page, an ID card). */
export interface OcrFillOutcome {
  /** The names of the fields filled, in the form's language. */
  filled: string[];
  /** Read by the sandbox provider (demo data, not the photo). */
  sandbox: boolean;
  /** What was read but could not be used (a date that does not parse, a value the form refuses). */
  warnings: string[];
}

/**
 * The outcome of a recognition: how many fields were filled (success), or what could not be used (warning), and
 * whether the sandbox read it. A photo that could not be read at all is a failed call, shown by the request layer.
 * `ns` is the area whose `ocr.filled`, `ocr.sandbox` and `ocr.separator` texts it shows.
 */
export function OcrOutcome({ outcome, ns }: { outcome: OcrFillOutcome; ns: string }) {
  const { t } = useTranslation(ns);
  return (
    <Alert
      className="fd-ocr-outcome"
      type={outcome.warnings.length ? 'warning' : 'success'}
      showIcon
      title={
        <span>
          {t('ocr.filled', { count: outcome.filled.length })}
          {outcome.sandbox && <Tag className="fd-ocr-outcome-sandbox">{t('ocr.sandbox')}</Tag>}
        </span>
      }
      description={
        <>
          {outcome.filled.length > 0 && <div>{outcome.filled.join(t('ocr.separator'))}</div>}
          {outcome.warnings.map((w) => (
            <div key={w}>{w}</div>
          ))}
        </>
      }
    />
  );
}
