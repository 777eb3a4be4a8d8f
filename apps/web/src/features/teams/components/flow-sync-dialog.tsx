import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FLOW_PLATFORM_TITLES,
  FLOW_SYNC_MAX_DAYS,
  FlowSyncInput,
  type FlowPlatform,
  type FlowSync,
} from '@fleetdesk/contracts/team-performance';
import { InlineFailure } from '../../../components/inline-failure';
import { RequestError } from '../../../lib/request';
import { useTitle } from '../../../lib/use-title';
import { issueMessage } from '../../../lib/validation';
import { platformsQuery } from '../api/platforms';
import { isSyncFailure, useSyncFlows } from '../api/sync-flows';
import { addDays, daysBetween, defaultSyncRange, today } from '../model/flow-sync';
import { SyncDays } from './sync-history';

const DAY = 'YYYY-MM-DD';

/** The server's words for a failed sync: its field errors when it names some, else its message. */
function failureText(error: RequestError): string {
  const errors = (error.body as { errors?: { message: string }[] } | null)?.errors ?? [];
  const texts = [...new Set(errors.map((e) => e.message).filter(Boolean))];
  return texts.length ? texts.join('; ') : error.serverMessage;
}

/**
 * Syncing a platform's days now (`teams:import`): one of the enabled accounts, the days (yesterday by default, at
 * most FLOW_SYNC_MAX_DAYS, none after today), then the result: days fetched, written, and those of phones that are
 * no driver of the fleet. The performance figures reload; a refusal or the platform's failure stays in the dialog.
 * Without an enabled account it says to set the platform API up first (`onSetup`: the way there, for an editor).
 */
export function FlowSyncDialog({ onClose, onSetup }: { onClose: () => void; onSetup?: () => void }) {
  const { t } = useTranslation('teams');
  const title = useTitle();
  const platforms = useQuery(platformsQuery());
  const sync = useSyncFlows();
  const [chosen, setChosen] = useState<FlowPlatform | undefined>();
  const [range, setRange] = useState(defaultSyncRange);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<FlowSync | null>(null);

  const enabled = platforms.data?.accounts.filter((a) => a.enabled) ?? [];
  const platform = chosen && enabled.some((a) => a.platform === chosen) ? chosen : enabled[0]?.platform;
  const last = today();
  const days = daysBetween(range.from, range.to);

  const setDay = (key: 'from' | 'to', value: Dayjs | null) => {
    setRangeError(null);
    setFailure(null);
    if (value) setRange((r) => ({ ...r, [key]: value.format(DAY) }));
  };

  const start = async () => {
    if (!platform) return;
    const input = { platform, from: range.from, to: range.to };
    if (input.to > last || input.from > last) {
      setRangeError(t('sync.notAfterToday'));
      return;
    }
    const parsed = FlowSyncInput.safeParse(input);
    if (!parsed.success) {
      setRangeError(issueMessage(parsed.error.issues[0]!, t));
      return;
    }
    setFailure(null);
    try {
      setResult(await sync.mutateAsync(parsed.data));
    } catch (error) {
      // Any other failure has been shown by the request layer.
      if (error instanceof RequestError && isSyncFailure(error)) setFailure(failureText(error) || error.message);
    }
  };

  const again = () => {
    setResult(null);
    sync.reset();
  };

  const platformName = (p: FlowPlatform) => title(FLOW_PLATFORM_TITLES[p]);
  const state = platforms.isPending
    ? 'loading'
    : !platforms.data
      ? 'failed'
      : !enabled.length
        ? 'none'
        : result
          ? 'result'
          : 'form';

  const footer =
    state === 'form'
      ? [
          <Button key="cancel" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>,
          <Button key="start" type="primary" loading={sync.isPending} onClick={() => void start()}>
            {t('sync.start')}
          </Button>,
        ]
      : state === 'result'
        ? [
            <Button key="again" onClick={again}>
              {t('sync.again')}
            </Button>,
            <Button key="done" type="primary" onClick={onClose}>
              {t('sync.done')}
            </Button>,
          ]
        : [
            <Button key="close" onClick={onClose}>
              {t('sync.close')}
            </Button>,
          ];

  return (
    <Modal open title={t('sync.title')} onCancel={onClose} width={560} destroyOnHidden footer={footer}>
      {state === 'loading' ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : state === 'failed' ? (
        <Result
          status="warning"
          title={t('platforms.loadFailed')}
          extra={<Button onClick={() => void platforms.refetch()}>{t('common:actions.retry')}</Button>}
        />
      ) : state === 'none' ? (
        <Empty className="fd-sync-none" description={<strong>{t('sync.noAccounts')}</strong>}>
          <p className="fd-muted">{onSetup ? t('sync.noAccountsHint') : t('sync.noAccountsAsk')}</p>
          {onSetup ? (
            <Button type="primary" onClick={onSetup}>
              {t('sync.setup')}
            </Button>
          ) : null}
        </Empty>
      ) : state === 'result' && result ? (
        <SyncResult sync={result} name={platformName(result.platform)} />
      ) : (
        <Spin
          spinning={sync.isPending}
          description={t('sync.running', { platform: platform ? platformName(platform) : '' })}
        >
          <p className="fd-muted">{t('sync.intro', { max: FLOW_SYNC_MAX_DAYS })}</p>
          <InlineFailure failure={failure} onClose={() => setFailure(null)} className="fd-sync-failure" />
          <Form layout="vertical" name="flow-sync" disabled={sync.isPending}>
            <Form.Item label={t('sync.platform')} htmlFor="flow-sync-platform">
              <Select<FlowPlatform>
                id="flow-sync-platform"
                value={platform}
                onChange={(v) => {
                  setFailure(null);
                  setChosen(v);
                }}
                options={enabled.map((a) => ({ value: a.platform, label: platformName(a.platform) }))}
              />
            </Form.Item>
            <div className="fd-sync-days">
              <Form.Item label={t('sync.from')} htmlFor="flow-sync-from">
                <DatePicker
                  id="flow-sync-from"
                  allowClear={false}
                  value={dayjs(range.from)}
                  disabledDate={(d: Dayjs) => d.format(DAY) > last}
                  onChange={(v: Dayjs | null) => setDay('from', v)}
                />
              </Form.Item>
              <Form.Item
                label={t('sync.to')}
                htmlFor="flow-sync-to"
                validateStatus={rangeError ? 'error' : undefined}
                help={rangeError ?? t('sync.dayCount', { count: days, max: FLOW_SYNC_MAX_DAYS })}
              >
                <DatePicker
                  id="flow-sync-to"
                  allowClear={false}
                  value={dayjs(range.to)}
                  // Not after today, nor before the first day or beyond the most days one sync may ask.
                  disabledDate={(d: Dayjs) => {
                    const day = d.format(DAY);
                    return day > last || day < range.from || day > addDays(range.from, FLOW_SYNC_MAX_DAYS - 1);
                  }}
                  onChange={(v: Dayjs | null) => setDay('to', v)}
                />
              </Form.Item>
            </div>
          </Form>
        </Spin>
      )}
    </Modal>
  );
}

/** A sync's outcome: what the platform answered, what was written, and the phones that are no driver here. */
function SyncResult({ sync, name }: { sync: FlowSync; name: string }) {
  const { t } = useTranslation('teams');
  const failed = sync.state === 'failed';
  return (
    <div className="fd-sync-result" data-testid="sync-result">
      <Result
        status={failed ? 'error' : sync.unknown ? 'warning' : 'success'}
        title={failed ? t('sync.failedTitle', { platform: name }) : t('sync.doneTitle', { platform: name })}
        subTitle={failed ? (sync.error ?? undefined) : <SyncDays sync={sync} />}
      />
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'fetched', label: t('sync.fetched'), children: t('sync.daysCount', { count: sync.fetched }) },
          { key: 'written', label: t('sync.written'), children: t('sync.daysCount', { count: sync.written }) },
          { key: 'unknown', label: t('sync.unknown'), children: t('sync.daysCount', { count: sync.unknown }) },
        ]}
      />
      {sync.unknownPhones.length ? (
        <Alert
          className="fd-sync-unknown"
          type="warning"
          showIcon
          title={t('sync.unknownHint')}
          description={
            <span className="fd-sync-phones">
              {sync.unknownPhones.map((p) => (
                <Tag key={p}>{p}</Tag>
              ))}
            </span>
          }
        />
      ) : null}
    </div>
  );
}
