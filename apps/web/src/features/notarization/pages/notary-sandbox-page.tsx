import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import {
  NOTARIZATION_DOCUMENT_TITLES,
  NOTARIZATION_KIND_TITLES,
  type NotarySandboxAction,
  type NotarySandboxCase,
} from '@fleetdesk/contracts/notarization';
import { RequestError } from '../../../lib/request';
import { useTitle } from '../../../lib/use-title';
import { sandboxAct, sandboxCaseQuery } from '../api/notarization';
import { SandboxFrame } from '../components/sandbox-frame';
import { Hash, NotarizationStateTag } from '../components/titles';
import { notaryActions } from '../model/actions';
import '../i18n';
import '../notarization.css';

type Action = NotarySandboxAction['action'];

/** The actions whose note is required (the supplement asked, the reason refused). */
const NOTE_REQUIRED: readonly Action[] = ['askSupplement', 'reject'];

const failureText = (e: unknown, fallback: string) =>
  e instanceof RequestError ? e.serverMessage || fallback : fallback;

/**
 * `/notary/sandbox/{caseNo}?token=` (open): the sandbox notary office's view of a case, what a notary platform's
 * clerk would see. It accepts the case, asks for a supplement, issues the certificate or refuses it; the sandbox
 * then calls Fleetdesk back as a real platform would.
 */
export default function NotarySandboxPage() {
  const { t } = useTranslation('notarization');
  const { caseNo = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const found = useQuery({ ...sandboxCaseQuery(caseNo, token), enabled: !!caseNo && !!token });
  let body;
  if (!token || !caseNo || found.isError) {
    body = (
      <Result
        status="warning"
        title={t('notarySandbox.invalid')}
        subTitle={failureText(found.error, t('notarySandbox.invalidText'))}
        data-testid="notary-sandbox-invalid"
      />
    );
  } else if (!found.data) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else {
    body = <CaseView caseNo={caseNo} token={token} c={found.data} />;
  }
  return (
    <SandboxFrame title={t('notarySandbox.title')} notice={t('notarySandbox.notice')} tone="notary">
      {body}
    </SandboxFrame>
  );
}

function CaseView({ caseNo, token, c }: { caseNo: string; token: string; c: NotarySandboxCase }) {
  const { t } = useTranslation('notarization');
  const title = useTitle();
  const client = useQueryClient();
  const [asking, setAsking] = useState<Action | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState(false);
  const [busy, setBusy] = useState<Action | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const actions = notaryActions(c.state);

  const act = async (action: Action, text?: string) => {
    setBusy(action);
    setFailure(null);
    try {
      // The answer is the case as the office has it now.
      client.setQueryData(
        sandboxCaseQuery(caseNo, token).queryKey,
        await sandboxAct(caseNo, { token, action, ...(text ? { note: text } : {}) }),
      );
      return true;
    } catch (e) {
      setFailure(failureText(e, t('notarySandbox.failed')));
      // The case moved meanwhile (another window): show it as it is.
      if (e instanceof RequestError && e.httpStatus === 409)
        void client.invalidateQueries({ queryKey: sandboxCaseQuery(caseNo, token).queryKey });
      return false;
    } finally {
      setBusy(null);
    }
  };
  const start = (action: Action) => {
    if (action === 'askSupplement' || action === 'reject' || action === 'notarize') {
      setNote('');
      setNoteError(false);
      setAsking(action);
      return;
    }
    void act(action);
  };
  const confirm = async () => {
    if (!asking) return;
    if (NOTE_REQUIRED.includes(asking) && !note.trim()) {
      setNoteError(true);
      return;
    }
    if (await act(asking, note.trim() || undefined)) setAsking(null);
  };

  return (
    <div className="fd-nz-pub-card" data-testid="notary-sandbox">
      <h1 className="fd-nz-pub-doc">
        {t('notarySandbox.case', { caseNo: c.caseNo })} <NotarizationStateTag state={c.state} />
      </h1>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'company', label: t('notarySandbox.company'), children: c.company },
          { key: 'applicant', label: t('notarySandbox.applicant'), children: c.applicant },
          { key: 'kind', label: t('notarySandbox.kind'), children: title(NOTARIZATION_KIND_TITLES[c.kind]) },
          { key: 'office', label: t('notarySandbox.office'), children: c.notaryOffice },
          ...(c.supplementRequest
            ? [{ key: 'asked', label: t('notarySandbox.supplementRequest'), children: c.supplementRequest }]
            : []),
          ...(c.supplementNote
            ? [{ key: 'note', label: t('notarySandbox.supplementNote'), children: c.supplementNote }]
            : []),
          ...(c.certificateNo
            ? [{ key: 'certificate', label: t('notarySandbox.certificate'), children: c.certificateNo }]
            : []),
        ]}
      />
      <section aria-label={t('notarySandbox.documents')}>
        <strong>{t('notarySandbox.documents')}</strong>
        {c.documents.length ? (
          <ul className="fd-nz-pub-docs">
            {c.documents.map((d, i) => (
              <li key={`${d.kind}-${i}`}>
                <div>
                  {title(NOTARIZATION_DOCUMENT_TITLES[d.kind])} · {d.fileName}
                </div>
                <Hash value={d.sha256} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="fd-muted">{t('notarySandbox.noDocuments')}</p>
        )}
      </section>
      {failure && !asking ? <Alert type="error" showIcon title={failure} data-testid="notary-sandbox-failure" /> : null}
      {actions.length ? (
        <Space wrap className="fd-nz-pub-actions" role="group" aria-label={t('notarySandbox.actions')}>
          {actions.map((a) => (
            <Button
              key={a}
              type={a === 'accept' || a === 'notarize' ? 'primary' : 'default'}
              danger={a === 'reject'}
              loading={busy === a && !asking}
              disabled={!!busy}
              onClick={() => start(a)}
            >
              {t(`notarySandbox.act.${a}`)}
            </Button>
          ))}
        </Space>
      ) : (
        <p className="fd-muted" data-testid="notary-sandbox-done">
          {t('notarySandbox.nothingToDo')}
        </p>
      )}
      <Modal
        open={!!asking}
        title={asking ? t(`notarySandbox.act.${asking}`) : ''}
        okText={asking ? t(`notarySandbox.act.${asking}`) : ''}
        okButtonProps={{ danger: asking === 'reject' }}
        confirmLoading={!!busy}
        onCancel={() => setAsking(null)}
        onOk={() => void confirm()}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item
            label={asking ? t(`notarySandbox.note.${asking}`) : ''}
            htmlFor="notary-note"
            required={!!asking && NOTE_REQUIRED.includes(asking)}
            validateStatus={noteError ? 'error' : undefined}
            help={noteError ? t('notarySandbox.noteRequired') : undefined}
          >
            <Input.TextArea
              id="notary-note"
              rows={3}
              maxLength={500}
              value={note}
              onChange={(e) => {
                setNote(e.target.value);
                setNoteError(false);
              }}
            />
          </Form.Item>
        </Form>
        {failure && asking ? <Alert type="error" showIcon title={failure} /> : null}
      </Modal>
    </div>
  );
}
