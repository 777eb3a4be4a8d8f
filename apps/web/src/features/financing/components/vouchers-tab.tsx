import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMMERCIAL_ENDORSEMENT_SLOTS,
  COMPULSORY_ENDORSEMENT_SLOTS,
  VOUCHER_CHECK_TITLES,
  endorsementSlots,
  type Application,
  type EndorsementSlot,
  type Voucher,
} from '@fleetdesk/contracts/financing';
import { serverFieldErrors } from '../../../lib/field-failure';
import { formatDateTime } from '../../../lib/format';
import { checkVoucher, saveVoucher, voucherQuery } from '../api/extras';
import { financingKey } from '../api/keys';
import { ActionDialog } from './action-dialog';
import { StoredImage } from './application-tabs';
import { ImageInput } from './image-input';
import { useTitle } from './titles';

/** The voucher's image fields: the purchase invoice, the two policies, then the endorsement slots of spec section 4. */
export const VOUCHER_IMAGES = [
  'imgBuyInvoice',
  'imgCompulsory',
  'imgCommercial',
  ...COMMERCIAL_ENDORSEMENT_SLOTS,
  ...COMPULSORY_ENDORSEMENT_SLOTS,
] as const;
type VoucherImage = (typeof VOUCHER_IMAGES)[number];

/** A slot as present (its image) or missing (a tag), spec section 4. */
function SlotList({
  slots,
  voucher,
  present,
}: {
  slots: readonly EndorsementSlot[];
  voucher: Voucher;
  present: EndorsementSlot[];
}) {
  const { t } = useTranslation('financing');
  return (
    <Space wrap>
      {slots.map((s, i) =>
        present.includes(s) ? (
          <Tag key={s} color="green" data-testid={`slot-${s}`}>
            {t('vouchers.slot', { n: i + 1 })} <StoredImage url={voucher[s]} />
          </Tag>
        ) : (
          <Tag key={s} color="red" data-testid={`slot-${s}`}>
            {t('vouchers.slotMissing', { n: i + 1 })}
          </Tag>
        ),
      )}
    </Space>
  );
}

/** The endorsement slots, present and missing: commercial 1-3, compulsory 1. */
export function EndorsementSummary({ voucher }: { voucher: Voucher }) {
  const { t } = useTranslation('financing');
  const s = endorsementSlots(voucher);
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      items={[
        {
          key: 'commercial',
          label: t('vouchers.commercial', { present: s.commercialPresent.length, missing: s.commercialMissing.length }),
          children: <SlotList slots={COMMERCIAL_ENDORSEMENT_SLOTS} voucher={voucher} present={s.commercialPresent} />,
        },
        {
          key: 'compulsory',
          label: t('vouchers.compulsory', { present: s.compulsoryPresent.length, missing: s.compulsoryMissing.length }),
          children: <SlotList slots={COMPULSORY_ENDORSEMENT_SLOTS} voucher={voucher} present={s.compulsoryPresent} />,
        },
      ]}
    />
  );
}

type EditValues = { invoiceNo?: string; invoiceDate?: Dayjs | null } & Partial<Record<VoucherImage, string | null>>;

function VoucherForm({ app, voucher, onDone }: { app: Application; voucher: Voucher | undefined; onDone: () => void }) {
  const { t } = useTranslation('financing');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<EditValues>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const v = form.getFieldsValue(true) as EditValues;
    setBusy(true);
    try {
      await saveVoucher({
        applicationId: app.id,
        ...(voucher ? { version: voucher.version } : {}),
        invoiceNo: v.invoiceNo || null,
        invoiceDate: v.invoiceDate ? v.invoiceDate.format('YYYY-MM-DD') : null,
        ...Object.fromEntries(VOUCHER_IMAGES.map((f) => [f, v[f] || null])),
      });
      await client.invalidateQueries({ queryKey: financingKey });
      void message.success(t('vouchers.saved'));
      onDone();
    } catch (e) {
      form.setFields(serverFieldErrors(e).map((x) => ({ name: x.path as never, errors: [x.message] })));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form<EditValues>
      form={form}
      layout="vertical"
      initialValues={{
        invoiceNo: voucher?.invoiceNo ?? '',
        invoiceDate: voucher?.invoiceDate ? dayjs(voucher.invoiceDate) : null,
        ...Object.fromEntries(VOUCHER_IMAGES.map((f) => [f, voucher?.[f] ?? app[f] ?? null])),
      }}
    >
      <div className="fd-fin-grid">
        <Form.Item name="invoiceNo" label={t('vouchers.invoiceNo')}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="invoiceDate" label={t('vouchers.invoiceDate')}>
          <DatePicker />
        </Form.Item>
      </div>
      <div className="fd-fin-grid fd-fin-images">
        {VOUCHER_IMAGES.map((f) => (
          <Form.Item key={f} name={f} label={t(`form.${f}`)}>
            <ImageInput label={t(`form.${f}`)} />
          </Form.Item>
        ))}
      </div>
      <Space>
        <Button onClick={onDone}>{t('actions.back')}</Button>
        <Button type="primary" loading={busy} onClick={() => void save()}>
          {t('actions.save')}
        </Button>
      </Space>
    </Form>
  );
}

/** The vouchers tab: the purchase papers with the present and missing slots; the applicant uploads, the financier checks. */
export function VouchersTab({ app, canEdit, canCheck }: { app: Application; canEdit: boolean; canCheck: boolean }) {
  const { t } = useTranslation('financing');
  const title = useTitle();
  const voucher = useQuery(voucherQuery(app.id));
  const [editing, setEditing] = useState(false);
  const [checking, setChecking] = useState<boolean | null>(null);
  const v = voucher.data;
  if (editing) return <VoucherForm app={app} voucher={v} onDone={() => setEditing(false)} />;
  return (
    <div className="fd-fin-tab">
      {v ? (
        <>
          <Space wrap className="fd-fin-tab-bar">
            <Tag color={v.checkState === 'passed' ? 'green' : v.checkState === 'returned' ? 'red' : 'blue'}>
              {title(VOUCHER_CHECK_TITLES[v.checkState])}
            </Tag>
            {v.checkedByName && (
              <span className="fd-fin-muted">
                {v.checkedByName} {formatDateTime(v.checkedAt)}
              </span>
            )}
            {canEdit && <Button onClick={() => setEditing(true)}>{t('vouchers.edit')}</Button>}
            {canCheck && v.checkState !== 'passed' && (
              <>
                <Button type="primary" onClick={() => setChecking(true)}>
                  {t('vouchers.pass')}
                </Button>
                <Button danger onClick={() => setChecking(false)}>
                  {t('vouchers.return')}
                </Button>
              </>
            )}
          </Space>
          {v.checkNote && (
            <Alert type={v.checkState === 'returned' ? 'warning' : 'info'} showIcon title={v.checkNote} />
          )}
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'no', label: t('vouchers.invoiceNo'), children: v.invoiceNo || '-' },
              { key: 'date', label: t('vouchers.invoiceDate'), children: v.invoiceDate || '-' },
              ...(['imgBuyInvoice', 'imgCompulsory', 'imgCommercial'] as const).map((f) => ({
                key: f,
                label: t(`form.${f}`),
                children: <StoredImage url={v[f]} />,
              })),
            ]}
          />
          <h3>{t('vouchers.endorsements')}</h3>
          <EndorsementSummary voucher={v} />
        </>
      ) : (
        !voucher.isPending && (
          <Space orientation="vertical">
            <span>{t('vouchers.none')}</span>
            {canEdit && <Button onClick={() => setEditing(true)}>{t('vouchers.edit')}</Button>}
          </Space>
        )
      )}
      {checking !== null && v && (
        <ActionDialog<{ note?: string }>
          title={checking ? t('vouchers.pass') : t('vouchers.return')}
          danger={!checking}
          onClose={() => setChecking(null)}
          submit={(x) => checkVoucher(app.id, v.version, checking, x.note)}
        >
          <Form.Item
            name="note"
            label={t('vouchers.note')}
            rules={checking ? [] : [{ required: true, message: t('form.required') }]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </ActionDialog>
      )}
    </div>
  );
}
