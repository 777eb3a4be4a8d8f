import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { QUESTION_KIND_TITLES, QUESTION_KINDS, type QuestionKind } from '@fleetdesk/contracts/surveys';
import { changeKind, hasOptions, moveQuestion, newQuestion, type QuestionDraft } from '../model/questions';
import { useTitle } from './titles';

interface Props {
  questions: QuestionDraft[];
  onChange: (next: QuestionDraft[]) => void;
  problems: Record<string, { title?: string; options?: string }>;
}

/** The questions of a draft survey: add (by kind), remove, move up and down, the title, required, the options. */
export function QuestionEditor({ questions, onChange, problems }: Props) {
  const { t } = useTranslation('crm');
  const title = useTitle();
  const set = (i: number, q: QuestionDraft) => onChange(questions.map((x, j) => (j === i ? q : x)));
  const add = (kind: QuestionKind) => onChange([...questions, newQuestion(kind, questions)]);
  return (
    <div className="fd-crm-col" data-testid="crm-question-editor">
      {questions.map((q, i) => {
        const n = i + 1;
        const problem = problems[q.id] ?? {};
        return (
          <Card
            key={q.id}
            size="small"
            title={t('editor.question', { n })}
            extra={
              <Space size={4}>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('editor.up', { n })}
                  disabled={i === 0}
                  onClick={() => onChange(moveQuestion(questions, i, -1))}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('editor.down', { n })}
                  disabled={i === questions.length - 1}
                  onClick={() => onChange(moveQuestion(questions, i, 1))}
                />
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('editor.remove', { n })}
                  onClick={() => onChange(questions.filter((_, j) => j !== i))}
                />
              </Space>
            }
          >
            <div className="fd-crm-question">
              <Select<QuestionKind>
                aria-label={t('editor.kindOf', { n })}
                value={q.kind}
                onChange={(k) => set(i, changeKind(q, k))}
                options={QUESTION_KINDS.map((k) => ({ value: k, label: title(QUESTION_KIND_TITLES[k]) }))}
                className="fd-crm-kind"
              />
              <div className="fd-crm-grow">
                <Input
                  aria-label={t('editor.titleOf', { n })}
                  value={q.title}
                  maxLength={100}
                  status={problem.title ? 'error' : undefined}
                  placeholder={t('editor.titleHint')}
                  onChange={(e) => set(i, { ...q, title: e.target.value })}
                />
                {problem.title ? <div className="fd-crm-error">{t(problem.title)}</div> : null}
              </div>
              <Checkbox checked={q.required} onChange={(e) => set(i, { ...q, required: e.target.checked })}>
                {t('editor.required')}
              </Checkbox>
            </div>
            {hasOptions(q.kind) ? (
              <div className="fd-crm-options">
                {q.options.map((o, k) => (
                  <Space.Compact key={k} className="fd-crm-full">
                    <Input
                      aria-label={t('editor.optionOf', { n, k: k + 1 })}
                      value={o}
                      maxLength={40}
                      onChange={(e) =>
                        set(i, { ...q, options: q.options.map((x, m) => (m === k ? e.target.value : x)) })
                      }
                    />
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('editor.removeOption', { n, k: k + 1 })}
                      disabled={q.options.length <= 2}
                      onClick={() => set(i, { ...q, options: q.options.filter((_, m) => m !== k) })}
                    />
                  </Space.Compact>
                ))}
                {problem.options ? <div className="fd-crm-error">{t(problem.options)}</div> : null}
                <Button
                  type="dashed"
                  size="small"
                  icon={<PlusOutlined />}
                  disabled={q.options.length >= 10}
                  onClick={() => set(i, { ...q, options: [...q.options, ''] })}
                >
                  {t('editor.addOption')}
                </Button>
              </div>
            ) : q.kind === 'rating' ? (
              <div className="fd-muted">{t('editor.ratingHint')}</div>
            ) : (
              <div className="fd-muted">{t('editor.textHint')}</div>
            )}
          </Card>
        );
      })}
      {questions.length < 30 ? (
        <div className="fd-crm-add" role="group" aria-label={t('editor.add')}>
          <span className="fd-muted">{t('editor.add')}</span>
          {QUESTION_KINDS.map((k) => (
            <Button key={k} size="small" icon={<PlusOutlined />} onClick={() => add(k)}>
              {title(QUESTION_KIND_TITLES[k])}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
