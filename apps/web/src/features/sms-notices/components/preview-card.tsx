import SendOutlined from '@ant-design/icons/SendOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Popconfirm from 'antd/es/popconfirm';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import {
  renderTemplate,
  smsSegments,
  type InvalidRecipient,
  type SmsPreview,
  type SmsSettings,
} from '@fleetdesk/contracts/sms-notices';
import { formatMoney } from '../../../lib/format';
import type { SmsVariable } from '../api/get-variables';
import type { Draft } from '../model/draft';
import { InvalidReason } from './invalid-reason';

const LISTED_PROBLEMS = 8;

interface Props {
  draft: Draft;
  preview: SmsPreview | undefined;
  /** The preview is of the draft as it is now (not one being typed or asked for). */
  current: boolean;
  loading: boolean;
  settings: SmsSettings | undefined;
  variables: readonly SmsVariable[];
  sending: boolean;
  onSend: () => void;
  /** Removes recipients by their position in the list (0-based). */
  onRemoveRows: (rows: number[]) => void;
}

function ProblemList({ problems, onRemove }: { problems: InvalidRecipient[]; onRemove: () => void }) {
  const { t } = useTranslation('sms-notices');
  return (
    <>
      <ul className="fd-sms-problems">
        {problems.slice(0, LISTED_PROBLEMS).map((p) => (
          <li key={`${p.row}-${p.reason}`}>
            <span className="fd-muted">{t('preview.row', { row: p.row })}</span> {p.phone || '-'}{' '}
            <InvalidReason problem={p} />
          </li>
        ))}
        {problems.length > LISTED_PROBLEMS && (
          <li className="fd-muted">{t('preview.more', { count: problems.length - LISTED_PROBLEMS })}</li>
        )}
      </ul>
      <Button size="small" className="fd-sms-problems-action" onClick={onRemove}>
        {t('preview.removeThem')}
      </Button>
    </>
  );
}

/**
 * Step 3: what each recipient gets, what it costs (the messages beyond the plan's included ones this month,
 * charged as S20), what the quota leaves, what stops the sending.
 */
export function PreviewCard(props: Props) {
  const { t } = useTranslation('sms-notices');
  const { draft, preview, current, settings } = props;
  const signature = settings ? `【${settings.signature}】` : '';
  const examples = Object.fromEntries(props.variables.map((v) => [v.key, v.example]));
  const first = current ? preview?.previews[0] : undefined;
  const sample = first?.text ?? (draft.content.trim() ? `${signature}${renderTemplate(draft.content, examples)}` : '');
  const sampleCount = smsSegments(sample);

  const blocking = preview?.invalid.filter((i) => i.reason !== 'duplicate') ?? [];
  const duplicates = preview?.invalid.filter((i) => i.reason === 'duplicate') ?? [];
  const overQuota = !!preview && preview.count > preview.quota.remaining;
  const remaining = preview?.quota.remaining ?? Math.max(0, (settings?.dailyQuota ?? 0) - (settings?.usedToday ?? 0));
  const reason = !draft.content.trim()
    ? 'needContent'
    : !draft.recipients.length
      ? 'needRecipients'
      : !current || !preview
        ? 'checking'
        : blocking.length
          ? 'fixProblems'
          : !preview.count
            ? 'needRecipients'
            : overQuota
              ? 'overQuota'
              : null;

  return (
    <Card title={t('compose.previewStep')} className="fd-sms-card fd-sms-preview" data-testid="sms-preview">
      <div className="fd-sms-phone">
        <div className="fd-sms-phone-to">
          {first
            ? t('preview.to', { who: first.name ? `${first.name} ${first.phone}` : first.phone })
            : t('preview.sample')}
        </div>
        <div className={`fd-sms-bubble${sample ? '' : ' fd-sms-bubble-empty'}`} data-testid="sms-live-text">
          {sample || t('preview.nothing')}
        </div>
        {sample && (
          <div className="fd-muted fd-sms-bubble-count">
            {t('count.text', { length: sampleCount.length, segments: sampleCount.segments })}
          </div>
        )}
      </div>

      <Spin spinning={props.loading} size="small">
        <dl className="fd-sms-stats">
          <div>
            <dt>{t('preview.count')}</dt>
            <dd data-testid="preview-count" className={current ? undefined : 'fd-sms-stale'}>
              {preview ? preview.count : '-'}
            </dd>
          </div>
          <div>
            <dt>{t('preview.segments')}</dt>
            <dd data-testid="preview-segments" className={current ? undefined : 'fd-sms-stale'}>
              {preview ? preview.totalSegments : '-'}
            </dd>
          </div>
          <div>
            <dt>{t('preview.cost')}</dt>
            <dd data-testid="preview-cost" className={current ? undefined : 'fd-sms-stale'}>
              {preview ? formatMoney(preview.cost) : '-'}
              {preview?.monthly && (
                <div className="fd-muted" data-testid="preview-included">
                  {t('preview.included', {
                    left: preview.monthly.left.toLocaleString(),
                    included: preview.monthly.included.toLocaleString(),
                  })}
                  {preview.chargedMessages
                    ? ` ${t('preview.charged', {
                        count: preview.chargedMessages,
                        price: formatMoney(preview.monthly.unitPrice ?? 0),
                      })}`
                    : ''}
                </div>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('preview.quota')}</dt>
            <dd>
              {settings || preview
                ? t('preview.quotaValue', {
                    used: (preview?.quota.usedToday ?? settings!.usedToday).toLocaleString(),
                    daily: (preview?.quota.daily ?? settings!.dailyQuota).toLocaleString(),
                  })
                : '-'}
              <div className="fd-muted">{t('preview.remaining', { value: remaining.toLocaleString() })}</div>
            </dd>
          </div>
        </dl>
      </Spin>

      {current && blocking.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('preview.blocking', { count: blocking.length })}
          description={
            <ProblemList problems={blocking} onRemove={() => props.onRemoveRows(blocking.map((p) => p.row - 1))} />
          }
        />
      )}
      {current && duplicates.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('preview.duplicates', { count: duplicates.length })}
          description={
            <ProblemList problems={duplicates} onRemove={() => props.onRemoveRows(duplicates.map((p) => p.row - 1))} />
          }
        />
      )}
      {current && overQuota && (
        <Alert
          type="error"
          showIcon
          title={t('preview.overQuota', { count: preview!.count, remaining: preview!.quota.remaining })}
        />
      )}

      {current && preview && preview.previews.length > 0 && (
        <details className="fd-sms-texts">
          <summary>{t('preview.texts', { count: preview.previews.length, total: preview.count })}</summary>
          <ol>
            {preview.previews.map((p) => (
              <li key={p.phone}>
                <div className="fd-sms-texts-who">
                  {p.name ? `${p.name} ` : ''}
                  {p.phone}
                </div>
                <div>{p.text}</div>
                <div className="fd-muted fd-sms-texts-count">
                  {t('count.text', { length: p.length, segments: p.segments })}
                </div>
              </li>
            ))}
          </ol>
        </details>
      )}

      <div className="fd-sms-send">
        <Popconfirm
          title={t('send.confirmTitle')}
          description={
            preview
              ? t('send.confirm', {
                  count: preview.count,
                  segments: preview.totalSegments,
                  cost: formatMoney(preview.cost),
                })
              : undefined
          }
          okText={t('send.ok')}
          onConfirm={props.onSend}
          disabled={!!reason}
        >
          <Button type="primary" size="large" block icon={<SendOutlined />} disabled={!!reason} loading={props.sending}>
            {preview && current && preview.count ? t('send.button', { count: preview.count }) : t('send.buttonIdle')}
          </Button>
        </Popconfirm>
        {reason && <p className="fd-muted fd-sms-send-why">{t(`send.why.${reason}`)}</p>}
      </div>
    </Card>
  );
}
