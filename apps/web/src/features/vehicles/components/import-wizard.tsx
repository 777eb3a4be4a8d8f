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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportCheckResult, ImportColumn, ImportResult } from '@fleetdesk/contracts/excel-import';
import { TaskCategory } from '@fleetdesk/contracts/tasks';
import { useSession } from '../../../lib/session';
import { startTaskNotice } from '../../../lib/task-notices';
import { useCheckImport } from '../api/check-import';
import { downloadImportTemplate } from '../api/download-import-template';
import { importHeaderQuery } from '../api/get-import-header';
import { useRunImport } from '../api/run-import';
import { ImportIssues } from './import-issues';

const TYPE = 'car';

interface Props {
  onClose: () => void;
  /** Cars were written (a small import), or a background import was started (its task id). */
  onImported: (taskId?: number) => void;
}

/** Importing cars from a spreadsheet: the template and its columns, a check of the file, then the import. */
export function ImportWizard({ onClose, onImported }: Props) {
  const { t, i18n } = useTranslation('vehicles');
  const rents = useSession((s) => s.user?.rents ?? []);
  const header = useQuery(importHeaderQuery(TYPE, i18n.language));
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
    const answer = await check.mutateAsync({ type: TYPE, file }).catch(() => null);
    if (answer) setChecked(answer);
  };

  const startImport = async () => {
    if (!file) return;
    const answer = await run.mutateAsync({ type: TYPE, file, extra: rentId }).catch(() => null);
    if (!answer) return;
    setResult(answer);
    if (answer.mode === 'task') {
      startTaskNotice({
        id: answer.taskId,
        targetId: answer.targetId,
        category: TaskCategory.import,
        title: t('import.taskTitle', { name: file.name }),
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
    downloadImportTemplate(TYPE, t('import.templateFile'))
      .catch(() => undefined)
      .finally(() => setDownloading(false));
  };

  const footer =
    step === 0 ? (
      <Space>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button type="primary" disabled={!file} loading={check.isPending} onClick={() => void startCheck()}>
          {t('import.check')}
        </Button>
      </Space>
    ) : step === 1 ? (
      <Space>
        <Button onClick={again}>{t('import.otherFile')}</Button>
        <Button type="primary" disabled={!checked?.valid} loading={run.isPending} onClick={() => void startImport()}>
          {t('import.confirm', { count: checked?.valid ?? 0 })}
        </Button>
      </Space>
    ) : (
      <Space>
        <Button onClick={again}>{t('import.another')}</Button>
        <Button type="primary" onClick={onClose}>
          {t('import.close')}
        </Button>
      </Space>
    );

  return (
    <Modal open title={t('import.title')} onCancel={onClose} footer={footer} width={960} maskClosable={false}>
      <Steps
        className="fd-import-steps"
        size="small"
        current={step}
        items={[
          { title: t('import.steps.file') },
          { title: t('import.steps.check') },
          { title: t('import.steps.done') },
        ]}
      />
      {step === 0 && (
        <div className="fd-import-step">
          <Alert
            type="info"
            showIcon
            title={t('import.intro', {
              max: header.data?.maxRows ?? 20000,
              sync: header.data?.syncMaxRows ?? 500,
            })}
            action={
              <Button icon={<DownloadOutlined />} loading={downloading} onClick={template}>
                {t('import.template')}
              </Button>
            }
          />
          <h3 className="fd-import-subtitle">{t('import.columns')}</h3>
          <ColumnsTable columns={header.data?.columns ?? []} loading={header.isLoading} />
          {rents.length > 1 && (
            <div className="fd-import-rent">
              <label htmlFor="fd-import-rent">{t('import.rent')}</label>
              <Select
                id="fd-import-rent"
                allowClear
                value={rentId}
                onChange={(v) => setRentId(v ?? null)}
                placeholder={t('import.rentByFile')}
                options={rents.map((r) => ({ value: r.id, label: r.name }))}
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
            <p className="ant-upload-text">{t('import.drop')}</p>
            <p className="ant-upload-hint">{t('import.dropHint')}</p>
          </Upload.Dragger>
        </div>
      )}
      {step === 1 && checked && <CheckReport checked={checked} fileName={file?.name ?? ''} />}
      {step === 2 && result && <ImportReport result={result} />}
    </Modal>
  );
}

function ColumnsTable({ columns, loading }: { columns: ImportColumn[]; loading: boolean }) {
  const { t } = useTranslation('vehicles');
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
          title: t('import.column.title'),
          render: (_, c) => (
            <span>
              {c.required && <span className="fd-required">*</span>}
              {c.title}
            </span>
          ),
          width: 180,
        },
        { key: 'example', title: t('import.column.example'), dataIndex: 'example', width: 180 },
        {
          key: 'accepts',
          title: t('import.column.accepts'),
          render: (_, c) =>
            c.values
              ? c.values.map((v) => v.label).join(' / ')
              : (c.description ?? <span className="fd-muted">-</span>),
        },
      ]}
    />
  );
}

function CheckReport({ checked, fileName }: { checked: ImportCheckResult; fileName: string }) {
  const { t } = useTranslation('vehicles');
  return (
    <div className="fd-import-step">
      <p className="fd-muted">{fileName}</p>
      <div className="fd-import-stats">
        <Statistic title={t('import.total')} value={checked.total} />
        <Statistic title={t('import.valid')} value={checked.valid} styles={{ content: { color: '#389e0d' } }} />
        <Statistic
          title={t('import.invalid')}
          value={checked.invalid}
          styles={{ content: { color: checked.invalid ? '#cf1322' : undefined } }}
        />
        <Statistic title={t('import.warnings')} value={checked.warnings.length} />
      </div>
      {checked.unknownColumns.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('import.unknownColumns', { columns: checked.unknownColumns.join(', ') })}
        />
      )}
      {checked.truncated && <Alert type="info" showIcon title={t('import.truncated')} />}
      {checked.invalid === 0 && checked.warnings.length === 0 ? (
        <Alert type="success" showIcon title={t('import.allGood', { count: checked.valid })} />
      ) : (
        <Tabs
          items={[
            {
              key: 'errors',
              label: t('import.errorsTab', { count: checked.errors.length }),
              children: <ImportIssues issues={checked.errors} label={t('import.errorsLabel')} />,
            },
            {
              key: 'warnings',
              label: t('import.warningsTab', { count: checked.warnings.length }),
              children: <ImportIssues issues={checked.warnings} label={t('import.warningsLabel')} />,
            },
          ]}
        />
      )}
    </div>
  );
}

function ImportReport({ result }: { result: ImportResult }) {
  const { t } = useTranslation('vehicles');
  if (result.mode === 'task') {
    return (
      <Result status="info" title={t('import.taskStarted', { count: result.total })} subTitle={t('import.taskHint')} />
    );
  }
  return (
    <div className="fd-import-step">
      <Result
        status={result.failed ? 'warning' : 'success'}
        title={t('import.imported', { count: result.imported })}
        subTitle={result.failed ? t('import.failed', { count: result.failed }) : undefined}
      />
      {result.errors.length > 0 && <ImportIssues issues={result.errors} label={t('import.errorsLabel')} />}
    </div>
  );
}
