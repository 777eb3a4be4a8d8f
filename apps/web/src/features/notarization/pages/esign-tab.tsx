import CopyOutlined from '@ant-design/icons/CopyOutlined';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Collapse from 'antd/es/collapse';
import Descriptions from 'antd/es/descriptions';
import type { DescriptionsProps } from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ESIGN_EVENT_TITLES,
  ESIGN_SIGNER_ROLE_TITLES,
  EsignCancelInput,
  type EsignFlow,
  type EsignSigner,
} from '@fleetdesk/contracts/notarization';
import type { ContractTabProps } from '../../../components/contract-tabs/contract-tabs';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { downloadSignedFile, esignPanelQuery, sealUrl, useCancelEsign, useRemindEsign } from '../api/esign';
import { ReasonDialog } from '../components/dialogs';
import { SendDialog } from '../components/send-dialog';
import { FlowStateTag, Hash, SignerStateTag } from '../components/titles';
import { notarizable } from '../model/actions';
import '../i18n';
import '../notarization.css';

/**
 * The contract page's e-signature tab: the provider, its price and the balance; sending a pending contract for
 * signing; the flow signing now (its signers, reminders, the company's seal, cancelling), the signed file with its
 * SHA-256 and evidence number, the flow's events; earlier flows folded below. Asked again every 5 s while signing.
 */
export default function EsignTab({ contract }: ContractTabProps) {
  const { t } = useTranslation('notarization');
  const access = useAccess();
  const client = useQueryClient();
  const panel = useQuery(esignPanelQuery(contract.id));
  const [sending, setSending] = useState(false);
  const current = panel.data?.current ?? null;

  // The last signature signs the contract (and stores the signed PDF): the contract's page and documents follow.
  const seen = useRef<{ id: number; state: string } | null>(null);
  useEffect(() => {
    const before = seen.current;
    seen.current = current ? { id: current.id, state: current.state } : null;
    if (before && current && before.id === current.id && before.state === 'signing' && current.state !== 'signing') {
      void client.invalidateQueries({ queryKey: ['contracts'] });
      void client.invalidateQueries({ queryKey: ['handover'] });
    }
  }, [client, current]);

  if (panel.isPending) return <Skeleton active />;
  if (panel.isError)
    return (
      <Result
        status="error"
        title={t('esign.loadFailed')}
        extra={<Button onClick={() => void panel.refetch()}>{t('common:actions.retry')}</Button>}
      />
    );
  const p = panel.data;
  const canNotarize = notarizable(contract) && access.can('notarization:add');
  return (
    <div className="fd-nz-esign" data-testid="esign-tab">
      <Card size="small">
        <div className="fd-nz-esign-head">
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 3 }}
            items={[
              {
                key: 'provider',
                label: t('esign.provider'),
                children: (
                  <span data-testid="esign-provider">
                    {p.provider.name}
                    {p.provider.sandbox ? (
                      <Tag color="purple" className="fd-nz-sandbox-tag">
                        {t('sandbox')}
                      </Tag>
                    ) : null}
                  </span>
                ),
              },
              {
                key: 'price',
                label: t('esign.price'),
                children: p.unitPrice !== null ? formatMoney(p.unitPrice) : t('esign.noPriceShort'),
              },
              { key: 'balance', label: t('esign.balance'), children: formatMoney(p.balance) },
            ]}
          />
          <Space wrap>
            {p.canSend && access.can('rentContract:sign') ? (
              <Button type="primary" onClick={() => setSending(true)}>
                {t('esign.send')}
              </Button>
            ) : null}
            {canNotarize ? (
              <Link to={`/notarization?contractId=${contract.id}&new=1`} className="fd-nz-apply-link">
                <SafetyCertificateOutlined /> {t('esign.notarize')}
              </Link>
            ) : null}
          </Space>
        </div>
        {!p.canSend && p.refusal ? (
          <p className="fd-muted fd-nz-refusal" data-testid="esign-refusal">
            {p.refusal}
          </p>
        ) : null}
      </Card>

      {current ? (
        <FlowCard flow={current} live contractNumber={contract.number} />
      ) : (
        <Empty description={t('esign.none')} />
      )}

      {p.history.length ? (
        <Collapse
          size="small"
          items={[
            {
              key: 'history',
              label: t('esign.history', { count: p.history.length }),
              children: (
                <div className="fd-nz-history">
                  {p.history.map((flow) => (
                    <FlowCard key={flow.id} flow={flow} contractNumber={contract.number} />
                  ))}
                </div>
              ),
            },
          ]}
        />
      ) : null}

      {sending ? <SendDialog contract={contract} panel={p} onClose={() => setSending(false)} /> : null}
    </div>
  );
}

/** One signing flow; `live`: the current one, with its actions while it signs. */
function FlowCard({ flow, live, contractNumber }: { flow: EsignFlow; live?: boolean; contractNumber: string }) {
  const { t } = useTranslation('notarization');
  const title = useTitle();
  const access = useAccess();
  const { message } = App.useApp();
  const remind = useRemindEsign();
  const cancel = useCancelEsign();
  const [cancelling, setCancelling] = useState(false);
  const [sealing, setSealing] = useState(false);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const signing = flow.state === 'signing';
  const canSign = access.can('rentContract:sign');
  const company = flow.signers.find((s) => s.role === 'company');

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      void message.success(t('esign.copied'));
    } catch {
      void message.info(url);
    }
  };
  const seal = async () => {
    setSealing(true);
    setBlocked(null);
    try {
      const { url } = await sealUrl(flow.id);
      // The seal page opens in a new window; a browser that blocks it gets the link instead.
      const opened = window.open(url, '_blank');
      if (opened) opened.opener = null;
      else setBlocked(url);
    } catch {
      // Shown by the request layer.
    } finally {
      setSealing(false);
    }
  };
  const download = async () => {
    if (!flow.signedFile) return;
    setDownloading(true);
    try {
      await downloadSignedFile(flow.id, flow.signedFile.fileName);
    } catch {
      // Shown by the request layer.
    } finally {
      setDownloading(false);
    }
  };

  const items: DescriptionsProps['items'] = [
    { key: 'state', label: t('esign.state'), children: <FlowStateTag state={flow.state} /> },
    { key: 'flowNo', label: t('esign.flowNo'), children: flow.flowNo },
    {
      key: 'providerFlowId',
      label: t('esign.providerFlowId'),
      children: <span className="fd-nz-mono">{flow.providerFlowId}</span>,
    },
    { key: 'account', label: t('esign.account'), children: flow.accountName ?? '-' },
    {
      key: 'created',
      label: t('esign.created'),
      children: `${formatDateTime(flow.createdAt)}${flow.createdBy ? ` · ${flow.createdBy}` : ''}`,
    },
    { key: 'expires', label: t('esign.expires'), children: formatDateTime(flow.expiresAt) },
    ...(flow.completedAt
      ? [{ key: 'completed', label: t('esign.completed'), children: formatDateTime(flow.completedAt) }]
      : []),
    {
      key: 'fee',
      label: t('esign.fee'),
      children: (
        <>
          {formatMoney(flow.fee)}
          {flow.feeRefunded ? <Tag className="fd-nz-refunded">{t('refunded')}</Tag> : null}
        </>
      ),
    },
    ...(flow.remindedAt
      ? [{ key: 'reminded', label: t('esign.reminded'), children: formatDateTime(flow.remindedAt) }]
      : []),
    ...(flow.endedReason ? [{ key: 'ended', label: t('esign.endedReason'), children: flow.endedReason }] : []),
  ];

  return (
    <Card
      size="small"
      title={flow.title || contractNumber}
      data-testid={live ? 'esign-current' : `esign-flow-${flow.id}`}
      extra={
        live && signing && canSign ? (
          <Space wrap role="group" aria-label={t('esign.actions')}>
            <Button
              loading={remind.isPending}
              onClick={() =>
                void remind
                  .mutateAsync(flow.id)
                  .then(() => message.success(t('esign.remindDone')))
                  .catch(() => undefined)
              }
            >
              {t('esign.remind')}
            </Button>
            {company?.state === 'signing' ? (
              <Button type="primary" loading={sealing} onClick={() => void seal()}>
                {t('esign.seal')}
              </Button>
            ) : null}
            <Button danger onClick={() => setCancelling(true)}>
              {t('esign.cancel')}
            </Button>
          </Space>
        ) : null
      }
    >
      {flow.signError ? (
        <Alert
          type="warning"
          showIcon
          className="fd-nz-gap"
          title={t('esign.signError', { error: flow.signError })}
          data-testid="esign-sign-error"
        />
      ) : null}
      {blocked ? (
        <Alert
          type="info"
          showIcon
          className="fd-nz-gap"
          title={t('esign.sealBlocked')}
          action={
            <a href={blocked} target="_blank" rel="noopener noreferrer">
              {t('esign.sealOpen')}
            </a>
          }
        />
      ) : null}
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={items} />

      <Table<EsignSigner>
        className="fd-nz-gap"
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={[...flow.signers].sort((a, b) => a.order - b.order)}
        scroll={{ x: 'max-content' }}
        aria-label={t('esign.signers')}
        columns={[
          { key: 'order', title: '#', render: (_, s) => s.order },
          { key: 'role', title: t('esign.role'), render: (_, s) => title(ESIGN_SIGNER_ROLE_TITLES[s.role]) },
          { key: 'name', title: t('esign.name'), dataIndex: 'name' },
          { key: 'phone', title: t('esign.phone'), render: (_, s) => s.phone ?? '-' },
          { key: 'state', title: t('esign.signerState'), render: (_, s) => <SignerStateTag state={s.state} /> },
          {
            key: 'signedAt',
            title: t('esign.signedAt'),
            render: (_, s) => (s.signedAt ? formatDateTime(s.signedAt) : '-'),
          },
          { key: 'refused', title: t('esign.refusedReason'), render: (_, s) => s.refusedReason ?? '' },
          {
            key: 'link',
            title: t('esign.link'),
            render: (_, s) =>
              live && s.role === 'driver' && s.url ? (
                <Space size={4} wrap>
                  <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(s.url!)}>
                    {t('esign.copyLink')}
                  </Button>
                  <a href={s.url} target="_blank" rel="noopener noreferrer">
                    <ExportOutlined /> {t('esign.openLink')}
                  </a>
                </Space>
              ) : null,
          },
        ]}
      />

      {flow.signedFile ? (
        <div className="fd-nz-signed" data-testid="esign-signed-file">
          <Descriptions
            size="small"
            column={1}
            title={t('esign.signedFile')}
            items={[
              { key: 'name', label: t('esign.fileName'), children: flow.signedFile.fileName },
              {
                key: 'sha256',
                label: t('esign.sha256'),
                children: <Hash value={flow.signedFile.sha256} full copyable />,
              },
              { key: 'evidence', label: t('esign.evidenceNo'), children: flow.signedFile.evidenceNo },
            ]}
          />
          <Button loading={downloading} onClick={() => void download()}>
            {t('esign.download')}
          </Button>
        </div>
      ) : null}

      {flow.events.length ? (
        <div className="fd-nz-gap">
          <strong>{t('esign.events')}</strong>
          <Timeline
            className="fd-nz-events"
            items={flow.events.map((e, i) => ({
              key: i,
              content: (
                <div>
                  <div>
                    <strong>{title(ESIGN_EVENT_TITLES[e.kind])}</strong>
                    <span className="fd-muted">
                      {' '}
                      · {formatDateTime(e.at, true)}
                      {e.actor ? ` · ${e.actor}` : ''}
                    </span>
                  </div>
                  {e.text ? <div>{e.text}</div> : null}
                  {e.sha256 ? (
                    <div className="fd-muted">
                      SHA-256 <Hash value={e.sha256} />
                    </div>
                  ) : null}
                </div>
              ),
            }))}
          />
        </div>
      ) : null}

      {cancelling ? (
        <ReasonDialog
          title={t('esign.cancelTitle')}
          label={t('esign.cancelReason')}
          hint={t('esign.cancelHint')}
          okText={t('esign.cancelOk')}
          schema={EsignCancelInput}
          submit={async (input) => {
            await cancel.mutateAsync({ flowId: flow.id, input });
            void message.success(t('esign.cancelDone'));
          }}
          onClose={() => setCancelling(false)}
        />
      ) : null}
    </Card>
  );
}
