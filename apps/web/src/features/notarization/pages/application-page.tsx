import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import ExperimentOutlined from '@ant-design/icons/ExperimentOutlined';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import type { DescriptionsProps } from 'antd/es/descriptions';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  NOTARIZATION_DELIVERY_TITLES,
  NOTARIZATION_DOCUMENT_TITLES,
  NOTARIZATION_KIND_TITLES,
  NOTARY_STEP_TITLES,
  NotarizationWithdrawInput,
  type NotarizationDetail,
  type NotarizationDocument,
} from '@fleetdesk/contracts/notarization';
import { ContractLink, DriverLink } from '../../../components/entity-links';
import { useAccess } from '../../../lib/access';
import { formatDate, formatDateTime, formatMoney, formatPlate } from '../../../lib/format';
import { RequestError } from '../../../lib/request';
import { useTitle } from '../../../lib/use-title';
import {
  downloadDossier,
  downloadNotarizationDocument,
  notarizationOptionsQuery,
  notarizationQuery,
  useRemoveNotarization,
  useSubmitNotarization,
  useSupplementNotarization,
  useWithdrawNotarization,
} from '../api/notarization';
import { ReasonDialog, SupplementDialog } from '../components/dialogs';
import { NotarizationForm } from '../components/notarization-form';
import { Hash, NotarizationStateTag } from '../components/titles';
import { applicationActions, type ApplicationAction } from '../model/actions';

/** A file's size as people read it. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** `/notarization/{id}`: an application with its state, papers, the notary's answers, the evidence chain and actions. */
export function ApplicationPage({ id }: { id: number }) {
  const { t } = useTranslation('notarization');
  const application = useQuery(notarizationQuery(id));
  if (application.isPending) return <Skeleton active className="fd-nz-page" />;
  if (application.isError) {
    const missing = application.error instanceof RequestError && application.error.httpStatus === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('page.missing') : t('page.loadFailed')}
        extra={
          <Space>
            {missing ? null : <Button onClick={() => void application.refetch()}>{t('common:actions.retry')}</Button>}
            <Link to="/notarization">{t('page.back')}</Link>
          </Space>
        }
      />
    );
  }
  return <ApplicationView application={application.data} />;
}

type Dialog = 'edit' | 'supplement' | 'withdraw' | null;

function ApplicationView({ application: a }: { application: NotarizationDetail }) {
  const { t } = useTranslation('notarization');
  const title = useTitle();
  const access = useAccess();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const options = useQuery(notarizationOptionsQuery());
  const remove = useRemoveNotarization();
  const submit = useSubmitNotarization();
  const supplement = useSupplementNotarization();
  const withdraw = useWithdrawNotarization();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const actions = applicationActions(a.state, access);

  const download = async (key: string, run: () => Promise<void>) => {
    setBusy(key);
    try {
      await run();
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(null);
    }
  };

  const confirmSubmit = async () => {
    // The fee and the balance as they are now (the balance moves with every paid service).
    const now = await client
      .fetchQuery({ ...notarizationOptionsQuery(), staleTime: 0 })
      .catch(() => options.data ?? null);
    const fee = now?.unitPrice ?? null;
    const balance = now?.balance ?? null;
    const short = fee !== null && balance !== null && balance < fee;
    modal.confirm({
      title: t('moves.submit.title', { number: a.number }),
      content: (
        <div data-testid="nz-submit-fee">
          <p>{fee !== null ? t('moves.submit.fee', { fee: formatMoney(fee) }) : t('moves.submit.noPrice')}</p>
          {balance !== null ? <p>{t('moves.submit.balance', { balance: formatMoney(balance) })}</p> : null}
          {short ? <Alert type="warning" showIcon title={t('moves.submit.short')} /> : null}
          <p className="fd-muted">{t('moves.submit.hint')}</p>
        </div>
      ),
      okText: t('moves.submit.ok'),
      onOk: async () => {
        try {
          await submit.mutateAsync(a.id);
        } catch {
          return;
        }
        void message.success(t('moves.submit.done'));
      },
    });
  };

  const confirmDelete = () =>
    modal.confirm({
      title: t('moves.delete.title', { number: a.number }),
      content: t('moves.delete.hint'),
      okText: t('moves.delete.ok'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(a.id);
        } catch {
          return;
        }
        void message.success(t('moves.delete.done'));
        void navigate('/notarization', { replace: true });
      },
    });

  const act = (action: ApplicationAction) => {
    switch (action) {
      case 'edit':
      case 'supplement':
      case 'withdraw':
        setDialog(action);
        return;
      case 'delete':
        confirmDelete();
        return;
      case 'submit':
        void confirmSubmit();
        return;
      case 'dossier':
        void download('dossier', () => downloadDossier(a.id, t('page.dossierFile', { number: a.number })));
        return;
    }
  };

  const lessee = a.parties.filter((p) => p.role === 'lessee');
  const info: DescriptionsProps['items'] = [
    {
      key: 'contract',
      label: t('fields.contract'),
      children: <ContractLink id={a.contractId} number={a.contractNumber} />,
    },
    { key: 'driver', label: t('fields.driver'), children: <DriverLink id={a.driverId} name={a.driverName} /> },
    { key: 'plate', label: t('fields.plate'), children: a.plate ? formatPlate(a.plate) : '-' },
    { key: 'kind', label: t('fields.kind'), children: title(NOTARIZATION_KIND_TITLES[a.kind]) },
    { key: 'office', label: t('fields.notaryOffice'), children: a.notaryOffice },
    { key: 'copies', label: t('fields.copies'), children: a.copies },
    { key: 'delivery', label: t('fields.delivery'), children: title(NOTARIZATION_DELIVERY_TITLES[a.delivery]) },
    { key: 'amount', label: t('fields.contractAmount'), children: formatMoney(a.contractAmount) },
    {
      key: 'fee',
      label: t('fields.fee'),
      children: (
        <>
          {formatMoney(a.fee)}
          {a.feeRefunded ? <Tag className="fd-nz-refunded">{t('refunded')}</Tag> : null}
        </>
      ),
    },
    { key: 'caseNo', label: t('fields.caseNo'), children: a.caseNo ?? '-' },
    {
      key: 'certificate',
      label: t('fields.certificate'),
      children: a.certificateNo
        ? `${a.certificateNo}${a.certificateDate ? ` · ${formatDate(a.certificateDate)}` : ''}`
        : '-',
    },
    { key: 'provider', label: t('fields.provider'), children: a.provider },
    { key: 'created', label: t('fields.created'), children: formatDateTime(a.createdAt) },
    { key: 'submitted', label: t('fields.submitted'), children: a.submittedAt ? formatDateTime(a.submittedAt) : '-' },
    { key: 'decided', label: t('fields.decided'), children: a.decidedAt ? formatDateTime(a.decidedAt) : '-' },
    {
      key: 'parties',
      label: t('fields.parties'),
      span: 'filled',
      children: (
        <ul className="fd-nz-parties">
          {a.parties.map((p, i) => (
            <li key={`${p.role}-${i}`}>
              {t('parties.line', { role: t(`parties.${p.role}`), name: p.name })}
              {p.idNumber ? <span className="fd-muted"> · {p.idNumber}</span> : null}
            </li>
          ))}
        </ul>
      ),
    },
    ...(a.remark ? [{ key: 'remark', label: t('fields.remark'), span: 'filled' as const, children: a.remark }] : []),
  ];

  return (
    <div className="fd-nz-page" data-testid="nz-application">
      <div className="fd-nz-head">
        <div>
          <Link to="/notarization" className="fd-nz-back">
            <ArrowLeftOutlined /> {t('page.back')}
          </Link>
          <h1 className="fd-page-title">
            {t('page.title', { number: a.number })} <NotarizationStateTag state={a.state} />
          </h1>
          <div className="fd-muted">
            {title(NOTARIZATION_KIND_TITLES[a.kind])}
            {lessee.length ? ` · ${lessee.map((p) => p.name).join(', ')}` : ''}
          </div>
        </div>
        <div role="group" aria-label={t('page.actions')} className="fd-nz-actions">
          <Space wrap>
            {a.sandboxUrl ? (
              <a href={a.sandboxUrl} target="_blank" rel="noopener noreferrer" className="fd-nz-sandbox-link">
                <ExperimentOutlined /> {t('page.openSandbox')}
              </a>
            ) : null}
            {actions.map((action) => (
              <Button
                key={action}
                type={action === 'submit' || action === 'supplement' ? 'primary' : 'default'}
                danger={action === 'delete' || action === 'withdraw'}
                loading={action === 'dossier' && busy === 'dossier'}
                onClick={() => act(action)}
              >
                {t(`moves.${action}.button`)}
              </Button>
            ))}
          </Space>
        </div>
      </div>

      {a.state === 'supplement' && a.supplementRequest ? (
        <Alert type="warning" showIcon title={t('page.supplementAsked')} description={a.supplementRequest} />
      ) : null}
      {a.rejectReason ? <Alert type="error" showIcon title={t('page.rejected')} description={a.rejectReason} /> : null}
      {a.withdrawReason ? (
        <Alert type="info" showIcon title={t('page.withdrawn')} description={a.withdrawReason} />
      ) : null}

      <Card size="small" title={t('page.info')}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={info} />
      </Card>

      <Card size="small" title={t('page.esign')} data-testid="nz-esign">
        {a.esign ? (
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'flowNo', label: t('esignInfo.flowNo'), children: a.esign.flowNo },
              { key: 'evidenceNo', label: t('esignInfo.evidenceNo'), children: a.esign.evidenceNo ?? '-' },
              {
                key: 'sha256',
                label: t('esignInfo.sha256'),
                children: a.esign.sha256 ? <Hash value={a.esign.sha256} full copyable /> : '-',
              },
            ]}
          />
        ) : (
          <span className="fd-muted">{t('esignInfo.paper')}</span>
        )}
      </Card>

      <Card size="small" title={t('page.documents', { count: a.documents.length })}>
        <Table<NotarizationDocument>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={a.documents}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('page.noDocuments') }}
          columns={[
            { key: 'kind', title: t('documents.kind'), render: (_, d) => title(NOTARIZATION_DOCUMENT_TITLES[d.kind]) },
            { key: 'name', title: t('documents.name'), dataIndex: 'fileName', ellipsis: true },
            { key: 'size', title: t('documents.size'), align: 'right', render: (_, d) => fileSize(d.size) },
            { key: 'sha256', title: t('documents.sha256'), render: (_, d) => <Hash value={d.sha256} copyable /> },
            { key: 'created', title: t('documents.created'), render: (_, d) => formatDateTime(d.createdAt) },
            {
              key: 'download',
              title: '',
              render: (_, d) => (
                <Button
                  type="link"
                  size="small"
                  loading={busy === `doc-${d.id}`}
                  onClick={() =>
                    void download(`doc-${d.id}`, () => downloadNotarizationDocument(a.id, d.id, d.fileName))
                  }
                >
                  {t('documents.download')}
                </Button>
              ),
            },
          ]}
        />
      </Card>

      <Card size="small" title={t('page.timeline')}>
        <p className="fd-muted">{t('page.timelineHint')}</p>
        <Timeline
          data-testid="nz-timeline"
          items={a.timeline.map((e) => ({
            key: e.seq,
            content: (
              <div className="fd-nz-step">
                <div>
                  <span className="fd-nz-seq">#{e.seq}</span> <strong>{title(NOTARY_STEP_TITLES[e.step])}</strong>
                  <span className="fd-muted">
                    {' '}
                    · {formatDateTime(e.at, true)}
                    {e.actor ? ` · ${e.actor}` : ''}
                  </span>
                </div>
                {e.summary ? <div>{e.summary}</div> : null}
                <div className="fd-nz-hashes">
                  <span>
                    {t('timeline.request')} <Hash value={e.requestSha256} />
                  </span>
                  <span>
                    {t('timeline.response')} <Hash value={e.responseSha256} />
                  </span>
                  <span>
                    {t('timeline.chain')} <Hash value={e.chainSha256} />
                  </span>
                </div>
              </div>
            ),
          }))}
        />
      </Card>

      {dialog === 'edit' ? <NotarizationForm application={a} onClose={() => setDialog(null)} /> : null}
      {dialog === 'supplement' ? (
        <SupplementDialog
          request={a.supplementRequest}
          submit={async (input) => {
            await supplement.mutateAsync({ id: a.id, input });
            void message.success(t('supplement.done'));
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'withdraw' ? (
        <ReasonDialog
          title={t('moves.withdraw.title', { number: a.number })}
          label={t('moves.withdraw.reason')}
          hint={a.state === 'draft' ? undefined : t('moves.withdraw.hint')}
          okText={t('moves.withdraw.ok')}
          schema={NotarizationWithdrawInput}
          submit={async ({ reason }) => {
            await withdraw.mutateAsync({ id: a.id, reason });
            void message.success(t('moves.withdraw.done'));
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
