import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Rate from 'antd/es/rate';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RequestError } from '../../../lib/request';
import { publicSurveyQuery, submitSurvey, type PublicSurvey } from '../api/surveys';
import { PublicFrame } from '../components/public-frame';
import { validateSurveyAnswers } from '@fleetdesk/contracts/surveys';
import { VALIDATION_MESSAGES } from '@fleetdesk/contracts/validation';
import { currentLanguage } from '../../../lib/i18n';
import type { AnswerValue } from '../model/questions';
import '../i18n';
import '../crm.css';

type Failure = 'invalid' | 'expired' | 'closed' | 'answered' | 'error';

/** Which end a refused link has come to, by the answer's HTTP status (and code, where 410 has two reasons). */
export function failureOf(error: unknown): Failure {
  if (!(error instanceof RequestError)) return 'error';
  const code = String((error.body as { code?: unknown } | undefined)?.code ?? '');
  switch (error.httpStatus) {
    case 404:
      return 'invalid';
    case 409:
      return 'answered';
    case 410:
      return code === 'survey.closed' ? 'closed' : 'expired';
    default:
      return 'error';
  }
}

function Ended({ failure, message }: { failure: Failure; message?: string }) {
  const { t } = useTranslation('crm');
  const status =
    failure === 'answered' ? 'success' : failure === 'invalid' ? '404' : failure === 'error' ? 'error' : 'warning';
  return (
    <Result
      status={status}
      title={t(`public.survey.${failure}`)}
      subTitle={failure === 'error' ? message : t(`public.survey.${failure}Text`)}
      data-testid={`crm-survey-${failure}`}
    />
  );
}

function SurveyForm({ id, token, survey }: { id: string; token: string; survey: PublicSurvey }) {
  const { t } = useTranslation('crm');
  const started = useRef(Date.now());
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<Failure | 'sent' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const set = (qid: string, v: AnswerValue) => {
    setAnswers((a) => ({ ...a, [qid]: v }));
    setErrors((e) => {
      const { [qid]: _, ...rest } = e;
      return rest;
    });
  };

  const send = async () => {
    const problems = validateSurveyAnswers(survey.questions, answers);
    const wrong = survey.questions.map((q) => q.id).filter((id) => problems[id]);
    if (wrong.length) {
      setErrors(
        Object.fromEntries(
          wrong.map((id) => [
            id,
            problems[id] === 'v.surveyAnswerRequired'
              ? t('public.survey.required')
              : (VALIDATION_MESSAGES[problems[id]!]?.[currentLanguage()] ?? t('public.survey.required')),
          ]),
        ),
      );
      document.getElementById(`q-${wrong[0]}`)?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      const clean = Object.fromEntries(
        Object.entries(answers).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && !v.length)),
      ) as Record<string, string | string[] | number>;
      for (const [k, v] of Object.entries(clean)) if (typeof v === 'string') clean[k] = v.trim();
      await submitSurvey(id, token, {
        answers: clean,
        seconds: Math.min(86_400, Math.max(1, Math.round((Date.now() - started.current) / 1000))),
      });
      setDone('sent');
    } catch (e) {
      if (e instanceof RequestError && e.httpStatus === 400) {
        const list = (e.body as { errors?: { path: string; message: string }[] } | undefined)?.errors ?? [];
        const byQuestion: Record<string, string> = {};
        for (const x of list) {
          const qid = x.path.split('.').find((p) => survey.questions.some((q) => q.id === p));
          if (qid) byQuestion[qid] ??= x.message;
        }
        if (Object.keys(byQuestion).length) setErrors(byQuestion);
        else setFailure(e.serverMessage || t('public.survey.failed'));
      } else if (e instanceof RequestError && [404, 409, 410].includes(e.httpStatus ?? 0)) {
        setDone(failureOf(e));
      } else {
        setFailure(
          e instanceof RequestError ? e.serverMessage || t('public.survey.failed') : t('public.survey.failed'),
        );
      }
    } finally {
      setSending(false);
    }
  };

  if (done === 'sent')
    return (
      <Result
        status="success"
        title={t('public.survey.thanks')}
        subTitle={t('public.survey.thanksText')}
        data-testid="crm-survey-sent"
      />
    );
  if (done) return <Ended failure={done} />;

  return (
    <div className="fd-crm-public-form" data-testid="crm-public-survey">
      <h1 className="fd-crm-public-title">{survey.title}</h1>
      {survey.name ? <p className="fd-muted">{t('public.survey.hello', { name: survey.name })}</p> : null}
      {survey.intro ? <p className="fd-crm-text">{survey.intro}</p> : null}
      {survey.questions.map((q, i) => {
        const v = answers[q.id];
        const label = `${i + 1}. ${q.title}`;
        return (
          <fieldset key={q.id} id={`q-${q.id}`} className={`fd-crm-q${errors[q.id] ? ' fd-crm-q-error' : ''}`}>
            <legend>
              {q.required ? <span className="fd-crm-star">*</span> : null}
              {label}
            </legend>
            {q.kind === 'single' ? (
              <Radio.Group
                aria-label={label}
                className="fd-crm-choices"
                value={v}
                onChange={(e) => set(q.id, e.target.value as string)}
                options={q.options.map((o) => ({ value: o, label: o }))}
              />
            ) : q.kind === 'multiple' ? (
              <Checkbox.Group
                aria-label={label}
                className="fd-crm-choices"
                value={(v as string[] | undefined) ?? []}
                onChange={(x) => set(q.id, x as string[])}
                options={q.options.map((o) => ({ value: o, label: o }))}
              />
            ) : q.kind === 'rating' ? (
              <Rate
                aria-label={label}
                value={(v as number | undefined) ?? 0}
                onChange={(n) => set(q.id, n || undefined)}
              />
            ) : (
              <Input.TextArea
                aria-label={label}
                rows={3}
                maxLength={500}
                showCount
                value={(v as string | undefined) ?? ''}
                onChange={(e) => set(q.id, e.target.value)}
              />
            )}
            {errors[q.id] ? (
              <div className="fd-crm-error" role="alert">
                {errors[q.id]}
              </div>
            ) : null}
          </fieldset>
        );
      })}
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
      <Button type="primary" size="large" block loading={sending} onClick={() => void send()}>
        {t('public.survey.submit')}
      </Button>
    </div>
  );
}

/** `/survey/{id}/{token}` (open, phone-first): the invited person answers the survey once, before the link expires. */
export default function PublicSurveyPage() {
  const { t } = useTranslation('crm');
  const { id = '', token = '' } = useParams();
  const survey = useQuery(publicSurveyQuery(id, token));
  return (
    <PublicFrame title={survey.data?.tenantName ?? t('public.survey.brand')}>
      {survey.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : survey.isError ? (
        <Ended failure={failureOf(survey.error)} message={(survey.error as RequestError).serverMessage} />
      ) : (
        <SurveyForm id={id} token={token} survey={survey.data} />
      )}
    </PublicFrame>
  );
}
