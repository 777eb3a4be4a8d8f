import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InvalidRecipient } from '@fleetdesk/contracts/sms-notices';
import { recipientSourcesQuery } from '../api/get-recipient-sources';
import type { DraftApi } from '../model/draft';
import { PastePicker } from './paste-picker';
import { RecipientTable } from './recipient-table';
import { SourcePicker } from './source-picker';
import { UploadPicker } from './upload-picker';

/** Step 2: recipients from every source, gathered in one list. */
export function RecipientsCard({ api, problems }: { api: DraftApi; problems: ReadonlyMap<number, InvalidRecipient> }) {
  const { t, i18n } = useTranslation('sms-notices');
  const sources = useQuery(recipientSourcesQuery(i18n.language));
  const items = [
    ...(sources.data ?? []).map((s) => ({
      key: `source:${s.key}`,
      label: s.title,
      children: <SourcePicker source={s} api={api} />,
    })),
    { key: 'paste', label: t('paste.tab'), children: <PastePicker api={api} /> },
    { key: 'upload', label: t('upload.tab'), children: <UploadPicker api={api} /> },
  ];
  return (
    <Card title={t('compose.recipientsStep')} className="fd-sms-card">
      {sources.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Tabs size="small" items={items} className="fd-sms-source-tabs" />
      )}
      <RecipientTable api={api} problems={problems} />
    </Card>
  );
}
