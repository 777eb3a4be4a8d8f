import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOKED_CAR_STATE_TITLES, BOOKED_CAR_STATES, type BookedCar } from '@fleetdesk/contracts/financing';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { isFieldFailure } from '../../../lib/field-failure';
import { formatMoney } from '../../../lib/format';
import { bookedCarsQuery, createBookedCar } from '../api/extras';
import { ActionDialog } from '../components/action-dialog';
import { useTitle } from '../components/titles';

interface BookValues {
  brand: string;
  series?: string;
  model: string;
  colour?: string;
  quantity: number;
  guidePrice?: number;
  earnest: number;
  expectedDate?: Dayjs;
  contactName?: string;
  contactPhone?: string;
  note?: string;
}

function BookDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('financing');
  const required = [{ required: true, message: t('form.required') }];
  return (
    <ActionDialog<BookValues>
      title={t('booked.create')}
      initialValues={{ quantity: 1, earnest: 0 }}
      onClose={onClose}
      submit={(v) =>
        createBookedCar(
          {
            brand: v.brand,
            series: v.series || null,
            model: v.model,
            colour: v.colour || null,
            quantity: v.quantity,
            guidePrice: v.guidePrice ?? null,
            earnest: v.earnest ?? 0,
            expectedDate: v.expectedDate ? v.expectedDate.format('YYYY-MM-DD') : null,
            contactName: v.contactName || null,
            contactPhone: v.contactPhone || null,
            note: v.note || null,
          },
          isFieldFailure,
        )
      }
    >
      <div className="fd-fin-grid">
        <Form.Item name="brand" label={t('booked.brand')} rules={required}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="series" label={t('booked.series')}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="model" label={t('booked.model')} rules={required}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="colour" label={t('booked.colour')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="quantity" label={t('booked.quantity')} rules={required}>
          <InputNumber min={1} max={1000} />
        </Form.Item>
        <Form.Item name="guidePrice" label={t('booked.guidePrice')}>
          <InputNumber min={0} precision={2} />
        </Form.Item>
        <Form.Item name="earnest" label={t('booked.earnest')}>
          <InputNumber min={0} precision={2} />
        </Form.Item>
        <Form.Item name="expectedDate" label={t('booked.expectedDate')}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="contactName" label={t('booked.contactName')}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="contactPhone" label={t('booked.contactPhone')}>
          <Input maxLength={11} />
        </Form.Item>
      </div>
      <Form.Item name="note" label={t('rentOrSale.note')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </ActionDialog>
  );
}

/** `/finance/booked`: car models reserved for purchase with an earnest amount. */
export function BookedCarList() {
  const { t } = useTranslation('financing');
  const title = useTitle();
  const access = useAccess();
  const [creating, setCreating] = useState(false);
  const fields = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('booked.keywordHint') },
      {
        type: 'select',
        name: 'state',
        label: t('filters.state'),
        options: BOOKED_CAR_STATES.map((s) => ({ value: s, label: title(BOOKED_CAR_STATE_TITLES[s]) })),
      },
    ],
    [t, title],
  );
  const columns: ListColumn<BookedCar>[] = [
    { key: 'code', title: t('booked.code'), dataIndex: 'code' },
    {
      key: 'model',
      title: t('booked.model'),
      render: (_, b) => [b.brand, b.series, b.model].filter(Boolean).join(' '),
    },
    { key: 'colour', title: t('booked.colour'), render: (_, b) => b.colour ?? '-' },
    { key: 'quantity', title: t('booked.quantity'), dataIndex: 'quantity' },
    { key: 'earnest', title: t('booked.earnest'), align: 'right', render: (_, b) => formatMoney(b.earnest) },
    { key: 'expected', title: t('booked.expectedDate'), render: (_, b) => b.expectedDate ?? '-' },
    { key: 'financier', title: t('columns.financier'), render: (_, b) => b.financierName ?? '-' },
    { key: 'rent', title: t('columns.rent'), dataIndex: 'rentName' },
    { key: 'state', title: t('columns.state'), render: (_, b) => title(BOOKED_CAR_STATE_TITLES[b.state]) },
  ];
  return (
    <>
      <ListPage<BookedCar>
        id="financing-booked"
        filters={fields}
        toolbar={
          access.can('finance:add') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('booked.create')}
            </Button>
          ) : undefined
        }
        columns={columns}
        rowKey={(b) => b.id}
        query={(p) => bookedCarsQuery({ ...p.filters, pageNum: p.pageNum, pageSize: p.pageSize })}
      />
      {creating && <BookDialog onClose={() => setCreating(false)} />}
    </>
  );
}
