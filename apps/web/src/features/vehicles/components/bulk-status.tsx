import DownOutlined from '@ant-design/icons/DownOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsFrom, CAR_ACTION_NAMES, type CarListRow, type CarAction } from '@fleetdesk/contracts/vehicles';
import { formatPlate } from '../../../lib/format';
import { useTakeBatchAction, type BatchActionAnswer } from '../api/take-batch-action';

/**
 * One status action on the selected cars. Every selected car is sent: the server takes the action where it
 * may and says, car by car, why it refused the others (a status, a missing policy...).
 */
export function BulkStatus({ cars, onDone }: { cars: CarListRow[]; onDone: () => void }) {
  const { t } = useTranslation('vehicles');
  const [action, setAction] = useState<CarAction | null>(null);
  const [result, setResult] = useState<BatchActionAnswer | null>(null);
  const [form] = Form.useForm<{ remark?: string }>();
  const batch = useTakeBatchAction();
  const allowed = (a: CarAction) => cars.filter((c) => actionsFrom(c.status).includes(a)).length;

  const submit = async ({ remark }: { remark?: string }) => {
    if (!action) return;
    const answer = await batch.mutateAsync({ action, ids: cars.map((c) => c.id), remark }).catch(() => null);
    if (!answer) return;
    setAction(null);
    setResult(answer);
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: CAR_ACTION_NAMES.map((a) => ({
            key: a,
            label: t('bulk.actionItem', { action: t(`action.${a}`), allowed: allowed(a), count: cars.length }),
            // None of the selected cars may take it: nothing to ask the server.
            disabled: allowed(a) === 0,
          })),
          onClick: ({ key }) => {
            form.resetFields();
            setAction(key as CarAction);
          },
        }}
      >
        <Button size="small">
          {t('bulk.changeStatus')} <DownOutlined />
        </Button>
      </Dropdown>
      <Modal
        open={!!action}
        title={action ? t('bulk.title', { action: t(`action.${action}`), count: cars.length }) : ''}
        onCancel={() => setAction(null)}
        onOk={() => form.submit()}
        okText={action ? t(`action.${action}`) : undefined}
        confirmLoading={batch.isPending}
        destroyOnHidden
      >
        {action && allowed(action) < cars.length && (
          <Alert
            type="warning"
            showIcon
            className="fd-bulk-note"
            title={t('bulk.someRefused', { allowed: allowed(action), count: cars.length })}
          />
        )}
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="remark" label={t('statusAction.remark')}>
            <Input.TextArea maxLength={200} showCount rows={3} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={!!result}
        title={t('bulk.resultTitle')}
        onCancel={() => {
          setResult(null);
          onDone();
        }}
        footer={
          <Button
            type="primary"
            onClick={() => {
              setResult(null);
              onDone();
            }}
          >
            {t('common:actions.ok')}
          </Button>
        }
        width={640}
      >
        {result && (
          <>
            <Alert
              type={result.refused.length ? (result.done.length ? 'warning' : 'error') : 'success'}
              showIcon
              title={t('bulk.resultSummary', { done: result.done.length, refused: result.refused.length })}
            />
            {result.refused.length > 0 && (
              <Table
                className="fd-bulk-refused"
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={result.refused}
                columns={[
                  {
                    key: 'plate',
                    title: t('columns.plate'),
                    render: (_, r) => formatPlate(r.plate) || `#${r.id}`,
                    width: 140,
                  },
                  { key: 'message', title: t('bulk.reason'), dataIndex: 'message' },
                ]}
              />
            )}
          </>
        )}
      </Modal>
    </>
  );
}
