import Tabs from 'antd/es/tabs';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAccess } from '../../../lib/access';
import { settingsQuery } from '../api/get-settings';
import { ComposePanel } from '../components/compose-panel';
import { HistoryList } from '../components/history-list';
import { OutboxList } from '../components/outbox-list';
import { SandboxBadge } from '../components/sandbox-badge';
import { TemplatesList } from '../components/templates-list';
import { useDraft } from '../model/draft';
import '../i18n';
import './sms-notices-page.css';

type Tab = 'compose' | 'history' | 'templates' | 'outbox';

/** `/oa/message`: write and send SMS notices, their history, the templates, and the gateway's outbox. */
export default function SmsNoticesPage() {
  const { t } = useTranslation('sms-notices');
  const access = useAccess();
  const canSend = access.can('oaMessage:send');
  const [search, setSearch] = useSearchParams();
  const settings = useQuery(settingsQuery());
  const draft = useDraft();
  const tabs: Tab[] = canSend ? ['compose', 'history', 'templates', 'outbox'] : ['history', 'templates', 'outbox'];
  const asked = search.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : tabs[0]!;
  // Each tab has its own filters: switching starts from a clean query.
  const go = (next: Tab, extra: Record<string, string> = {}) =>
    setSearch(next === tabs[0] && !Object.keys(extra).length ? {} : { tab: next, ...extra });
  const openBatch = (id: number | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.set('tab', 'history');
      if (id) next.set('batch', String(id));
      else next.delete('batch');
      return next;
    });

  const panels: Record<Tab, ReactNode> = {
    compose: <ComposePanel api={draft} onSent={(batchId) => go('history', { batch: String(batchId) })} />,
    history: <HistoryList onOpen={openBatch} />,
    templates: (
      <TemplatesList
        onUse={
          canSend
            ? (template) => {
                draft.pickTemplate(template);
                go('compose');
              }
            : null
        }
      />
    ),
    outbox: <OutboxList sandbox={!!settings.data?.sandbox} />,
  };

  return (
    <div className="fd-sms">
      <div className="fd-sms-title">
        <h1 className="fd-page-title">{t('title')}</h1>
        {settings.data?.sandbox && <SandboxBadge />}
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => go(key as Tab)}
        items={tabs.map((key) => ({ key, label: t(`tabs.${key}`), children: panels[key] }))}
        destroyOnHidden
      />
    </div>
  );
}
