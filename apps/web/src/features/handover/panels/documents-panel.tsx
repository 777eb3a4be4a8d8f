import Button from 'antd/es/button';
import List from 'antd/es/list';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_KIND_TITLES, type DocumentKind } from '@fleetdesk/contracts/handover';
import type { ContractTabProps } from '../../../components/contract-tabs/contract-tabs';
import { documentsQuery, downloadDocument } from '../api/handover';
import { useTitle } from '../components/use-title';

/** Under the contract page's documents tab: the contract, inspection sheets and settlement statement as PDF. */
export default function DocumentsPanel({ contract }: ContractTabProps) {
  const { t } = useTranslation('handover');
  const title = useTitle();
  const docs = useQuery(documentsQuery(contract.id));
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
          ]}
        >
          {title(DOCUMENT_KIND_TITLES[d.kind])}
        </List.Item>
      )}
    />
  );
}
