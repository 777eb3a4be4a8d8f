import Alert from 'antd/es/alert';
import Tag from 'antd/es/tag';
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
 * The texts are the area's own (`ocr.filled` with the count, `ocr.sandbox`, `ocr.separator` of its namespace).
 */
export interface OcrOutcomeTexts {
  filled: string;
  sandbox: string;
  separator: string;
}

export function OcrOutcome({ outcome, texts }: { outcome: OcrFillOutcome; texts: OcrOutcomeTexts }) {
  return (
    <Alert
      className="fd-ocr-outcome"
      type={outcome.warnings.length ? 'warning' : 'success'}
      showIcon
      title={
        <span>
          {texts.filled}
          {outcome.sandbox && <Tag className="fd-ocr-outcome-sandbox">{texts.sandbox}</Tag>}
        </span>
      }
      description={
        <>
          {outcome.filled.length > 0 && <div>{outcome.filled.join(texts.separator)}</div>}
          {outcome.warnings.map((w) => (
            <div key={w}>{w}</div>
          ))}
        </>
      }
    />
  );
}
