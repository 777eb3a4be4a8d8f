import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  ESIGN_FLOW_STATE_TITLES,
  ESIGN_SIGNER_ROLE_TITLES,
  EsignPaths,
  type EsignSandboxPage,
} from '@fleetdesk/contracts/notarization';
import { fillPath } from '@fleetdesk/contracts/paths';
import { serverFieldErrors } from '../../../lib/field-failure';
import { formatDateTime } from '../../../lib/format';
import { buildUrl, RequestError } from '../../../lib/request';
import { useTitle } from '../../../lib/use-title';
import { sandboxSign, sandboxSigningQuery } from '../api/esign';
import { SandboxFrame } from '../components/sandbox-frame';
import '../i18n';
import '../notarization.css';

/** The last six characters of an ID number: digits, the very last one may be X. */
const ID_TAIL = /^\d{5}[\dXx]$/;

const failureText = (e: unknown, fallback: string) =>
  e instanceof RequestError ? e.serverMessage || fallback : fallback;

/**
 * `/esign/sandbox/{token}` (open, phone-sized): the sandbox e-signature provider's signing page, what the signing
 * SMS links to. The driver proves who he is with the last six characters of his ID number and signs (or refuses
 * with a reason); the company's signer confirms its seal. No real signature is made.
 */
export default function EsignSandboxSigningPage() {
  const { t } = useTranslation('notarization');
  const { token = '' } = useParams();
  const page = useQuery({ ...sandboxSigningQuery(token), enabled: !!token });
  let body;
  if (!token || page.isError) {
    body = (
      <Result
        status="warning"
        title={t('esignSandbox.invalid')}
        subTitle={failureText(page.error, t('esignSandbox.invalidText'))}
        data-testid="esign-sandbox-invalid"
      />
    );
  } else if (!page.data) {
    body = <Skeleton active paragraph={{ rows: 5 }} />;
  } else {
    body = <Signing token={token} page={page.data} />;
  }
  return (
    <SandboxFrame title={t('esignSandbox.title')} notice={t('esignSandbox.notice')}>
      {body}
    </SandboxFrame>
  );
}

function Signing({ token, page }: { token: string; page: EsignSandboxPage }) {
  const { t } = useTranslation('notarization');
  const title = useTitle();
  const client = useQueryClient();
  const [form] = Form.useForm<{ idTail?: string }>();
  const [busy, setBusy] = useState<'sign' | 'refuse' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const driver = page.role === 'driver';
  const askTail = driver && page.idTail;
  const open = page.state === 'signing' && page.flowState === 'signing';

  const act = async (input: { action: 'sign'; idTail?: string } | { action: 'refuse'; reason: string }) => {
    setBusy(input.action);
    setFailure(null);
    try {
      client.setQueryData(sandboxSigningQuery(token).queryKey, await sandboxSign(token, input));
      return true;
    } catch (e) {
      // A wrong ID tail is the field's (the server names it); any other refusal shows above the buttons.
      const onTail = askTail ? serverFieldErrors(e).find((x) => x.path === 'idTail') : undefined;
      if (onTail) form.setFields([{ name: 'idTail', errors: [onTail.message] }]);
      else setFailure(failureText(e, t('esignSandbox.failed')));
      // The page as it is now (it may no longer be this signer's turn).
      if (e instanceof RequestError && e.httpStatus === 409)
        void client.invalidateQueries({ queryKey: sandboxSigningQuery(token).queryKey });
      return false;
    } finally {
      setBusy(null);
    }
  };
  const sign = async () => {
    let idTail: string | undefined;
    if (askTail) {
      try {
        idTail = (await form.validateFields()).idTail?.trim().toUpperCase();
      } catch {
        return;
      }
    }
    await act({ action: 'sign', ...(idTail ? { idTail } : {}) });
  };
  const refuse = async () => {
    if (!reason.trim()) {
      setReasonError(true);
      return;
    }
    if (await act({ action: 'refuse', reason: reason.trim() })) setRefusing(false);
  };

  return (
    <div className="fd-nz-pub-card" data-testid="esign-sandbox">
      <h1 className="fd-nz-pub-doc">{page.title}</h1>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'company', label: t('esignSandbox.company'), children: page.company },
          { key: 'signer', label: t('esignSandbox.signer'), children: page.name },
          { key: 'role', label: t('esignSandbox.role'), children: title(ESIGN_SIGNER_ROLE_TITLES[page.role]) },
          { key: 'expires', label: t('esignSandbox.expires'), children: formatDateTime(page.expiresAt) },
        ]}
      />
      <a
        href={buildUrl(fillPath(EsignPaths.sandboxPdf, { token }))}
        target="_blank"
        rel="noopener noreferrer"
        className="fd-nz-pub-pdf"
      >
        {t('esignSandbox.pdf')}
      </a>

      {open ? (
        <>
          {page.role === 'company' && page.seal ? (
            <div className="fd-nz-seal-wrap">
              <div className="fd-nz-seal" data-testid="esign-seal" aria-label={t('esignSandbox.sealLabel')}>
                <span>{page.seal}</span>
              </div>
            </div>
          ) : null}
          {askTail ? (
            <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void sign()}>
              <Form.Item
                name="idTail"
                label={t('esignSandbox.idTail')}
                extra={t('esignSandbox.idTailHint')}
                rules={[
                  { required: true, whitespace: true, message: t('esignSandbox.idTailRequired') },
                  { pattern: ID_TAIL, message: t('esignSandbox.idTailInvalid') },
                ]}
              >
                <Input maxLength={6} autoComplete="off" inputMode="text" size="large" />
              </Form.Item>
            </Form>
          ) : null}
          {failure ? (
            <Alert
              type="error"
              showIcon
              title={failure}
              data-testid="esign-sandbox-failure"
              closable={{ onClose: () => setFailure(null) }}
            />
          ) : null}
          <div className="fd-nz-pub-actions">
            <Button size="large" danger disabled={!!busy} onClick={() => setRefusing(true)}>
              {t('esignSandbox.refuse')}
            </Button>
            <Button type="primary" size="large" loading={busy === 'sign'} disabled={!!busy} onClick={() => void sign()}>
              {driver ? t('esignSandbox.sign') : t('esignSandbox.seal')}
            </Button>
          </div>
        </>
      ) : (
        <Outcome page={page} />
      )}

      <Modal
        open={refusing}
        title={t('esignSandbox.refuseTitle')}
        okText={t('esignSandbox.refuse')}
        okButtonProps={{ danger: true }}
        confirmLoading={busy === 'refuse'}
        onCancel={() => setRefusing(false)}
        onOk={() => void refuse()}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item
            label={t('esignSandbox.refuseReason')}
            htmlFor="esign-refuse-reason"
            required
            validateStatus={reasonError ? 'error' : undefined}
            help={reasonError ? t('esignSandbox.refuseReasonRequired') : undefined}
          >
            <Input.TextArea
              id="esign-refuse-reason"
              rows={3}
              maxLength={200}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError(false);
              }}
            />
          </Form.Item>
        </Form>
        {failure && refusing ? <Alert type="error" showIcon title={failure} /> : null}
      </Modal>
    </div>
  );
}

/** What a signer sees once it is not (or no longer) this signer's turn. */
function Outcome({ page }: { page: EsignSandboxPage }) {
  const { t } = useTranslation('notarization');
  const title = useTitle();
  if (page.state === 'signed')
    return (
      <Result
        status="success"
        title={
          page.signedAt
            ? t('esignSandbox.signedAt', { at: formatDateTime(page.signedAt, true) })
            : t('esignSandbox.signed')
        }
        subTitle={t('esignSandbox.closeText')}
        data-testid="esign-sandbox-outcome"
      />
    );
  if (page.state === 'refused')
    return <Result status="error" title={t('esignSandbox.refused')} data-testid="esign-sandbox-outcome" />;
  if (page.flowState !== 'signing')
    return (
      <Result
        status="info"
        title={t('esignSandbox.flowEnded', { state: title(ESIGN_FLOW_STATE_TITLES[page.flowState]) })}
        data-testid="esign-sandbox-outcome"
      />
    );
  return (
    <Result
      status="info"
      title={t('esignSandbox.waiting')}
      subTitle={t('esignSandbox.waitingText')}
      data-testid="esign-sandbox-outcome"
    />
  );
}
