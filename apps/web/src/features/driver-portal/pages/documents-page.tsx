import App from 'antd/es/app';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_KIND_TITLES,
  DOCUMENT_KINDS,
  PortalDocumentInput,
  SUBMISSION_STATE_TITLES,
  type DocumentKind,
  type PortalDocument,
} from '@fleetdesk/contracts/driver-portal';
import { serverFieldErrors } from '../../../lib/field-failure';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { fieldErrors } from '../../../lib/validation';
import { documentsQuery, useSendDocument } from '../api/portal';
import { ImagePicker, type Picture } from '../components/image-picker';
import { PortalFrame } from '../components/portal-frame';
import { Field, Loadable } from '../components/states';
import { SUBMISSION_COLORS } from '../model/states';

type Errors = Partial<Record<'number' | 'licenceClass' | 'expiry' | 'frontUrl' | 'backUrl', string>>;

/** The form of an update sent for review: number, class (licence), expiry, both sides' photos. */
export function DocumentForm({
  doc,
  onDone,
  onCancel,
}: {
  doc: PortalDocument;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('driverPortal');
  const { message } = App.useApp();
  const send = useSendDocument();
  const [number, setNumber] = useState(doc.number ?? '');
  const [licenceClass, setLicenceClass] = useState(doc.licenceClass ?? '');
  const [expiry, setExpiry] = useState(doc.expiry ?? '');
  const [front, setFront] = useState<Picture[]>([]);
  const [back, setBack] = useState<Picture[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const licence = doc.kind === 'licence';
  const id = `fd-dp-doc-${doc.kind}`;

  const submit = async () => {
    const parsed = PortalDocumentInput.safeParse({
      kind: doc.kind,
      number: number.trim(),
      licenceClass: licence ? licenceClass.trim() || null : null,
      expiry: expiry || null,
      frontUrl: front[0]?.url ?? '',
      backUrl: back[0]?.url ?? '',
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, t));
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync(parsed.data);
      void message.success(t('documents.sent'));
      onDone();
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (fields.length) setErrors(Object.fromEntries(fields.map((f) => [f.path.split('.')[0]!, f.message])));
    }
  };

  return (
    <div className="fd-dp-form" data-testid={`dp-document-form-${doc.kind}`}>
      <Field label={t('documents.number')} error={errors.number} htmlFor={`${id}-number`}>
        <Input id={`${id}-number`} maxLength={30} value={number} onChange={(e) => setNumber(e.target.value)} />
      </Field>
      {licence ? (
        <Field label={t('documents.licenceClass')} error={errors.licenceClass} htmlFor={`${id}-class`}>
          <Input
            id={`${id}-class`}
            maxLength={10}
            placeholder="C1"
            value={licenceClass}
            onChange={(e) => setLicenceClass(e.target.value.toUpperCase())}
          />
        </Field>
      ) : null}
      <Field label={t('documents.expiry')} error={errors.expiry} htmlFor={`${id}-expiry`}>
        <Input id={`${id}-expiry`} type="date" value={expiry} onChange={(e) => setExpiry(e.target.value)} />
      </Field>
      <Field label={t('documents.front')} error={errors.frontUrl}>
        <ImagePicker value={front} onChange={setFront} max={1} label={t('documents.uploadFront')} />
      </Field>
      <Field label={t('documents.back')} error={errors.backUrl}>
        <ImagePicker value={back} onChange={setBack} max={1} label={t('documents.uploadBack')} />
      </Field>
      <div className="fd-dp-actions">
        <Button onClick={onCancel}>{t('documents.cancel')}</Button>
        <Button type="primary" loading={send.isPending} onClick={() => void submit()}>
          {t('documents.submit')}
        </Button>
      </div>
    </div>
  );
}

function DocumentCard({ doc }: { doc: PortalDocument }) {
  const { t } = useTranslation('driverPortal');
  const title = useTitle();
  const [editing, setEditing] = useState(false);
  const pending = doc.submission?.state === 'pending';
  return (
    <section className="fd-dp-card" data-testid={`dp-document-${doc.kind}`}>
      <div className="fd-dp-bill-head">
        <strong className="fd-dp-bill-title">{title(DOCUMENT_KIND_TITLES[doc.kind])}</strong>
        {doc.submission ? (
          <Tag color={SUBMISSION_COLORS[doc.submission.state]}>
            {pending ? t('documents.pending') : title(SUBMISSION_STATE_TITLES[doc.submission.state])}
          </Tag>
        ) : null}
      </div>
      <dl className="fd-dp-facts fd-dp-facts-grid">
        <dt>{t('documents.number')}</dt>
        <dd>{doc.number ?? t('documents.none')}</dd>
        {doc.kind === 'licence' ? (
          <>
            <dt>{t('documents.licenceClass')}</dt>
            <dd>{doc.licenceClass ?? t('documents.none')}</dd>
          </>
        ) : null}
        <dt>{t('documents.expiry')}</dt>
        <dd>{doc.expiry ? formatDate(doc.expiry) : t('documents.none')}</dd>
      </dl>
      {doc.frontUrl || doc.backUrl ? (
        <div className="fd-dp-pictures">
          {[doc.frontUrl, doc.backUrl].map((url, i) =>
            url ? (
              <a key={url} className="fd-dp-picture" href={url} target="_blank" rel="noopener noreferrer">
                <img src={url} alt={i === 0 ? t('documents.front') : t('documents.back')} />
              </a>
            ) : null,
          )}
        </div>
      ) : null}
      {doc.submission ? (
        <p className="fd-muted fd-dp-small">
          {t('documents.submittedAt', { at: formatDateTime(doc.submission.at) })}
          {doc.submission.state === 'rejected' && doc.submission.note ? ` · ${doc.submission.note}` : ''}
        </p>
      ) : null}
      {editing ? (
        <DocumentForm doc={doc} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
      ) : (
        <Button block disabled={pending} onClick={() => setEditing(true)}>
          {pending ? t('documents.pending') : t('documents.update')}
        </Button>
      )}
    </section>
  );
}

/** The driver's licence and ID card as the office has them, each with its newest update sent for review. */
export default function PortalDocumentsPage() {
  const { t } = useTranslation('driverPortal');
  const documents = useQuery(documentsQuery());
  return (
    <PortalFrame title={t('documents.title')} back>
      <Loadable query={documents} empty={t('documents.empty')} isEmpty={(d) => d.length === 0}>
        {(list) => (
          <div className="fd-dp-list">
            {DOCUMENT_KINDS.map((kind: DocumentKind) => list.find((d) => d.kind === kind))
              .filter((d): d is PortalDocument => !!d)
              .map((d) => (
                <DocumentCard key={d.kind} doc={d} />
              ))}
          </div>
        )}
      </Loadable>
    </PortalFrame>
  );
}
