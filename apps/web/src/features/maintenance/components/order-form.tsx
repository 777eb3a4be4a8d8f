import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GPS_ORDER_KINDS,
  SERVICE_OF_KIND,
  WORK_ORDER_KIND_TITLES,
  WORK_ORDER_KINDS,
  WorkOrderCreateInput,
  WorkOrderUpdateInput,
  type FileRef,
  type WorkOrderDetail,
  type WorkOrderKind,
} from '@fleetdesk/contracts/maintenance';
import { DriverLink } from '../../../components/entity-links';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { useModalForm } from '../../../components/use-modal-form';
import { formatPlate } from '../../../lib/format';
import { useCreateOrder, useUpdateOrder } from '../api/maintenance';
import { checked } from '../../../components/form-check/form-check';
import { ImagesField } from './images-field';
import { CarPicker, useLiveContract, WorkshopSelect } from './pickers';
import { useTitle } from './titles';

/** What opens the form already filled (the due list's "create work order"). */
export interface OrderPrefill {
  carId?: number;
  plate?: string;
  kind?: WorkOrderKind;
  problem?: string;
  mileageIn?: number | null;
}

interface Values {
  carId?: number;
  kind?: WorkOrderKind;
  problem?: string;
  photos: FileRef[];
  estimate?: number | null;
  plannedStart?: Dayjs;
  plannedEnd?: Dayjs | null;
  workshopId?: number | null;
  mileageIn?: number | null;
  address?: string;
  contactName?: string;
  contactPhone?: string;
}

const FIELDS = new Set([
  'carId',
  'kind',
  'problem',
  'photos',
  'estimate',
  'plannedStart',
  'plannedEnd',
  'workshopId',
  'mileageIn',
  'address',
  'contactName',
  'contactPhone',
]);
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

/**
 * Reporting a problem (a new work order: the car by plate, its driver shown from the live contract, the kind, the
 * problem, photos, the estimate, the planned dates and the workshop), or changing one still reported or approved.
 */
export function OrderForm({
  order,
  prefill,
  onClose,
  onSaved,
}: {
  order?: WorkOrderDetail | null;
  prefill?: OrderPrefill;
  onClose: () => void;
  onSaved?: (order: WorkOrderDetail) => void;
}) {
  const { t } = useTranslation('maintenance');
  const title = useTitle();
  const { message } = App.useApp();
  const create = useCreateOrder();
  const update = useUpdateOrder();
  const inline = useInlineFailure();
  const [form] = Form.useForm<Values>();
  const [carId, setCarId] = useState<number | undefined>(order?.carId ?? prefill?.carId);
  const kind = Form.useWatch('kind', form) ?? order?.kind ?? prefill?.kind;
  const contract = useLiveContract(order ? undefined : carId);
  const { submit, saving } = useModalForm<Values, WorkOrderDetail, unknown>({
    form,
    submit: async (input) => {
      inline.clear();
      try {
        return order ? await update.mutateAsync(input as never) : await create.mutateAsync(input as never);
      } catch (e) {
        inline.capture(e);
        throw e;
      }
    },
    onSuccess: (saved) => {
      void message.success(order ? t('form.saved') : t('form.created', { number: saved.number }));
      onSaved?.(saved);
    },
    onClose,
  });

  const initialValues: Values = order
    ? {
        carId: order.carId,
        kind: order.kind,
        problem: order.problem,
        photos: order.photos,
        estimate: order.estimate,
        plannedStart: dayjs(order.plannedStart),
        plannedEnd: order.plannedEnd ? dayjs(order.plannedEnd) : null,
        workshopId: order.workshopId,
        mileageIn: order.mileageIn,
        address: order.address ?? undefined,
        contactName: order.contactName ?? undefined,
        contactPhone: order.contactPhone ?? undefined,
      }
    : {
        carId: prefill?.carId,
        kind: prefill?.kind ?? 'repair',
        problem: prefill?.problem,
        photos: [],
        estimate: null,
        plannedStart: dayjs(),
        plannedEnd: null,
        workshopId: null,
        mileageIn: prefill?.mileageIn ?? null,
      };

  const finish = async (v: Values) => {
    const gps = !!v.kind && GPS_ORDER_KINDS.includes(v.kind);
    const fields = {
      kind: v.kind,
      workshopId: v.workshopId ?? null,
      problem: v.problem ?? '',
      photos: (v.photos ?? []).map((p) => p.url),
      mileageIn: v.mileageIn ?? null,
      plannedStart: day(v.plannedStart) ?? undefined,
      plannedEnd: day(v.plannedEnd),
      estimate: v.estimate ?? 0,
      ...(gps
        ? {
            address: v.address?.trim() || null,
            contactName: v.contactName?.trim() || null,
            contactPhone: v.contactPhone?.trim() || null,
          }
        : {}),
    };
    const input = order
      ? checked(
          form,
          WorkOrderUpdateInput,
          { ...fields, id: order.id, version: order.version, driverId: order.driverId, payer: order.payer },
          t,
          FIELDS,
        )
      : checked(form, WorkOrderCreateInput, { ...fields, carId: v.carId }, t, FIELDS);
    if (!input) return;
    await submit(input);
  };

  const driver = order
    ? order.driverName
      ? { id: order.driverId, name: order.driverName, contract: order.contractNo }
      : null
    : contract.data
      ? { id: contract.data.driverId, name: contract.data.driverName, contract: contract.data.number }
      : null;

  return (
    <Modal
      open
      width={760}
      title={order ? t('form.editTitle', { number: order.number }) : t('form.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={order ? t('common:actions.save') : t('form.submit')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={finish}
        initialValues={initialValues}
        aria-label={t('form.title')}
        className="fd-maint-form"
      >
        <InlineFailure failure={inline.failure} onClose={inline.clear} />
        <div className="fd-maint-grid">
          {order ? (
            <Form.Item label={t('fields.plate')}>
              <span className="fd-plate">{formatPlate(order.plate)}</span>
            </Form.Item>
          ) : (
            <Form.Item name="carId" label={t('fields.plate')} required>
              <CarPicker initialPlate={prefill?.plate} onPick={(car) => setCarId(car.id)} />
            </Form.Item>
          )}
          <Form.Item label={t('fields.driver')}>
            <span data-testid="maint-form-driver">
              {driver ? (
                <>
                  <DriverLink id={driver.id} name={driver.name} />
                  {driver.contract ? <span className="fd-muted"> · {driver.contract}</span> : null}
                </>
              ) : (
                <span className="fd-muted">{carId ? t('form.noDriver') : t('form.pickCar')}</span>
              )}
            </span>
          </Form.Item>
          <Form.Item name="kind" label={t('fields.kind')} required>
            <Select options={WORK_ORDER_KINDS.map((k) => ({ value: k, label: title(WORK_ORDER_KIND_TITLES[k]) }))} />
          </Form.Item>
          <Form.Item name="workshopId" label={t('fields.workshop')}>
            <WorkshopSelect
              allowClear
              service={kind ? SERVICE_OF_KIND[kind] : undefined}
              placeholder={t('form.workshopLater')}
            />
          </Form.Item>
          <Form.Item name="estimate" label={t('fields.estimate')} extra={t('form.estimateHint')}>
            <InputNumber<number> min={0} max={10_000_000} precision={2} prefix="¥" className="fd-maint-full" />
          </Form.Item>
          <Form.Item name="mileageIn" label={t('fields.mileageIn')}>
            <InputNumber<number> min={0} max={5_000_000} precision={0} suffix="km" className="fd-maint-full" />
          </Form.Item>
          <Form.Item name="plannedStart" label={t('fields.plannedStart')} required>
            <DatePicker className="fd-maint-full" />
          </Form.Item>
          <Form.Item name="plannedEnd" label={t('fields.plannedEnd')}>
            <DatePicker className="fd-maint-full" />
          </Form.Item>
        </div>
        <Form.Item name="problem" label={t('fields.problem')} required>
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
        {kind && GPS_ORDER_KINDS.includes(kind) ? (
          <div className="fd-maint-grid">
            <Form.Item name="address" label={t('fields.address')} required>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="contactName" label={t('fields.contactName')} required>
              <Input maxLength={30} />
            </Form.Item>
            <Form.Item name="contactPhone" label={t('fields.contactPhone')} required>
              <Input maxLength={11} />
            </Form.Item>
          </div>
        ) : null}
        <Form.Item name="photos" label={t('fields.photos')}>
          <ImagesField max={20} />
        </Form.Item>
        {kind === 'accident' ? <Alert type="info" showIcon title={t('form.accidentHint')} /> : null}
      </Form>
    </Modal>
  );
}
