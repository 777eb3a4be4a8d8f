import App from 'antd/es/app';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Steps from 'antd/es/steps';
import Timeline from 'antd/es/timeline';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionInput, type RequestDetail } from '@fleetdesk/contracts/approvals';
import { useAccess } from '../../../lib/access';
import { centrePath, costCentresQuery } from '../../../lib/cost-centre-list';
import { serverFieldErrors } from '../../../lib/field-failure';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { issueMessage } from '../../../lib/validation';
import { typesQuery } from '../api/flows';
import { requestQuery, useDecide, useDeleteDraft, useSubmit, useWithdraw } from '../api/requests';
import { AttachmentList } from './attachments';
import { StatusTag } from './status-tag';

const STEP_STATUS = {
  waiting: 'wait',
  current: 'process',
  done: 'finish',
  skipped: 'wait',
  rejected: 'error',
} as const;

/** Approve or reject with a comment (a rejection needs one); the decision names the step it decides. */
function DecisionBox({ id, step }: { id: number; step: number }) {
  const { t } = useTranslation('approvals');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ comment?: string }>();
  const decide = useDecide();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (decision: 'approved' | 'rejected') => {
    const parsed = DecisionInput.safeParse({ decision, comment: form.getFieldValue('comment') ?? '', step });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: 'comment' as const, errors: [issueMessage(i, t)] })));
      return;
    }
    setBusy(decision);
    try {
      await decide.mutateAsync({ id, input: parsed.data });
      void message.success(t(decision === 'approved' ? 'detail.approvedDone' : 'detail.rejectedDone'));
      form.resetFields();
    } catch (e) {
      const errors = serverFieldErrors(e);
      if (errors.length) form.setFields([{ name: 'comment', errors: errors.map((x) => x.message) }]);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Form form={form} layout="vertical" className="fd-approval-decision">
      <Form.Item name="comment" label={t('detail.comment')}>
        <Input.TextArea rows={2} maxLength={200} placeholder={t('detail.commentHint')} />
      </Form.Item>
      <Space>
        <Button type="primary" loading={busy === 'approved'} onClick={() => void run('approved')}>
          {t('detail.approve')}
        </Button>
        <Button danger loading={busy === 'rejected'} onClick={() => void run('rejected')}>
          {t('detail.reject')}
        </Button>
      </Space>
    </Form>
  );
}

function FormValues({ request }: { request: RequestDetail }) {
  const lang = currentLanguage();
  const types = useQuery(typesQuery());
  const type = types.data?.find((x) => x.code === request.businessType);
  const centres = useQuery({ ...costCentresQuery(), enabled: !!type?.fields.some((f) => f.kind === 'costCentre') });
  if (!type) return null;
  const show = (
    kind: string,
    v: string | number | null,
    options?: { value: string; label: Record<string, string> }[],
  ) => {
    if (v === null || v === undefined) return '—';
    if (kind === 'money') return formatMoney(Number(v));
    if (kind === 'select') return options?.find((o) => o.value === v)?.label[lang] ?? String(v);
    if (kind === 'costCentre') return centres.data ? centrePath(centres.data, Number(v)) || String(v) : String(v);
    return String(v);
  };
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={type.fields.map((f) => ({
        key: f.key,
        label: f.label[lang],
        children: show(f.kind, request.form[f.key] ?? null, f.options),
      }))}
    />
  );
}

/** A request in full: its form, steps, copies and history, with what the caller may do now. */
export function RequestDrawer({
  id,
  onClose,
  onEdit,
}: {
  id: number;
  onClose: () => void;
  onEdit: (r: RequestDetail) => void;
}) {
  const { t } = useTranslation('approvals');
  const { modal, message } = App.useApp();
  const access = useAccess();
  const lang = currentLanguage();
  const detail = useQuery(requestQuery(id));
  const types = useQuery(typesQuery());
  const withdraw = useWithdraw();
  const submit = useSubmit();
  const remove = useDeleteDraft();
  const r = detail.data;
  const currentIndex = r?.steps.find((s) => s.state === 'current')?.index;
  const typeName = (code: string) => types.data?.find((x) => x.code === code)?.name[lang] ?? code;

  const confirm = (title: string, run: () => Promise<unknown>, done: string) =>
    modal.confirm({
      title,
      onOk: async () => {
        const ok = await run().then(
          () => true,
          () => false,
        );
        if (ok) void message.success(done);
      },
    });

  return (
    <Drawer
      open
      width={560}
      onClose={onClose}
      title={r ? `${typeName(r.businessType)} · ${r.summary}` : t('detail.title')}
      destroyOnHidden
    >
      {detail.isError && !r ? (
        <Result status="warning" title={t('detail.loadFailed')} />
      ) : !r ? (
        <Spin />
      ) : (
        <div className="fd-approval-detail" data-testid="approval-detail">
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 's', label: t('fields.status'), children: <StatusTag status={r.status} /> },
              {
                key: 'a',
                label: t('fields.applicant'),
                children: `${r.applicantName}${r.departmentName ? ` · ${r.departmentName}` : ''}`,
              },
              { key: 't', label: t('fields.submittedAt'), children: formatDateTime(r.submittedAt) || '—' },
              { key: 'f', label: t('fields.flow'), children: r.flowName ? `${r.flowName} v${r.flowVersion}` : '—' },
              ...(r.businessId ? [{ key: 'b', label: t('fields.businessId'), children: r.businessId }] : []),
              ...(r.amount !== null ? [{ key: 'm', label: t('fields.amount'), children: formatMoney(r.amount) }] : []),
            ]}
          />
          <FormValues request={r} />
          <AttachmentList files={r.files} />
          {r.steps.length > 0 && (
            <>
              <h3 className="fd-approval-h">{t('detail.steps')}</h3>
              <Steps
                size="small"
                direction="vertical"
                items={r.steps.map((s) => ({
                  title: `${s.name}${s.state === 'skipped' ? ` (${t('detail.skipped')})` : ''}`,
                  status: STEP_STATUS[s.state],
                  description: s.approvers
                    .map(
                      (a) =>
                        `${a.name}${a.decision ? ` · ${t(`decision.${a.decision}`)}${a.comment ? `「${a.comment}」` : ''}` : ''}`,
                    )
                    .join('；'),
                }))}
              />
            </>
          )}
          {r.copies.length > 0 && (
            <p className="fd-muted">
              {t('detail.copies')}: {r.copies.map((c) => c.name).join('、')}
            </p>
          )}
          <h3 className="fd-approval-h">{t('detail.history')}</h3>
          <Timeline
            items={r.history.map((h, i) => ({
              key: i,
              children: (
                <>
                  <div>
                    {h.actorName ?? ''} {t(`action.${h.action}`)}
                    {h.action === 'finish' && h.comment ? `：${t(`status.${h.comment}`)}` : ''}
                    {h.stepName ? ` · ${h.stepName}` : ''}
                  </div>
                  {h.comment && h.action !== 'finish' && <div className="fd-muted">「{h.comment}」</div>}
                  <div className="fd-muted">{formatDateTime(h.at)}</div>
                </>
              ),
            }))}
          />
          {r.canDecide && access.can('oaApproval:audit') && currentIndex !== undefined && (
            <DecisionBox id={r.id} step={currentIndex} />
          )}
          <Space wrap>
            {r.canWithdraw && (
              <Button
                onClick={() =>
                  confirm(t('detail.withdrawConfirm'), () => withdraw.mutateAsync(r.id), t('detail.withdrawn'))
                }
              >
                {t('detail.withdraw')}
              </Button>
            )}
            {r.canEdit && access.can('oaApproval:add') && (
              <>
                <Button onClick={() => onEdit(r)}>{t('detail.edit')}</Button>
                <Button
                  type="primary"
                  loading={submit.isPending}
                  onClick={() =>
                    void submit.mutateAsync(r.id).then(
                      () => message.success(t('form.submitted')),
                      () => undefined,
                    )
                  }
                >
                  {r.status === 'draft' ? t('form.submit') : t('detail.resubmit')}
                </Button>
              </>
            )}
            {r.status === 'draft' && r.canEdit && (
              <Button
                danger
                onClick={() =>
                  confirm(t('detail.deleteConfirm'), () => remove.mutateAsync(r.id).then(onClose), t('detail.deleted'))
                }
              >
                {t('actions.delete')}
              </Button>
            )}
          </Space>
        </div>
      )}
    </Drawer>
  );
}
