import Button from 'antd/es/button';
import List from 'antd/es/list';
import message from 'antd/es/message';
import Space from 'antd/es/space';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ATTACHMENT_TRIGGER_TITLES,
  DOCUMENT_KIND_TITLES,
  TEMPLATE_KIND_TITLES,
  type AttachmentKind,
  type DocumentKind,
} from '@fleetdesk/contracts/handover';
import { useAccess } from '../../../lib/access';
import { formatDateTime } from '../../../lib/format';
import type { ContractTabProps } from '../../../components/contract-tabs/contract-tabs';
import { attachmentsQuery, documentsQuery, downloadDocument, useStoreDocument } from '../api/handover';
import { useTitle } from '../../../lib/use-title';

const KIND_TITLES: Record<AttachmentKind, { 'zh-CN': string; 'en-US': string }> = {
  ...DOCUMENT_KIND_TITLES,
  receipt: TEMPLATE_KIND_TITLES.receipt,
};

/** The first characters of a SHA-256, enough to compare by eye (the whole value in the tooltip). */
const shortHash = (hash: string) => (hash.length > 12 ? `${hash.slice(0, 12)}…` : hash);
const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

/**
 * Under the contract page's documents tab: the contract, inspection sheets and settlement statement as PDF
 * (made now), each may be kept with the contract (a new version); below, the documents kept, with who and when.
 */
export default function DocumentsPanel(props: ContractTabProps) {
  return (
    <Space direction="vertical" className="fd-contract-documents-tab" style={{ width: '100%' }}>
      <CurrentDocuments {...props} />
      <StoredDocuments {...props} />
    </Space>
  );
}

function CurrentDocuments({ contract }: ContractTabProps) {
  const { t } = useTranslation('handover');
  const title = useTitle();
  const canPrint = useAccess().can('rentContract:print');
  const docs = useQuery(documentsQuery(contract.id));
  const store = useStoreDocument();
  const [busy, setBusy] = useState<DocumentKind | null>(null);
  const download = async (kind: DocumentKind) => {
    setBusy(kind);
    try {
      await downloadDocument(contract.id, kind, `${DOCUMENT_KIND_TITLES[kind]['zh-CN']}-${contract.number}.pdf`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <List
      className="fd-contract-documents"
      header={<strong>{t('documents.title')}</strong>}
      loading={docs.isLoading}
      dataSource={docs.data ?? []}
      renderItem={(d) => (
        <List.Item
          actions={[
            d.available ? (
              <Button
                key="download"
                type="link"
                loading={busy === d.kind}
                onClick={() => void download(d.kind).catch(() => undefined)}
              >
                {t('documents.download')}
              </Button>
            ) : (
              <span key="none">{t('documents.unavailable')}</span>
            ),
            ...(d.available && canPrint
              ? [
                  <Button
                    key="store"
                    type="link"
                    loading={store.isPending && store.variables?.kind === d.kind}
                    onClick={() =>
                      store.mutate(
                        { id: contract.id, kind: d.kind },
                        { onSuccess: () => void message.success(t('documents.storedDone')) },
                      )
                    }
                  >
                    {t('documents.regenerate')}
                  </Button>,
                ]
              : []),
          ]}
        >
          {title(DOCUMENT_KIND_TITLES[d.kind])}
        </List.Item>
      )}
    />
  );
}

/** The PDFs kept with the contract: every version, who made it (or the system at signing, return, approval). */
function StoredDocuments({ contract }: ContractTabProps) {
  const { t } = useTranslation('handover');
  const title = useTitle();
  const stored = useQuery(attachmentsQuery(contract.id));
  return (
    <List
      className="fd-contract-attachments"
      header={<strong>{t('documents.stored')}</strong>}
      loading={stored.isLoading}
      dataSource={stored.data ?? []}
      locale={{ emptyText: t('documents.storedEmpty') }}
      renderItem={(a) => (
        <List.Item
          actions={[
            <a key="download" href={a.url} download={a.fileName}>
              {t('documents.download')}
            </a>,
          ]}
        >
          <List.Item.Meta
            title={`${title(KIND_TITLES[a.kind])} · ${t('documents.version', { version: a.version })}`}
            description={
              <>
                {`${formatDateTime(a.createdAt)} · ${
                  // A signed PDF says so (it came from the e-signature provider, whoever sent the contract).
                  a.createdBy && a.trigger !== 'esign'
                    ? t('documents.by', { name: a.createdBy })
                    : title(ATTACHMENT_TRIGGER_TITLES[a.trigger])
                }`}
                {a.evidenceNo ? ` · ${t('documents.evidenceNo', { no: a.evidenceNo })}` : null}
                {a.sha256 ? (
                  <>
                    {' · SHA-256 '}
                    <span className="fd-contract-sha256" title={a.sha256} data-sha256={a.sha256} style={MONO}>
                      {shortHash(a.sha256)}
                    </span>
                  </>
                ) : null}
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}
