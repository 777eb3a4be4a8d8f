import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TOP_UP_PAGE } from '@fleetdesk/contracts/payments';
import { TaskCategory } from '@fleetdesk/contracts/tasks';
import type { BatchCheck } from '@fleetdesk/contracts/violations';
import { formatMoney, formatPlate } from '../../../lib/format';
import type { RequestError } from '../../../lib/request';
import { startTaskNotice } from '../../../lib/task-notices';
import { findCars, type CarOption } from '../api/pick-lists';
import { checkCars, INSUFFICIENT_BALANCE, startQuery } from '../api/queries';

const ALL = 200;

/**
 * The paid violation query: pick cars, check them (which can be queried, the price, the balance), pay and
 * start; the progress notice follows the task. A short balance is said here, with the way to top up.
 */
export function QueryDialog({ carIds, onClose }: { carIds?: number[]; onClose: () => void }) {
  const { t } = useTranslation('violations');
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<CarOption[]>([]);
  const [check, setCheck] = useState<BatchCheck | null>(null);
  const [short, setShort] = useState<string | null>(null);
  const fixed = carIds && carIds.length > 0;
  const cars = useQuery({
    queryKey: ['violations', 'pickCars', keyword],
    queryFn: () => findCars(keyword),
    enabled: !fixed,
  });
  const ids = fixed ? carIds : picked.map((c) => c.id);
  const checking = useMutation({ mutationFn: (list: number[]) => checkCars(list), onSuccess: setCheck });
  const starting = useMutation({
    mutationFn: (list: number[]) => startQuery(list),
    onSuccess: ({ order }) => {
      if (order.taskId) {
        startTaskNotice({
          id: order.taskId,
          targetId: order.targetId,
          category: TaskCategory.violationQuery,
          total: order.carCount,
        });
      }
      void message.success(t('query.started'));
      onClose();
    },
    onError: (e: RequestError) => {
      const body = e.body as { code?: string; message?: string } | undefined;
      if (body?.code === INSUFFICIENT_BALANCE) setShort(body.message ?? t('query.shortGeneric'));
    },
  });
  const pickAll = async () => {
    const all = await findCars('', ALL);
    setPicked(all);
    setCheck(null);
  };
  const queryable = check?.cars.filter((c) => c.queryable).map((c) => c.carId) ?? [];
  const refused = check?.cars.filter((c) => !c.queryable) ?? [];
  const options = [...picked, ...(cars.data ?? []).filter((c) => !picked.some((p) => p.id === c.id))].map((c) => ({
    value: c.id,
    label: formatPlate(c.plate),
  }));

  return (
    <Modal
      open
      width={640}
      title={
        <Space>
          {t('query.title')}
          {check?.sandbox && <Tag color="purple">{t('query.sandbox')}</Tag>}
        </Space>
      }
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button
            disabled={!ids.length}
            loading={checking.isPending}
            onClick={() => checking.mutate(ids)}
            data-testid="violation-query-check"
          >
            {t('query.check')}
          </Button>
          <Button
            type="primary"
            disabled={!check || !queryable.length || check.unitPrice === null}
            loading={starting.isPending}
            onClick={() => starting.mutate(queryable)}
            data-testid="violation-query-confirm"
          >
            {t('query.confirm')}
          </Button>
        </Space>
      }
    >
      {!fixed && (
        <Space.Compact block>
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            showSearch
            filterOption={false}
            placeholder={t('query.carsPlaceholder')}
            value={picked.map((c) => c.id)}
            onSearch={setKeyword}
            onChange={(values: number[]) => {
              const known = new Map([...picked, ...(cars.data ?? [])].map((c) => [c.id, c]));
              setPicked(values.map((v) => known.get(v)!).filter(Boolean));
              setCheck(null);
            }}
            options={options}
            loading={cars.isFetching}
            maxTagCount="responsive"
            data-testid="violation-query-cars"
          />
          <Button onClick={() => void pickAll()} data-testid="violation-query-all">
            {t('query.allCars', { count: ALL })}
          </Button>
        </Space.Compact>
      )}
      {check && (
        <div className="fd-violations-body">
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('query.queryable', { count: check.queryable })}>
              {check.unitPrice === null
                ? t('query.notOffered')
                : t('query.price', {
                    unit: formatMoney(check.unitPrice),
                    count: check.queryable,
                    total: formatMoney(check.total ?? 0),
                  })}
            </Descriptions.Item>
            <Descriptions.Item label={t('query.balance', { balance: formatMoney(check.balance) })}>
              {check.total !== null && check.total > check.balance ? (
                <Link to={TOP_UP_PAGE}>{t('query.topUp')}</Link>
              ) : (
                '-'
              )}
            </Descriptions.Item>
          </Descriptions>
          {refused.length > 0 && (
            <div className="fd-violations-query-cars">
              <Alert
                type="warning"
                showIcon
                title={t('query.refused', { count: refused.length })}
                description={refused.map((c) => (
                  <div key={c.carId}>
                    {c.plate ? formatPlate(c.plate) : `#${c.carId}`}: {t(`query.reason.${c.reason ?? 'notFound'}`)}
                  </div>
                ))}
              />
            </div>
          )}
        </div>
      )}
      {short && (
        <Alert
          className="fd-violations-body"
          type="error"
          showIcon
          title={short}
          action={
            <Link to={TOP_UP_PAGE}>
              <Button size="small" type="primary">
                {t('query.topUp')}
              </Button>
            </Link>
          }
          data-testid="violation-query-short"
        />
      )}
    </Modal>
  );
}
