import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { QUESTION_KIND_TITLES } from '@fleetdesk/contracts/surveys';
import { DriverLink } from '../../../components/entity-links';
import { lazyPage } from '../../../lib/lazy-page';
import { useAccess } from '../../../lib/access';
import { formatDateTime } from '../../../lib/format';
import { RequestError } from '../../../lib/request';
import {
  exportSurvey,
  invitesQuery,
  surveyQuery,
  useSaveSurvey,
  useSurveyMove,
  type SurveyDetail,
  type InviteRow,
} from '../api/surveys';
import { QuestionEditor } from '../components/question-editor';
import { SendDialog } from '../components/send-dialog';
import { InviteStateTag, SurveyStateTag, useTitle } from '../components/titles';
import { newQuestion, questionInput, surveyProblems, type QuestionDraft } from '../model/questions';
import { leadPath } from './leads-list';
import { surveyPath } from './surveys-list';

// The results draw with ECharts: their own chunk.
const SurveyResults = lazyPage(() => import('./survey-results'));

/** `/crm/survey/{id}`: a survey's questions (edited while a draft), its invitations and results. */
export function SurveyPage({ id }: { id: number }) {
  const { t } = useTranslation('crm');
  const survey = useQuery(surveyQuery(id));
  if (survey.isPending) return <Skeleton active className="fd-crm-page" />;
  if (survey.isError) {
    const missing = survey.error instanceof RequestError && survey.error.httpStatus === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('survey.missing') : t('survey.loadFailed')}
        extra={
          <Space>
            {missing ? null : <Button onClick={() => void survey.refetch()}>{t('common:actions.retry')}</Button>}
            <Link to="/crm/surveys">{t('survey.back')}</Link>
          </Space>
        }
      />
    );
  }
  return <SurveyView key={survey.data.version} survey={survey.data} />;
}

const TABS = ['questions', 'invites', 'results'] as const;
type Tab = (typeof TABS)[number];

function SurveyView({ survey }: { survey: SurveyDetail }) {
  const { t } = useTranslation('crm');
  const access = useAccess();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const move = useSurveyMove();
  const [sending, setSending] = useState(false);
  const draft = survey.state === 'draft';
  const asked = search.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : draft ? 'questions' : 'results';

  const confirm = (action: 'publish' | 'close' | 'delete') =>
    modal.confirm({
      title: t(`survey.moves.${action}.title`, { title: survey.title }),
      content: t(`survey.moves.${action}.hint`),
      okText: t(`survey.moves.${action}.ok`),
      okButtonProps: action === 'delete' ? { danger: true } : undefined,
      onOk: async () => {
        try {
          await move.mutateAsync({ id: survey.id, action, version: survey.version });
        } catch (e) {
          if (e instanceof RequestError && e.httpStatus === 409) void message.error(e.serverMessage);
          return;
        }
        void message.success(t(`survey.moves.${action}.done`));
        if (action === 'delete') void navigate('/crm/surveys');
      },
    });

  const buttons = [
    draft && access.can('crm:edit') ? (
      <Button key="publish" type="primary" disabled={!survey.questions.length} onClick={() => confirm('publish')}>
        {t('survey.moves.publish.button')}
      </Button>
    ) : null,
    survey.state === 'published' && access.can('crm:send') ? (
      <Button key="send" type="primary" onClick={() => setSending(true)}>
        {t('survey.moves.send.button')}
      </Button>
    ) : null,
    survey.state === 'published' && access.can('crm:edit') ? (
      <Button key="close" onClick={() => confirm('close')}>
        {t('survey.moves.close.button')}
      </Button>
    ) : null,
    !draft && access.can('crm:export') ? (
      <Button
        key="export"
        icon={<DownloadOutlined />}
        onClick={() => void exportSurvey(survey.id, t('export.surveyFile', { title: survey.title }))}
      >
        {t('actions.export')}
      </Button>
    ) : null,
    draft && access.can('crm:delete') ? (
      <Button key="delete" danger onClick={() => confirm('delete')}>
        {t('survey.moves.delete.button')}
      </Button>
    ) : null,
  ].filter(Boolean);

  return (
    <div className="fd-crm-page" data-testid="crm-survey">
      <div className="fd-crm-head">
        <div>
          <Link to="/crm/surveys" className="fd-crm-back">
            <ArrowLeftOutlined /> {t('survey.back')}
          </Link>
          <h1 className="fd-page-title">
            {survey.title} <SurveyStateTag state={survey.state} />
          </h1>
          {survey.intro ? <div className="fd-muted fd-crm-text">{survey.intro}</div> : null}
        </div>
        <div role="group" aria-label={t('survey.actions')} className="fd-crm-actions">
          <Space wrap>{buttons}</Space>
        </div>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(k) => setSearch(k === (draft ? 'questions' : 'results') ? {} : { tab: k }, { replace: true })}
        items={TABS.map((k) => ({
          key: k,
          label: t(`survey.tabs.${k}`),
          children:
            k !== tab ? null : k === 'questions' ? (
              draft && access.can('crm:edit') ? (
                <SurveyEditor survey={survey} />
              ) : (
                <QuestionsView survey={survey} />
              )
            ) : k === 'invites' ? (
              <InvitesTable surveyId={survey.id} />
            ) : (
              <SurveyResults surveyId={survey.id} />
            ),
        }))}
      />
      {sending ? <SendDialog survey={survey} onClose={() => setSending(false)} /> : null}
    </div>
  );
}

/** A new survey's page (`/crm/survey/new`): the editor, saved as a draft (it needs at least one question). */
export function NewSurveyPage() {
  const { t } = useTranslation('crm');
  return (
    <div className="fd-crm-page" data-testid="crm-survey-new">
      <div className="fd-crm-head">
        <div>
          <Link to="/crm/surveys" className="fd-crm-back">
            <ArrowLeftOutlined /> {t('survey.back')}
          </Link>
          <h1 className="fd-page-title">{t('survey.newTitle')}</h1>
        </div>
      </div>
      <SurveyEditor />
    </div>
  );
}

/** The editor of a draft (or of a new survey): title, intro, the questions; saved as a whole (with the version). */
function SurveyEditor({ survey }: { survey?: SurveyDetail }) {
  const { t } = useTranslation('crm');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const save = useSaveSurvey();
  const [head, setHead] = useState({ title: survey?.title ?? '', intro: survey?.intro ?? '' });
  const [questions, setQuestions] = useState<QuestionDraft[]>(() =>
    survey ? survey.questions.map((q) => ({ ...q, options: q.options ?? [] })) : [newQuestion('single', [])],
  );
  const [checked, setChecked] = useState(false);
  const [headError, setHeadError] = useState<string | null>(null);
  const problems = checked ? surveyProblems(questions) : {};

  const submit = async () => {
    setChecked(true);
    const title = head.title.trim();
    const headProblem = !title ? 'editor.surveyTitleRequired' : title.length > 60 ? 'editor.surveyTitleLong' : null;
    setHeadError(headProblem);
    if (headProblem || !questions.length || Object.keys(surveyProblems(questions)).length) {
      void message.error(t(questions.length ? 'editor.fix' : 'editor.none'));
      return;
    }
    const body = { title, intro: head.intro.trim() || null, questions: questions.map(questionInput) };
    let saved: SurveyDetail;
    try {
      saved = await save.mutateAsync(survey ? { ...body, id: survey.id, version: survey.version } : body);
    } catch (e) {
      if (e instanceof RequestError && (e.httpStatus === 409 || e.httpStatus === 400))
        void message.error(e.serverMessage || t('editor.fix'));
      return;
    }
    void message.success(t('editor.saved'));
    if (!survey) void navigate(surveyPath(saved.id), { replace: true });
  };

  return (
    <div className="fd-crm-col">
      <Card size="small">
        <Form layout="vertical">
          <Form.Item
            label={t('survey.titleField')}
            required
            validateStatus={headError ? 'error' : undefined}
            help={headError ? t(headError) : undefined}
          >
            <Input
              aria-label={t('survey.titleField')}
              value={head.title}
              maxLength={60}
              onChange={(e) => setHead({ ...head, title: e.target.value })}
            />
          </Form.Item>
          <Form.Item label={t('survey.intro')}>
            <Input.TextArea
              aria-label={t('survey.intro')}
              value={head.intro}
              rows={2}
              maxLength={500}
              onChange={(e) => setHead({ ...head, intro: e.target.value })}
            />
          </Form.Item>
        </Form>
      </Card>
      <QuestionEditor questions={questions} onChange={setQuestions} problems={problems} />
      <div>
        <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
          {t('editor.save')}
        </Button>
      </div>
    </div>
  );
}

function QuestionsView({ survey }: { survey: SurveyDetail }) {
  const { t } = useTranslation('crm');
  const title = useTitle();
  return (
    <ol className="fd-crm-questions">
      {survey.questions.map((q) => (
        <li key={q.id}>
          <div>
            {q.title}{' '}
            <span className="fd-muted">
              ({title(QUESTION_KIND_TITLES[q.kind])}
              {q.required ? ` · ${t('editor.required')}` : ''})
            </span>
          </div>
          {q.options?.length ? <div className="fd-muted">{q.options.join(' / ')}</div> : null}
        </li>
      ))}
    </ol>
  );
}

function InvitesTable({ surveyId }: { surveyId: number }) {
  const { t } = useTranslation('crm');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const invites = useQuery({ ...invitesQuery(surveyId, page), placeholderData: keepPreviousData });
  if (invites.isError)
    return (
      <Result
        status="error"
        title={t('survey.invitesFailed')}
        extra={<Button onClick={() => void invites.refetch()}>{t('common:actions.retry')}</Button>}
      />
    );
  return (
    <Table<InviteRow>
      size="small"
      rowKey="id"
      loading={invites.isFetching}
      dataSource={invites.data?.rows ?? []}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('survey.noInvites') }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: invites.data?.total ?? 0,
        onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
      }}
      columns={[
        {
          key: 'name',
          title: t('columns.name'),
          render: (_, i) =>
            i.driverId ? (
              <DriverLink id={i.driverId} name={i.name} />
            ) : i.leadId ? (
              <Link to={leadPath(i.leadId)}>{i.name}</Link>
            ) : (
              i.name
            ),
        },
        { key: 'phone', title: t('columns.phone'), dataIndex: 'phone' },
        { key: 'state', title: t('columns.state'), render: (_, i) => <InviteStateTag state={i.state} /> },
        { key: 'sent', title: t('survey.sentAt'), render: (_, i) => formatDateTime(i.sentAt) },
        { key: 'opened', title: t('survey.openedAt'), render: (_, i) => formatDateTime(i.openedAt) || '-' },
        { key: 'answered', title: t('survey.answeredAt'), render: (_, i) => formatDateTime(i.answeredAt) || '-' },
        { key: 'expires', title: t('survey.expiresAt'), render: (_, i) => formatDateTime(i.expiresAt) },
      ]}
    />
  );
}
