import App from 'antd/es/app';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackAnswer, type FeedbackRow } from '@fleetdesk/contracts/feedback';
import { serverFieldErrors } from '../../../lib/field-failure';
import { formatDateTime } from '../../../lib/format';
import { issueMessage } from '../../../lib/validation';
import { useAnswerFeedback } from '../api/answer-feedback';
import { Screenshots } from './screenshots';
import { FeedbackStateTag } from './state-tag';

const ANSWER_MAX = 1000;

/**
 * One feedback on the operator's desk: who sent it from where, the text and screenshots, and the answer form: Answer
 * (the sender reads it, `answered`) or Close (`closed`, with a note as well). Checked with the contracts'
 * `FeedbackAnswer` before sending; the server's field errors show on the field.
 */
export function FeedbackDrawer({ row, onClose }: { row: FeedbackRow; onClose: () => void }) {
  const { t } = useTranslation('feedback');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ answer: string }>();
  const save = useAnswerFeedback();
  const [acting, setActing] = useState<FeedbackAnswer['state'] | null>(null);

  const act = async (state: FeedbackAnswer['state']) => {
    const answer = (form.getFieldValue('answer') as string | undefined) ?? '';
    const parsed = FeedbackAnswer.safeParse({ answer, state });
    const show = (errors: { path: string; message: string }[]) => {
      const first = errors.find((e) => e.path.startsWith('answer'));
      if (first) form.setFields([{ name: 'answer', errors: [first.message] }]);
    };
    if (!parsed.success) {
      show(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: issueMessage(i, t) })));
      return;
    }
    setActing(state);
    try {
      const saved = await save.mutateAsync({ id: row.id, input: parsed.data });
      void message.success(t(state === 'answered' ? 'desk.answered' : 'desk.closed', { id: saved.id }));
      onClose();
    } catch (e) {
      show(serverFieldErrors(e));
    } finally {
      setActing(null);
    }
  };

  return (
    <Drawer
      open
      size={560}
      title={
        <span className="fd-feedback-meta">
          {t('desk.detailTitle', { id: row.id })} <FeedbackStateTag state={row.state} />
        </span>
      }
      onClose={onClose}
      destroyOnHidden
    >
      <div data-testid="feedback-detail">
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'company', label: t('desk.company'), children: row.tenantName },
            { key: 'sender', label: t('desk.sender'), children: row.userName },
            { key: 'contact', label: t('desk.contact'), children: row.contact ?? t('desk.noContact') },
            { key: 'page', label: t('desk.page'), children: row.page ?? t('desk.noPage') },
            { key: 'createdAt', label: t('desk.createdAt'), children: formatDateTime(row.createdAt) },
          ]}
        />
        <div className="fd-feedback-detail-section">{t('desk.content')}</div>
        <p className="fd-feedback-detail-text">{row.content}</p>
        <div className="fd-feedback-detail-section">{t('desk.images')}</div>
        {row.images.length ? (
          <Screenshots urls={row.images} size={96} />
        ) : (
          <div className="fd-muted">{t('desk.noImages')}</div>
        )}
        <div className="fd-feedback-detail-section">{t('desk.answer')}</div>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ answer: row.answer ?? '' }}
          onValuesChange={() => form.setFields([{ name: 'answer', errors: [] }])}
        >
          <Form.Item
            name="answer"
            label={row.answeredAt ? t('desk.previousAnswer', { at: formatDateTime(row.answeredAt) }) : undefined}
            extra={t('desk.answerHint')}
          >
            <Input.TextArea
              rows={5}
              showCount
              maxLength={ANSWER_MAX}
              placeholder={t('desk.answerPlaceholder')}
              aria-label={t('desk.answer')}
            />
          </Form.Item>
          <div className="fd-feedback-answer-actions">
            <Button
              type="primary"
              loading={acting === 'answered'}
              disabled={acting !== null}
              onClick={() => void act('answered')}
            >
              {t('desk.sendAnswer')}
            </Button>
            <Button loading={acting === 'closed'} disabled={acting !== null} onClick={() => void act('closed')}>
              {t('desk.close')}
            </Button>
          </div>
        </Form>
      </div>
    </Drawer>
  );
}
