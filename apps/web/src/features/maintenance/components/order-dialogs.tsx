import App from 'antd/es/app';
import DatePicker from 'antd/es/date-picker';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import {
  OrderCancelInput,
  OrderCompleteInput,
  OrderEnterInput,
  OrderLinesInput,
  OrderPickUpInput,
  OrderSettleInput,
  PAYER_TITLES,
  PAYERS,
  SERVICE_OF_KIND,
  settlementSplit,
  type Payer,
  type WorkOrderDetail,
} from '@fleetdesk/contracts/maintenance';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { formatMoney } from '../../../lib/format';
import { issueMessage } from '../../../lib/validation';
import { useMoveOrder, type OrderMove } from '../api/maintenance';
import { draftsOf, linesInput, type LineDraft } from '../model/lines';
import { checked } from '../../../components/form-check/form-check';
import { LinesEditor } from './lines-editor';
import { WorkshopSelect } from './pickers';
import { useTitle } from './titles';

export type OrderDialog = 'enter' | 'complete' | 'settle' | 'pickUp' | 'cancel' | 'lines';

interface DialogProps {
  order: WorkOrderDetail;
  onClose: () => void;
}

/** The round trip of a transition dialog: a 409 stays in the dialog, a 400 naming fields goes on them. */
function useMove(order: WorkOrderDetail, onClose: () => void) {
  const { t } = useTranslation('maintenance');
  const { message } = App.useApp();
  const move = useMoveOrder();
  const inline = useInlineFailure();
  const run = async (m: OrderMove, form?: { setFields: (f: never) => void }) => {
    inline.clear();
    try {
      await move.mutateAsync({ id: order.id, move: m });
    } catch (e) {
      if (inline.capture(e)) return;
      const errors = (e as { body?: { errors?: { path: string; message: string }[] } }).body?.errors ?? [];
      const named = errors.filter((x) => x.path);
      if (form && named.length)
        form.setFields(named.map((x) => ({ name: x.path.split('.')[0], errors: [x.message] })) as never);
      return;
    }
    void message.success(t(`moves.${m.action}.done`));
    onClose();
  };
  return { run, inline, pending: move.isPending };
}

/** Line problems of a lines schema check, by line: `lines.2.rate` -> line 2. */
function lineErrors(input: unknown, schema: typeof OrderLinesInput, t: TFunction): Record<number, string> | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const out: Record<number, string> = {};
  for (const issue of result.error.issues) {
    if (issue.path[0] !== 'lines' || typeof issue.path[1] !== 'number') continue;
    out[issue.path[1]] ??= issueMessage(issue, t);
  }
  return out;
}

const instant = (d: Dayjs | null | undefined) => (d ? d.toISOString() : undefined);

/** Into the workshop: the workshop (required unless the order names one), the mileage in and when. */
export function EnterDialog({ order, onClose }: DialogProps) {
  const { t } = useTranslation('maintenance');
  const [form] = Form.useForm<{ workshopId?: number | null; mileageIn?: number | null; actualStart?: Dayjs }>();
  const { run, inline, pending } = useMove(order, onClose);
  const finish = (v: { workshopId?: number | null; mileageIn?: number | null; actualStart?: Dayjs }) => {
    const workshopId = v.workshopId ?? order.workshopId;
    if (!workshopId) {
      form.setFields([{ name: 'workshopId', errors: [t('moves.enter.workshopRequired')] }]);
      return;
    }
    const input = checked(
      form,
      OrderEnterInput,
      { version: order.version, workshopId, mileageIn: v.mileageIn ?? null, actualStart: instant(v.actualStart) },
      t,
    );
    if (input) void run({ action: 'enter', input }, form as never);
  };
  return (
    <Modal
      open
      title={t('moves.enter.title', { number: order.number })}
      okText={t('moves.enter.ok')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={pending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={finish}
        initialValues={{ workshopId: order.workshopId, mileageIn: order.mileageIn, actualStart: dayjs() }}
      >
        <InlineFailure failure={inline.failure} onClose={inline.clear} />
        <Form.Item name="workshopId" label={t('fields.workshop')} required>
          <WorkshopSelect service={SERVICE_OF_KIND[order.kind]} rentId={order.rentId} />
        </Form.Item>
        <Form.Item name="mileageIn" label={t('fields.mileageIn')}>
          <InputNumber<number> min={0} max={5_000_000} precision={0} suffix="km" className="fd-maint-full" />
        </Form.Item>
        <Form.Item name="actualStart" label={t('fields.actualStart')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" className="fd-maint-full" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface CompleteValues {
  actualEnd?: Dayjs;
  mileageOut?: number | null;
  note?: string;
}

/** The workshop's completion: the lines (parts and labour, totals live), the actual end, the mileage out, a note. */
export function CompleteDialog({ order, onClose, labourRate }: DialogProps & { labourRate?: number | null }) {
  const { t } = useTranslation('maintenance');
  const [form] = Form.useForm<CompleteValues>();
  const [lines, setLines] = useState<LineDraft[]>(() => draftsOf(order.lines));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const { run, inline, pending } = useMove(order, onClose);
  const finish = (v: CompleteValues) => {
    const body = {
      version: order.version,
      actualEnd: instant(v.actualEnd),
      mileageOut: v.mileageOut ?? undefined,
      lines: linesInput(lines),
      note: v.note?.trim() || null,
    };
    const bad = lineErrors({ version: order.version, lines: body.lines }, OrderLinesInput, t);
    setErrors(bad ?? {});
    if (order.mileageIn != null && v.mileageOut != null && v.mileageOut < order.mileageIn) {
      form.setFields([{ name: 'mileageOut', errors: [t('moves.complete.mileageBelow', { km: order.mileageIn })] }]);
      return;
    }
    const input = checked(form, OrderCompleteInput, body, t, new Set(['actualEnd', 'mileageOut', 'note']));
    if (!input || bad) return;
    void run({ action: 'complete', input }, form as never);
  };
  return (
    <Modal
      open
      width={980}
      title={t('moves.complete.title', { number: order.number })}
      okText={t('moves.complete.ok')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={pending}
      destroyOnHidden
    >
      <Form<CompleteValues>
        form={form}
        layout="vertical"
        onFinish={finish}
        initialValues={{ actualEnd: dayjs(), mileageOut: order.mileageIn }}
        aria-label={t('moves.complete.title', { number: order.number })}
      >
        <InlineFailure failure={inline.failure} onClose={inline.clear} />
        <LinesEditor value={lines} onChange={setLines} labourRate={labourRate} errors={errors} />
        <div className="fd-maint-grid">
          <Form.Item name="actualEnd" label={t('fields.actualEnd')} required>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" className="fd-maint-full" />
          </Form.Item>
          <Form.Item
            name="mileageOut"
            label={t('fields.mileageOut')}
            required
            extra={order.mileageIn != null ? t('moves.complete.mileageInWas', { km: order.mileageIn }) : undefined}
          >
            <InputNumber<number> min={0} max={5_000_000} precision={0} suffix="km" className="fd-maint-full" />
          </Form.Item>
        </div>
        <Form.Item name="note" label={t('fields.note')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Replacing the lines while the order is approved or in the workshop. */
export function LinesDialog({ order, onClose, labourRate }: DialogProps & { labourRate?: number | null }) {
  const { t } = useTranslation('maintenance');
  const [lines, setLines] = useState<LineDraft[]>(() => draftsOf(order.lines));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const { run, inline, pending } = useMove(order, onClose);
  const save = () => {
    const input = { version: order.version, lines: linesInput(lines) };
    const bad = lineErrors(input, OrderLinesInput, t);
    setErrors(bad ?? {});
    if (bad) return;
    void run({ action: 'lines', input: OrderLinesInput.parse(input) });
  };
  return (
    <Modal
      open
      width={980}
      title={t('moves.lines.title', { number: order.number })}
      okText={t('common:actions.save')}
      onOk={save}
      onCancel={onClose}
      confirmLoading={pending}
      destroyOnHidden
    >
      <InlineFailure failure={inline.failure} onClose={inline.clear} />
      <LinesEditor value={lines} onChange={setLines} labourRate={labourRate} errors={errors} />
    </Modal>
  );
}

interface SettleValues {
  payer: Payer;
  driverShare?: number | null;
  insuranceShare?: number | null;
  note?: string;
}

/** Settling: who pays (company, within the contract's cover, the driver, the insurer) and the shares. */
export function SettleDialog({ order, onClose }: DialogProps) {
  const { t } = useTranslation('maintenance');
  const title = useTitle();
  const [form] = Form.useForm<SettleValues>();
  const payer = Form.useWatch('payer', form) ?? order.payer;
  const driverShare = Form.useWatch('driverShare', form);
  const insuranceShare = Form.useWatch('insuranceShare', form);
  const { run, inline, pending } = useMove(order, onClose);
  const split = settlementSplit(
    yuanToFen(order.total),
    payer,
    driverShare == null ? null : yuanToFen(driverShare),
    insuranceShare == null ? null : yuanToFen(insuranceShare),
  );
  const finish = (v: SettleValues) => {
    if (!split) {
      form.setFields([{ name: 'insuranceShare', errors: [t('moves.settle.tooMuch')] }]);
      return;
    }
    const input = checked(
      form,
      OrderSettleInput,
      {
        version: order.version,
        payer: v.payer,
        driverShare: v.driverShare ?? null,
        insuranceShare: v.insuranceShare ?? null,
        note: v.note?.trim() || null,
      },
      t,
    );
    if (input) void run({ action: 'settle', input }, form as never);
  };
  return (
    <Modal
      open
      width={620}
      title={t('moves.settle.title', { number: order.number })}
      okText={t('moves.settle.ok')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={pending}
      destroyOnHidden
    >
      <Form<SettleValues>
        form={form}
        layout="vertical"
        onFinish={finish}
        initialValues={{ payer: order.payer, driverShare: null, insuranceShare: null }}
        aria-label={t('moves.settle.title', { number: order.number })}
      >
        <InlineFailure failure={inline.failure} onClose={inline.clear} />
        <Form.Item name="payer" label={t('fields.payer')} required>
          <Radio.Group options={PAYERS.map((p) => ({ value: p, label: title(PAYER_TITLES[p]) }))} />
        </Form.Item>
        <div className="fd-maint-grid">
          <Form.Item
            name="driverShare"
            label={t('fields.driverShare')}
            extra={payer === 'driver' ? t('moves.settle.driverWhole') : t('moves.settle.driverBill')}
          >
            <InputNumber<number> min={0} max={order.total} precision={2} prefix="¥" className="fd-maint-full" />
          </Form.Item>
          <Form.Item
            name="insuranceShare"
            label={t('fields.insuranceShare')}
            required={payer === 'insurance'}
            extra={order.accidentId ? undefined : t('moves.settle.needsAccident')}
          >
            <InputNumber<number> min={0} max={order.total} precision={2} prefix="¥" className="fd-maint-full" />
          </Form.Item>
        </div>
        <Descriptions size="small" column={2} bordered data-testid="maint-settle-split">
          <Descriptions.Item label={t('fields.total')}>{formatMoney(order.total)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.companyShare')}>
            {split ? formatMoney(fenToYuan(split.companyFen)) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.driverShare')}>
            {split ? formatMoney(fenToYuan(split.driverFen)) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.insuranceShare')}>
            {split ? formatMoney(fenToYuan(split.insuranceFen)) : '-'}
          </Descriptions.Item>
        </Descriptions>
        <Form.Item name="note" label={t('fields.note')} className="fd-maint-after">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Picking the car up: it goes back to where it was (rented while its contract is live, else idle). */
export function PickUpDialog({ order, onClose }: DialogProps) {
  const { t } = useTranslation('maintenance');
  const [form] = Form.useForm<{ note?: string }>();
  const { run, inline, pending } = useMove(order, onClose);
  return (
    <Modal
      open
      title={t('moves.pickUp.title', { number: order.number })}
      okText={t('moves.pickUp.ok')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={pending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v: { note?: string }) => {
          const input = checked(form, OrderPickUpInput, { version: order.version, note: v.note?.trim() || null }, t);
          if (input) void run({ action: 'pickUp', input }, form as never);
        }}
      >
        <InlineFailure failure={inline.failure} onClose={inline.clear} />
        <p>{t('moves.pickUp.hint')}</p>
        <Form.Item name="note" label={t('fields.note')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Cancelling, with the reason (an approval still asked is withdrawn; a car in the workshop goes back). */
export function CancelDialog({ order, onClose }: DialogProps) {
  const { t } = useTranslation('maintenance');
  const [form] = Form.useForm<{ reason?: string }>();
  const { run, inline, pending } = useMove(order, onClose);
  return (
    <Modal
      open
      title={t('moves.cancel.title', { number: order.number })}
      okText={t('moves.cancel.ok')}
      okButtonProps={{ danger: true }}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={pending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v: { reason?: string }) => {
          const input = checked(form, OrderCancelInput, { version: order.version, reason: v.reason?.trim() ?? '' }, t);
          if (input) void run({ action: 'cancel', input }, form as never);
        }}
      >
        <InlineFailure failure={inline.failure} onClose={inline.clear} />
        <Form.Item name="reason" label={t('fields.cancelReason')} required>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
