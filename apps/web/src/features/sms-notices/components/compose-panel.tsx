import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvalidRecipient } from '@fleetdesk/contracts/sms-notices';
import { TaskCategory } from '@fleetdesk/contracts/tasks';
import { startTaskNotice } from '../../../lib/task-notices';
import { settingsQuery } from '../api/get-settings';
import { variablesQuery } from '../api/get-variables';
import { previewQuery } from '../api/preview-notice';
import { useSendNotice } from '../api/send-notice';
import { toRequest, type DraftApi } from '../model/draft';
import { useDebounced } from '../../../lib/use-debounced';
import { MessageCard } from './message-card';
import { PreviewCard } from './preview-card';
import { RecipientsCard } from './recipients-card';

const NO_PROBLEMS: ReadonlyMap<number, InvalidRecipient> = new Map();

/** Writing a notice: text, recipients, preview; sending starts the task and its notice. */
export function ComposePanel({ api, onSent }: { api: DraftApi; onSent: (batchId: number) => void }) {
  const { i18n } = useTranslation('sms-notices');
  const { draft } = api;
  const settings = useQuery(settingsQuery());
  const variables = useQuery(variablesQuery(i18n.language));
  const content = useDebounced(draft.content, 400);
  const settled = content === draft.content;
  const ready = !!content.trim() && draft.recipients.length > 0;
  // The list is turned into a request only when it changes (it can be long): draft.version stands for it.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- draft itself is a new object on every keystroke
  const request = useMemo(() => toRequest({ ...draft, content }), [draft.version, draft.templateId, content]);
  const preview = useQuery({ ...previewQuery(request, draft.version), enabled: ready && settled });
  const current = ready && settled && !!preview.data && !preview.isPlaceholderData && !preview.isFetching;
  const problems = useMemo(
    () => (current ? new Map(preview.data!.invalid.map((p) => [p.row - 1, p])) : NO_PROBLEMS),
    [current, preview.data],
  );
  const send = useSendNotice();

  const submit = async () => {
    const count = preview.data?.count;
    const result = await send.mutateAsync(toRequest(draft)).catch(() => null);
    if (!result) return;
    startTaskNotice({
      id: result.taskId,
      targetId: result.targetId,
      category: TaskCategory.sms,
      title: draft.content.slice(0, 40),
      ...(count ? { total: count } : {}),
    });
    api.reset();
    onSent(result.batchId);
  };

  return (
    <div className="fd-sms-compose">
      <div className="fd-sms-compose-main">
        <MessageCard api={api} variables={variables.data ?? []} signature={settings.data?.signature} />
        <RecipientsCard api={api} problems={problems} />
      </div>
      <aside className="fd-sms-compose-side">
        <PreviewCard
          draft={draft}
          preview={ready ? preview.data : undefined}
          current={current}
          loading={ready && (preview.isFetching || !settled)}
          settings={settings.data}
          variables={variables.data ?? []}
          sending={send.isPending}
          onSend={() => void submit()}
          onRemoveRows={(rows) => api.remove(rows.map((i) => draft.recipients[i]?.key).filter((k) => k !== undefined))}
        />
      </aside>
    </div>
  );
}
