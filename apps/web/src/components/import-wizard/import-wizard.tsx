import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import Steps from 'antd/es/steps';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Upload from 'antd/es/upload';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportCheckResult, ImportColumn, ImportResult } from '@fleetdesk/contracts/excel-import';
import { TaskCategory } from '@fleetdesk/contracts/tasks';
import { startTaskNotice } from '../../lib/task-notices';
import { downloadImportTemplate, importHeaderQuery, useCheckImport, useRunImport } from './api';
import { ImportIssues } from './import-issues';
import './import-wizard.css';

/**
 * The texts a namespace must hold (under `import.`) to host the wizard; a test checks every host has them.
 * `rent` and `rentByFile` are needed only with `targets`.
 */
export const IMPORT_TEXT_KEYS = [
  'title',
  'steps.file',
  'steps.check',
  'steps.done',
  'intro',
  'template',
  'templateFile',
  'columns',
  'column.title',
  'column.example',
  'column.accepts',
  'drop',
  'dropHint',
  'check',
  'total',
  'valid',
  'invalid',
  'warnings',
  'unknownColumns',
  'truncated',
  'allGood',
  'errorsTab',
  'warningsTab',
  'errorsLabel',
  'warningsLabel',
  'issue.row',
  'issue.column',
  'issue.value',
  'issue.message',
  'issue.wholeRow',
  'otherFile',
  'confirm',
  'imported',
  'failed',
  'taskTitle',
  'taskStarted',
  'taskHint',
  'another',
  'close',
] as const;

export interface ImportWizardProps {
  /** The import type of the Excel calls (`car`, `employee`). */
  type: string;
  /** The namespace whose `import.*` texts name what is imported (see IMPORT_TEXT_KEYS). */
  ns: string;
  /** Where the rows may go (cars: the rent); offered when there is a choice, sent as the import's `extra`. */
  targets?: { value: number; label: string }[];
  /**
   * A target the host had the user choose before (driver flows: the platform), sent as the import's `extra`; its
   * label stands above the steps. Not used together with `targets`.
   */
  extra?: { value: string; label: ReactNode };
  onClose: () => void;
  /** Rows were written (a small import), or a background import was started (its task id). */
  onImported: (taskId?: number) => void;
}

/** Importing from a spreadsheet: the template and its columns, a check of the file, then the import. */
export function ImportWizard({ type, ns, targets = [], extra, onClose, onImported }: ImportWizardProps) {
  // The texts are the host's: `ns` varies, so the translate function is not named `t` (the key check of
  // locales.test.ts reads literal namespaces; IMPORT_TEXT_KEYS is checked against each host instead).
  const { t: text, i18n } = useTranslation(ns);
  const header = useQuery(importHeaderQuery(type, i18n.language));
  const check = useCheckImport();
  const run = useRunImport();
  const [file, setFile] = useState<File | null>(null);
  const [rentId, setRentId] = useState<number | null>(null);
  const [checked, setChecked] = useState<ImportCheckResult | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [downloading, setDownloading] = useState(false);
  const step = result ? 2 : checked ? 1 : 0;

  const startCheck = async () => {
    if (!file) return;
    const answer = await check.mutateAsync({ type, file, extra: extra?.value ?? null }).catch(() => null);
    if (answer) setChecked(answer);
  };

  const startImport = async () => {
    if (!file) return;
    const answer = await run.mutateAsync({ type, file, extra: rentId ?? extra?.value ?? null }).catch(() => null);
    if (!answer) return;
    setResult(answer);
    if (answer.mode === 'task') {
      startTaskNotice({
        id: answer.taskId,
        targetId: answer.targetId,
        category: TaskCategory.import,
        title: text('import.taskTitle', { name: file.name }),
        total: answer.total,
      });
      onImported(answer.taskId);
    } else if (answer.imported > 0) {
      onImported();
    }
  };

  const again = () => {
    setFile(null);
    setChecked(null);
    setResult(null);
  };

  const template = () => {
    setDownloading(true);
    downloadImportTemplate(type, text('import.templateFile'))
      .catch(() => undefined)
      .finally(() => setDownloading(false));
  };

  const footer =
    step === 0 ? (
      <Space>
        <Button onClick={onClose}>{text('common:actions.cancel')}</Button>
        <Button type="primary" disabled={!file} loading={check.isPending} onClick={() => void startCheck()}>
          {text('import.check')}
        </Button>
      </Space>
    ) : step === 1 ? (
      <Space>
        <Button onClick={again}>{text('import.otherFile')}</Button>
        <Button type="primary" disabled={!checked?.valid} loading={run.isPending} onClick={() => void startImport()}>
          {text('import.confirm', { count: checked?.valid ?? 0 })}
        </Button>
      </Space>
    ) : (
      <Space>
        <Button onClick={again}>{text('import.another')}</Button>
        <Button type="primary" onClick={onClose}>
          {text('import.close')}
        </Button>
      </Space>
    );

  return (
    <Modal open title={text('import.title')} onCancel={onClose} footer={footer} width={960} mask={{ closable: false }}>
      {extra && <div className="fd-import-target">{extra.label}</div>}
      <Steps
        className="fd-import-steps"
        size="small"
        current={step}
        items={[
          { title: text('import.steps.file') },
          { title: text('import.steps.check') },
          { title: text('import.steps.done') },
        ]}
      />
      {step === 0 && (
        <div className="fd-import-step">
          <Alert
            type="info"
            showIcon
            title={text('import.intro', {
              max: header.data?.maxRows ?? 20000,
              sync: header.data?.syncMaxRows ?? 500,
            })}
            action={
              <Button icon={<DownloadOutlined />} loading={downloading} onClick={template}>
                {text('import.template')}
              </Button>
            }
          />
          <h3 className="fd-import-subtitle">{text('import.columns')}</h3>
          <ColumnsTable columns={header.data?.columns ?? []} loading={header.isLoading} ns={ns} />
          {targets.length > 1 && (
            <div className="fd-import-rent">
              <label htmlFor="fd-import-rent">{text('import.rent')}</label>
              <Select
                id="fd-import-rent"
                allowClear
                value={rentId}
                onChange={(v) => setRentId(v ?? null)}
                placeholder={text('import.rentByFile')}
                options={targets}
                style={{ width: 360 }}
              />
            </div>
          )}
          <Upload.Dragger
            accept=".xlsx,.csv"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: 'file', name: file.name, status: 'done', size: file.size }] : []}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{text('import.drop')}</p>
            <p className="ant-upload-hint">{text('import.dropHint')}</p>
          </Upload.Dragger>
        </div>
      )}
      {step === 1 && checked && <CheckReport checked={checked} fileName={file?.name ?? ''} ns={ns} />}
      {step === 2 && result && <ImportReport result={result} ns={ns} />}
    </Modal>
  );
}

function ColumnsTable({ columns, loading, ns }: { columns: ImportColumn[]; loading: boolean; ns: string }) {
  const { t: text } = useTranslation(ns);
  return (
    <Table<ImportColumn>
      size="small"
      rowKey="key"
      loading={loading}
      dataSource={columns}
      pagination={false}
      scroll={{ y: 220 }}
      columns={[
        {
          key: 'title',
          title: text('import.column.title'),
          render: (_, c) => (
            <span>
              {c.required && <span className="fd-required">*</span>}
              {c.title}
            </span>
          ),
          width: 180,
        },
        { key: 'example', title: text('import.column.example'), dataIndex: 'example', width: 180 },
        {
          key: 'accepts',
          title: text('import.column.accepts'),
          render: (_, c) =>
            c.values
              ? c.values.map((v) => v.label).join(' / ')
              : (c.description ?? <span className="fd-muted">-</span>),
        },
      ]}
    />
  );
}

function CheckReport({ checked, fileName, ns }: { checked: ImportCheckResult; fileName: string; ns: string }) {
  const { t: text } = useTranslation(ns);
  return (
    <div className="fd-import-step">
      <p className="fd-muted">{fileName}</p>
      <div className="fd-import-stats">
        <Statistic title={text('import.total')} value={checked.total} />
        <Statistic title={text('import.valid')} value={checked.valid} styles={{ content: { color: '#389e0d' } }} />
        <Statistic
          title={text('import.invalid')}
          value={checked.invalid}
          styles={{ content: { color: checked.invalid ? '#cf1322' : undefined } }}
        />
        <Statistic title={text('import.warnings')} value={checked.warnings.length} />
      </div>
      {checked.unknownColumns.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={text('import.unknownColumns', { columns: checked.unknownColumns.join(', ') })}
        />
      )}
      {checked.truncated && <Alert type="info" showIcon title={text('import.truncated')} />}
      {checked.invalid === 0 && checked.warnings.length === 0 ? (
        <Alert type="success" showIcon title={text('import.allGood', { count: checked.valid })} />
      ) : (
        <Tabs
          items={[
            {
              key: 'errors',
              label: text('import.errorsTab', { count: checked.errors.length }),
              children: <ImportIssues ns={ns} issues={checked.errors} label={text('import.errorsLabel')} />,
            },
            {
              key: 'warnings',
              label: text('import.warningsTab', { count: checked.warnings.length }),
              children: <ImportIssues ns={ns} issues={checked.warnings} label={text('import.warningsLabel')} />,
            },
          ]}
        />
      )}
    </div>
  );
}

function ImportReport({ result, ns }: { result: ImportResult; ns: string }) {
  const { t: text } = useTranslation(ns);
  if (result.mode === 'task') {
    return (
      <Result
        status="info"
        title={text('import.taskStarted', { count: result.total })}
        subTitle={text('import.taskHint')}
      />
    );
  }
  return (
    <div className="fd-import-step">
      <Result
        status={result.failed ? 'warning' : 'success'}
        title={text('import.imported', { count: result.imported })}
        subTitle={result.failed ? text('import.failed', { count: result.failed }) : undefined}
      />
      {result.errors.length > 0 && <ImportIssues ns={ns} issues={result.errors} label={text('import.errorsLabel')} />}
    </div>
  );
}
