import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Image from 'antd/es/image';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Timeline from 'antd/es/timeline';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ORDER_LINE_KIND_TITLES,
  PAYER_TITLES,
  WORK_ORDER_KIND_TITLES,
  type OrderLine,
  type WorkOrderAction,
  type WorkOrderDetail,
} from '@fleetdesk/contracts/maintenance';
import { CarLink, ContractLink, DriverLink, entityPath } from '../../../components/entity-links';
import { useAccess } from '../../../lib/access';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { RequestError } from '../../../lib/request';
import { orderQuery, useMoveOrder, workshopOptionsQuery } from '../api/maintenance';
import {
  CancelDialog,
  CompleteDialog,
  EnterDialog,
  LinesDialog,
  PickUpDialog,
  SettleDialog,
  type OrderDialog,
} from '../components/order-dialogs';
import { OrderForm } from '../components/order-form';
import { OrderStateTag, useTitle } from '../components/titles';
import { offeredActions } from '../model/actions';

const km = (v: number | null | undefined) => (v == null ? '-' : `${v.toLocaleString('en-US')} km`);

/** `/maintenance/order/{id}`: a work order with its state, the actions its state and the user allow, lines, photos, timeline. */
export function OrderPage({ id }: { id: number }) {
  const { t } = useTranslation('maintenance');
  const order = useQuery(orderQuery(id));
  if (order.isPending) return <Skeleton active className="fd-maint-page" />;
  if (order.isError) {
    const missing = order.error instanceof RequestError && order.error.httpStatus === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('order.missing') : t('order.loadFailed')}
        extra={
          <Space>
            {missing ? null : <Button onClick={() => void order.refetch()}>{t('common:actions.retry')}</Button>}
            <Link to="/maintenance/orders">{t('order.back')}</Link>
          </Space>
        }
      />
    );
  }
  return <OrderView order={order.data} />;
}

function OrderView({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation('maintenance');
  const title = useTitle();
  const access = useAccess();
  const { modal, message } = App.useApp();
  const move = useMoveOrder();
  const [dialog, setDialog] = useState<OrderDialog | 'update' | null>(null);
  const workshops = useQuery({ ...workshopOptionsQuery(), enabled: !!order.workshopId });
  const labourRate = workshops.data?.find((w) => w.id === order.workshopId)?.labourRate ?? null;
  const actions = offeredActions(order, access);

  const act = (action: WorkOrderAction) => {
    if (action === 'submit') {
      modal.confirm({
        title: t('moves.submit.title', { number: order.number }),
        content: t('moves.submit.hint'),
        okText: t('moves.submit.ok'),
        onOk: async () => {
          await move.mutateAsync({ id: order.id, move: { action: 'submit', input: { version: order.version } } });
          void message.success(t('moves.submit.done'));
        },
      });
      return;
    }
    setDialog(action);
  };

  const close = () => setDialog(null);
  const split = order.state === 'settled' || order.state === 'picked_up';

  return (
    <div className="fd-maint-page" data-testid="maint-order">
      <div className="fd-maint-order-head">
        <div>
          <Link to="/maintenance/orders" className="fd-maint-back">
            <ArrowLeftOutlined /> {t('order.back')}
          </Link>
          <h1 className="fd-page-title">
            {t('order.title', { number: order.number })} <OrderStateTag state={order.state} />
          </h1>
          <div className="fd-muted">
            <CarLink id={order.carId} plate={order.plate} /> · {title(WORK_ORDER_KIND_TITLES[order.kind])}
            {order.workshopName ? ` · ${order.workshopName}` : ''}
          </div>
        </div>
        <div role="group" aria-label={t('order.actions')} className="fd-maint-actions">
          <Space wrap>
            {actions.map((a) => (
              <Button
                key={a}
                type={a === 'cancel' || a === 'update' || a === 'lines' ? 'default' : 'primary'}
                danger={a === 'cancel'}
                onClick={() => act(a)}
              >
                {t(`moves.${a}.button`)}
              </Button>
            ))}
          </Space>
        </div>
      </div>

      <Card size="small" title={t('order.info')}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('fields.plate')}>
            <CarLink id={order.carId} plate={order.plate} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.driver')}>
            {order.driverName ? <DriverLink id={order.driverId} name={order.driverName} /> : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.contract')}>
            {order.contractNo ? <ContractLink id={order.contractId} number={order.contractNo} /> : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.kind')}>{title(WORK_ORDER_KIND_TITLES[order.kind])}</Descriptions.Item>
          <Descriptions.Item label={t('fields.workshop')}>{order.workshopName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.rent')}>{order.rentName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.planned')}>
            {formatDate(order.plannedStart)}
            {order.plannedEnd ? ` ~ ${formatDate(order.plannedEnd)}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.actualStart')}>{formatDateTime(order.actualStart)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.actualEnd')}>{formatDateTime(order.actualEnd)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.mileageIn')}>{km(order.mileageIn)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.mileageOut')}>{km(order.mileageOut)}</Descriptions.Item>
          <Descriptions.Item label={t('columns.estimate')}>{formatMoney(order.estimate)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.payer')}>{title(PAYER_TITLES[order.payer])}</Descriptions.Item>
          <Descriptions.Item label={t('fields.createdBy')}>
            {order.createdByName ?? '-'} · {formatDateTime(order.createdAt)}
          </Descriptions.Item>
          {order.approvalRequestId ? (
            <Descriptions.Item label={t('fields.approval')}>
              <Link to={entityPath.approval(order.approvalRequestId)}>{t('order.openApproval')}</Link>
            </Descriptions.Item>
          ) : null}
          {order.cancelReason ? (
            <Descriptions.Item label={t('fields.cancelReason')}>{order.cancelReason}</Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('fields.problem')} span="filled">
            <span className="fd-maint-problem">{order.problem}</span>
          </Descriptions.Item>
          {order.address ? (
            <Descriptions.Item label={t('fields.address')} span="filled">
              {order.address} · {order.contactName} {order.contactPhone}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>

      <Card size="small" title={t('order.lines')}>
        <Table<OrderLine>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={order.lines}
          locale={{ emptyText: t('lines.none') }}
          columns={[
            { key: 'kind', title: t('lines.kind'), render: (_, l) => title(ORDER_LINE_KIND_TITLES[l.kind]) },
            { key: 'name', title: t('lines.name'), dataIndex: 'name' },
            { key: 'partNo', title: t('lines.partNo'), render: (_, l) => l.partNo ?? '' },
            {
              key: 'quantity',
              title: t('lines.quantity'),
              align: 'right',
              render: (_, l) => (l.kind === 'part' ? l.quantity : t('lines.hoursValue', { hours: l.hours })),
            },
            {
              key: 'price',
              title: t('lines.price'),
              align: 'right',
              render: (_, l) => formatMoney(l.kind === 'part' ? l.unitPrice : l.rate),
            },
            { key: 'amount', title: t('lines.amount'), align: 'right', render: (_, l) => formatMoney(l.amount) },
          ]}
        />
        <div className="fd-maint-totals fd-maint-totals-end" data-testid="maint-order-totals">
          <span>
            {t('lines.parts')} <b>{formatMoney(order.parts)}</b>
          </span>
          <span>
            {t('lines.labour')} <b>{formatMoney(order.labour)}</b>
          </span>
          <span>
            {t('lines.total')} <b>{formatMoney(order.total)}</b>
          </span>
          {split ? (
            <>
              <span>
                {t('fields.driverShare')} <b>{formatMoney(order.driverShare)}</b>
              </span>
              <span>
                {t('fields.insuranceShare')} <b>{formatMoney(order.insuranceShare)}</b>
              </span>
              <span>
                {t('fields.companyShare')} <b>{formatMoney(order.companyShare)}</b>
              </span>
            </>
          ) : null}
        </div>
      </Card>

      <div className="fd-maint-two">
        <Card size="small" title={t('order.photos', { count: order.photos.length })}>
          {order.photos.length ? (
            <Image.PreviewGroup>
              <Space wrap>
                {order.photos.map((p) => (
                  <Image key={p.url} src={p.signedUrl} width={96} height={96} className="fd-maint-photo" />
                ))}
              </Space>
            </Image.PreviewGroup>
          ) : (
            <span className="fd-muted">{t('order.noPhotos')}</span>
          )}
        </Card>
        <Card size="small" title={t('order.timeline')}>
          <Timeline
            data-testid="maint-timeline"
            items={order.events.map((e) => ({
              key: e.id,
              content: (
                <div>
                  <div>{e.text}</div>
                  <div className="fd-muted">
                    {formatDateTime(e.at)}
                    {e.userName ? ` · ${e.userName}` : ''}
                  </div>
                </div>
              ),
            }))}
          />
        </Card>
      </div>

      {dialog === 'update' ? <OrderForm order={order} onClose={close} /> : null}
      {dialog === 'enter' ? <EnterDialog order={order} onClose={close} /> : null}
      {dialog === 'complete' ? <CompleteDialog order={order} onClose={close} labourRate={labourRate} /> : null}
      {dialog === 'lines' ? <LinesDialog order={order} onClose={close} labourRate={labourRate} /> : null}
      {dialog === 'settle' ? <SettleDialog order={order} onClose={close} /> : null}
      {dialog === 'pickUp' ? <PickUpDialog order={order} onClose={close} /> : null}
      {dialog === 'cancel' ? <CancelDialog order={order} onClose={close} /> : null}
    </div>
  );
}
