import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Input from 'antd/es/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PortalProofInput, type PortalViolation } from '@fleetdesk/contracts/driver-portal';
import { serverFieldErrors } from '../../../lib/field-failure';
import { formatPlate } from '../../../lib/format';
import { issueMessage } from '../../../lib/validation';
import { useSendProof } from '../api/portal';
import { ImagePicker, type Picture } from './image-picker';
import { Field } from './states';

/** The most pictures one proof takes (the contracts' rule). */
export const MAX_PROOF_FILES = 6;

/** The form in the sheet: 1-6 pictures, a note, sent for the office's review. */
function ProofForm({ violation, onDone }: { violation: PortalViolation; onDone: () => void }) {
  const { t } = useTranslation('driverPortal');
  const { message } = App.useApp();
  const send = useSendProof();
  const [files, setFiles] = useState<Picture[]>([]);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ files?: string; note?: string }>({});

  const submit = async () => {
    const parsed = PortalProofInput.safeParse({ files: files.map((f) => f.url), note: note.trim() || null });
    if (!parsed.success) {
      const next: { files?: string; note?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'note' ? 'note' : 'files';
        next[key] ??= issueMessage(issue, t);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync({ id: violation.id, input: parsed.data });
      void message.success(t('proof.sent'));
      onDone();
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (fields.length) {
        setErrors({
          files: fields.find((f) => f.path.startsWith('files'))?.message,
          note: fields.find((f) => f.path === 'note')?.message,
        });
      }
    }
  };

  return (
    <div className="fd-dp-form" data-testid="dp-proof-form">
      <p className="fd-muted">
        {formatPlate(violation.plate)} · {violation.offence}
      </p>
      <Field label={t('proof.pictures', { max: MAX_PROOF_FILES })} error={errors.files}>
        <ImagePicker value={files} onChange={setFiles} max={MAX_PROOF_FILES} label={t('proof.add')} />
      </Field>
      <Field label={t('proof.note')} error={errors.note} htmlFor="fd-dp-proof-note">
        <Input.TextArea
          id="fd-dp-proof-note"
          rows={3}
          maxLength={200}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
      <Button type="primary" block loading={send.isPending} onClick={() => void submit()}>
        {t('proof.submit')}
      </Button>
    </div>
  );
}

/** The sheet to send the proof that a violation was handled. */
export function ProofSheet({ violation, onClose }: { violation: PortalViolation | null; onClose: () => void }) {
  const { t } = useTranslation('driverPortal');
  return (
    <Drawer
      open={violation !== null}
      placement="bottom"
      size="auto"
      title={t('proof.title')}
      onClose={onClose}
      destroyOnHidden
      rootClassName="fd-dp-sheet-root"
    >
      {violation ? <ProofForm key={violation.id} violation={violation} onDone={onClose} /> : null}
    </Drawer>
  );
}
