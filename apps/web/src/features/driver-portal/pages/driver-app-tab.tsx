import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUBMISSION_KIND_TITLES, SUBMISSION_STATE_TITLES, type Submission } from '@fleetdesk/contracts/driver-portal';
import type { DriverTabProps } from '../../../components/driver-tabs/driver-tabs';
import { useAccess } from '../../../lib/access';
import { serverFieldErrors } from '../../../lib/field-failure';
import { formatDateTime } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { driverLevelQuery, submissionsQuery, useReview } from '../api/admin';
import { SUBMISSION_COLORS } from '../model/states';
import { NextLevel, perksText } from '../components/level-texts';
import '../i18n';
import '../portal.css';

function Failed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('driverPortal');
  return (
    <Alert
      type="warning"
      showIcon
      title={text}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common:actions.retry')}
        </Button>
      }
    />
  );
}

/** The driver's super driver level: perks, the facts behind it, the way to the next one. */
function LevelSection({ driverId }: { driverId: number }) {
  const { t } = useTranslation('driverPortal');
  const level = useQuery(driverLevelQuery(driverId));
  let body;
  if (level.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (level.isError) body = <Failed text={t('admin.levelFailed')} onRetry={() => void level.refetch()} />;
  else {
    const m = level.data;
    body = (
      <div className="fd-dp-admin-level" data-testid="dp-admin-level">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          items={[
            { key: 'level', label: t('admin.level'), children: <Tag color="gold">{m.level.name}</Tag> },
            {
              key: 'perks',
              label: t('membership.perks'),
              children: perksText(m.level.perks, t).join(t('membership.separator')),
            },
            { key: 'onTime', label: t('membership.onTime'), children: m.facts.onTimeMonths },
            { key: 'violations', label: t('membership.violations'), children: m.facts.violations },
            { key: 'accidents', label: t('membership.accidents'), children: m.facts.accidents },
            {
              key: 'overdue',
              label: t('membership.overdueNow'),
              children: m.facts.overdueNow ? t('membership.yes') : t('membership.no'),
            },
          ]}
        />
        <NextLevel m={m} />
      </div>
    );
  }
  return (
    <section className="fd-dp-admin-section">
      <h3>{t('admin.levelTitle')}</h3>
      {body}
    </section>
  );
}

/** The pictures of a submission as thumbnails; each opens (the addresses are signed). */
function Files({ files }: { files: string[] }) {
  const { t } = useTranslation('driverPortal');
  if (!files.length) return <span className="fd-muted">-</span>;
  return (
    <div className="fd-dp-thumbs">
      {files.map((url, i) => (
        <a key={url} href={url} target="_blank" rel="noopener noreferrer">
          <img src={url} alt={t('pictures.alt', { n: i + 1 })} />
        </a>
      ))}
    </div>
  );
}

/** Approve or reject with a note; a rejection needs one (the driver reads it). */
function ReviewDialog({
  target,
  onClose,
}: {
  target: { submission: Submission; approve: boolean } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('driverPortal');
  const review = useReview();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setNote('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!target) return;
    const text = note.trim();
    if (!target.approve && !text) {
      setError(t('admin.noteRequired'));
      return;
    }
    setError(null);
    try {
      await review.mutateAsync({ id: target.submission.id, approve: target.approve, note: text || null });
      close();
    } catch (e) {
      const field = serverFieldErrors(e)[0];
      if (field) setError(field.message);
    }
  };
  return (
    <Modal
      open={target !== null}
      title={target?.approve ? t('admin.approveTitle') : t('admin.rejectTitle')}
      okText={target?.approve ? t('admin.approve') : t('admin.reject')}
      okButtonProps={{ danger: !target?.approve, loading: review.isPending }}
      cancelText={t('common:actions.cancel')}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <label className="fd-dp-label" htmlFor="fd-dp-review-note">
        {target?.approve ? t('admin.noteOptional') : t('admin.note')}
      </label>
      <Input.TextArea
        id="fd-dp-review-note"
        rows={3}
        maxLength={200}
        value={note}
        status={error ? 'error' : undefined}
        onChange={(e) => setNote(e.target.value)}
      />
      {error ? (
        <div className="fd-dp-field-message" role="alert">
          {error}
        </div>
      ) : null}
    </Modal>
  );
}

/** What the driver sent from the portal (documents, proofs), newest first, with their review. */
function SubmissionsSection({ driverId }: { driverId: number }) {
  const { t } = useTranslation('driverPortal');
  const title = useTitle();
  const canReview = useAccess().can('rentDriver:edit');
  const submissions = useQuery(submissionsQuery(driverId));
  const [target, setTarget] = useState<{ submission: Submission; approve: boolean } | null>(null);

  let body;
  if (submissions.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (submissions.isError)
    body = <Failed text={t('admin.submissionsFailed')} onRetry={() => void submissions.refetch()} />;
  else if (!submissions.data.records.length) body = <Empty description={t('admin.empty')} />;
  else
    body = (
      <Table<Submission>
        size="small"
        rowKey="id"
        data-testid="dp-submissions"
        dataSource={submissions.data.records}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'kind', title: t('admin.kind'), render: (_, s) => title(SUBMISSION_KIND_TITLES[s.kind]) },
          {
            key: 'details',
            title: t('admin.details'),
            render: (_, s) => (
              <div className="fd-dp-small">
                {Object.entries(s.details).map(([k, v]) => (
                  <div key={k}>
                    {t(`admin.detailKeys.${k}`, { defaultValue: k })}: {v ?? '-'}
                  </div>
                ))}
                {s.note ? <div className="fd-muted">{t('admin.driverNote', { note: s.note })}</div> : null}
              </div>
            ),
          },
          { key: 'files', title: t('admin.files'), render: (_, s) => <Files files={s.files} /> },
          { key: 'at', title: t('admin.at'), render: (_, s) => formatDateTime(s.createdAt) },
          {
            key: 'state',
            title: t('admin.state'),
            render: (_, s) => (
              <div>
                <Tag color={SUBMISSION_COLORS[s.state]}>{title(SUBMISSION_STATE_TITLES[s.state])}</Tag>
                {s.reviewedAt ? (
                  <div className="fd-muted fd-dp-small">
                    {t('admin.reviewedBy', { name: s.reviewedByName ?? '-', at: formatDateTime(s.reviewedAt) })}
                  </div>
                ) : null}
                {s.reviewNote ? <div className="fd-dp-small">{s.reviewNote}</div> : null}
              </div>
            ),
          },
          ...(canReview
            ? [
                {
                  key: 'actions',
                  title: t('admin.review'),
                  render: (_: unknown, s: Submission) =>
                    s.state === 'pending' ? (
                      <Space size="small">
                        <Button size="small" type="primary" onClick={() => setTarget({ submission: s, approve: true })}>
                          {t('admin.approve')}
                        </Button>
                        <Button size="small" danger onClick={() => setTarget({ submission: s, approve: false })}>
                          {t('admin.reject')}
                        </Button>
                      </Space>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
    );

  return (
    <section className="fd-dp-admin-section">
      <h3>{t('admin.submissionsTitle')}</h3>
      {body}
      <ReviewDialog target={target} onClose={() => setTarget(null)} />
    </section>
  );
}

/**
 * The driver page's "driver app" tab (`rentDriver:view`; its own chunk): his super driver level and what he sent
 * from the portal, a pending one approved or rejected with `rentDriver:edit`.
 */
export default function DriverAppTab({ driverId }: DriverTabProps) {
  return (
    <div className="fd-dp-admin" data-testid="driver-app-tab">
      <LevelSection driverId={driverId} />
      <SubmissionsSection driverId={driverId} />
    </div>
  );
}
