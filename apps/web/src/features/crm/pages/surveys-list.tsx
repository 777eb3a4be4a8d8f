import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SURVEY_STATE_TITLES, SURVEY_STATES } from '@fleetdesk/contracts/surveys';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatDateTime } from '../../../lib/format';
import { surveysQuery, type SurveyRow } from '../api/surveys';
import { SurveyStateTag, useTitle } from '../components/titles';

export const surveyPath = (id: number) => `/crm/survey/${id}`;

/** `/crm/surveys`: the surveys with their state and response, create one. */
export function SurveysList() {
  const { t } = useTranslation('crm');
  const title = useTitle();
  const access = useAccess();
  const navigate = useNavigate();
  const fields: FilterField[] = [
    { type: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('survey.keywordHint') },
    {
      type: 'select',
      name: 'state',
      label: t('filters.state'),
      options: SURVEY_STATES.map((s) => ({ value: s, label: title(SURVEY_STATE_TITLES[s]) })),
    },
  ];
  const columns: ListColumn<SurveyRow>[] = [
    {
      key: 'title',
      title: t('survey.titleField'),
      fixed: 'left',
      render: (_, s) => (
        <Link to={surveyPath(s.id)} className="fd-row-link" onClick={(e) => e.stopPropagation()}>
          {s.title}
        </Link>
      ),
    },
    { key: 'state', title: t('columns.state'), render: (_, s) => <SurveyStateTag state={s.state} /> },
    { key: 'questions', title: t('survey.questionCount'), render: (_, s) => s.questionCount },
    { key: 'invited', title: t('survey.invited'), align: 'right', render: (_, s) => s.invited },
    { key: 'answered', title: t('survey.answered'), align: 'right', render: (_, s) => s.answered },
    { key: 'published', title: t('survey.publishedAt'), render: (_, s) => formatDateTime(s.publishedAt) || '-' },
    { key: 'updated', title: t('survey.updatedAt'), render: (_, s) => formatDateTime(s.updatedAt) },
  ];
  return (
    <>
      <ListPage<SurveyRow>
        id="crm-surveys"
        filters={fields}
        toolbar={
          access.can('crm:add') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/crm/survey/new')}>
              {t('survey.new')}
            </Button>
          ) : undefined
        }
        columns={columns}
        rowKey={(s) => s.id}
        query={(p) => surveysQuery({ ...p.filters, pageNum: p.pageNum, pageSize: p.pageSize })}
        onRow={(s) => ({ onClick: () => void navigate(surveyPath(s.id)), className: 'fd-clickable' })}
        emptyText={t('survey.empty')}
      />
    </>
  );
}
