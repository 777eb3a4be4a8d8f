import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import DatePicker from 'antd/es/date-picker';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Steps from 'antd/es/steps';
import message from 'antd/es/message';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DAMAGE_POSITION_TITLES,
  type DamagePosition,
  type DispatchInput,
  type InspectionKind,
} from '@fleetdesk/contracts/handover';
import { useAccess } from '../../lib/access';
import { formatDateTime } from '../../lib/format';
import { activeStaffQuery } from '../../lib/organisation-lists';
import { useSession } from '../../lib/session';
import type { RequestOptions } from '../../lib/request';
import { uploadFile } from '../../lib/upload';
import { useTitle } from '../../lib/use-title';
import { InlineFailure, useInlineFailure } from '../inline-failure';
import { CarOutline } from './car-outline';
import './i18n';

/**
 * What the wizard hands to its caller: the inspection of the handover (`DispatchInput` of the contracts) and, for a
 * return, the damage deduction in yuan.
 */
export type InspectionBody = DispatchInput & { damageDeduction?: number };

interface Basics {
  inspectedAt: Dayjs;
  mileage: number;
  energyLevel: number;
  insuranceCopy: boolean;
  licence: boolean;
  transportCertificate: boolean;
  inspectorId: number;
  remark?: string;
  damageDeduction?: number;
}

interface Mark {
  position: DamagePosition;
  note: string;
  photos: { url: string; signedUrl: string }[];
}

const STEPS = ['basics', 'damage', 'confirm'] as const;

/** One damage mark: what it is and its photos (camera on a phone, files elsewhere). */
function MarkRow({
  mark,
  index,
  onChange,
  onRemove,
}: {
  mark: Mark;
  index: number;
  onChange: (m: Mark) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('inspection');
  const title = useTitle();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    try {
      const added = [];
      for (const file of [...files].slice(0, 6 - mark.photos.length)) {
        const r = await uploadFile({ type: 'image', file });
        added.push({ url: r.url, signedUrl: r.signedUrl });
      }
      onChange({ ...mark, photos: [...mark.photos, ...added] });
    } catch {
      void message.error(t('uploadFailed'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="fd-damage-mark" data-testid={`mark-${index}`}>
      <Space wrap align="start">
        <strong>{title(DAMAGE_POSITION_TITLES[mark.position])}</strong>
        <Input
          aria-label={`${t('markNote')} ${index + 1}`}
          placeholder={t('markNote')}
          maxLength={200}
          status={mark.note.trim() ? undefined : 'error'}
          value={mark.note}
          onChange={(e) => onChange({ ...mark, note: e.target.value })}
          style={{ width: 240 }}
        />
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          capture="environment"
          multiple
          hidden
          aria-label={`${t('photos')} ${index + 1}`}
          onChange={(e) => void add(e.target.files)}
        />
        <Button loading={busy} disabled={mark.photos.length >= 6} onClick={() => input.current?.click()}>
          {t('addPhoto')}
        </Button>
        <Button danger type="link" onClick={onRemove}>
          {t('removeMark')}
        </Button>
      </Space>
      {mark.photos.length > 0 && (
        <Space wrap className="fd-damage-photos">
          {mark.photos.map((p) => (
            <img key={p.url} src={p.signedUrl} alt={mark.note} width={64} height={64} style={{ objectFit: 'cover' }} />
          ))}
        </Space>
      )}
    </div>
  );
}

/**
 * The dispatch (pick-up) and return inspection wizard, shared by the contracts' handover and the short-term
 * bookings: basics (time, mileage not below the car's last reading, fuel or charge, papers, inspector; the return
 * also its damage deduction), damage marks on the car outline with photos, then a summary to confirm.
 * `onSubmit(body, silent)` makes the caller's call; it passes `silent` to the request layer so that a refusal (409)
 * stays in the wizard as an inline alert. The server checks everything again. `title` names the dialog when the
 * caller's word differs from dispatch / return (a booking's pick-up).
 */
export function InspectionWizard({
  kind,
  lastMileage,
  onSubmit,
  onClose,
  title: dialogTitle,
}: {
  kind: InspectionKind;
  lastMileage: number;
  onSubmit: (body: InspectionBody, silent: RequestOptions['silent']) => Promise<unknown>;
  onClose: () => void;
  title?: string;
}) {
  const { t } = useTranslation('inspection');
  const title = useTitle();
  const access = useAccess();
  const me = useSession((s) => s.user);
  const staff = useQuery(activeStaffQuery(access.can('oaDepart:view')));
  const inline = useInlineFailure();
  const [sending, setSending] = useState(false);
  const [form] = Form.useForm<Basics>();
  const [step, setStep] = useState(0);
  const [marks, setMarks] = useState<Mark[]>([]);
  const [basics, setBasics] = useState<Basics | null>(null);
  const [markError, setMarkError] = useState(false);

  const people = [
    ...(me ? [{ value: me.id, label: me.name }] : []),
    ...(staff.data ?? []).filter((s) => s.id !== me?.id).map((s) => ({ value: s.id, label: s.name })),
  ];
  const counts: Partial<Record<DamagePosition, number>> = {};
  for (const m of marks) counts[m.position] = (counts[m.position] ?? 0) + 1;

  const next = async () => {
    if (step === 0) {
      setBasics(await form.validateFields());
      setStep(1);
    } else if (step === 1) {
      if (marks.some((m) => !m.note.trim())) {
        setMarkError(true);
        return;
      }
      setMarkError(false);
      setStep(2);
    }
  };

  const submit = async () => {
    const b = basics!;
    const body: InspectionBody = {
      inspectedAt: b.inspectedAt.toISOString(),
      mileage: b.mileage,
      energyLevel: b.energyLevel,
      documents: {
        insuranceCopy: !!b.insuranceCopy,
        licence: !!b.licence,
        transportCertificate: !!b.transportCertificate,
      },
      damageMarks: marks.map((m) => ({
        position: m.position,
        note: m.note.trim(),
        photos: m.photos.map((p) => p.url),
      })),
      photos: [],
      inspectorId: b.inspectorId,
      remark: b.remark?.trim() || null,
    };
    if (kind === 'return') body.damageDeduction = b.damageDeduction ?? 0;
    setSending(true);
    let done: unknown;
    try {
      done = await inline.run(async () => (await onSubmit(body, inline.silent)) ?? true);
    } finally {
      setSending(false);
    }
    if (!done) return;
    void message.success(t('done'));
    onClose();
  };

  const yes = (v: boolean) => (v ? t('present') : t('absent'));
  return (
    <Modal
      open
      width={720}
      title={dialogTitle ?? t(kind)}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          {step > 0 && <Button onClick={() => setStep(step - 1)}>{t('previous')}</Button>}
          {step < 2 ? (
            <Button type="primary" onClick={() => void next().catch(() => undefined)}>
              {t('next')}
            </Button>
          ) : (
            <Button type="primary" loading={sending} onClick={() => void submit().catch(() => undefined)}>
              {t('submit')}
            </Button>
          )}
        </Space>
      }
    >
      <InlineFailure failure={inline.failure} onClose={inline.clear} />
      <Steps
        size="small"
        current={step}
        items={STEPS.map((s) => ({ title: t(`steps.${s}`) }))}
        style={{ marginBottom: 16 }}
      />
      <Form
        form={form}
        layout="vertical"
        hidden={step !== 0}
        initialValues={{
          inspectedAt: dayjs(),
          energyLevel: 100,
          insuranceCopy: true,
          licence: true,
          transportCertificate: true,
          inspectorId: me?.id,
          damageDeduction: 0,
        }}
      >
        <Space wrap>
          <Form.Item name="inspectedAt" label={t('inspectedAt')} rules={[{ required: true }]}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            />
          </Form.Item>
          <Form.Item
            name="mileage"
            label={t('mileage')}
            extra={t('mileageFloor', { last: lastMileage })}
            rules={[
              { required: true },
              { type: 'number', min: lastMileage, message: t('mileageFloor', { last: lastMileage }) },
            ]}
          >
            <InputNumber min={0} max={3_000_000} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="energyLevel" label={t('energyLevel')} rules={[{ required: true }]}>
            <InputNumber min={0} max={100} precision={0} style={{ width: 120 }} />
          </Form.Item>
        </Space>
        <Form.Item label={t('documents')}>
          <Space>
            <Form.Item name="insuranceCopy" valuePropName="checked" noStyle>
              <Checkbox>{t('insuranceCopy')}</Checkbox>
            </Form.Item>
            <Form.Item name="licence" valuePropName="checked" noStyle>
              <Checkbox>{t('licence')}</Checkbox>
            </Form.Item>
            <Form.Item name="transportCertificate" valuePropName="checked" noStyle>
              <Checkbox>{t('transportCertificate')}</Checkbox>
            </Form.Item>
          </Space>
        </Form.Item>
        <Space wrap>
          <Form.Item name="inspectorId" label={t('inspector')} rules={[{ required: true }]}>
            <Select options={people} style={{ width: 200 }} showSearch optionFilterProp="label" />
          </Form.Item>
          {kind === 'return' && (
            <Form.Item name="damageDeduction" label={t('damageDeduction')}>
              <InputNumber min={0} max={10_000_000} precision={2} style={{ width: 160 }} />
            </Form.Item>
          )}
        </Space>
        <Form.Item name="remark" label={t('remark')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
      {step === 1 && (
        <div className="fd-damage-step">
          <p>{t('outlineHint')}</p>
          <Space align="start" size="large" wrap>
            <CarOutline
              counts={counts}
              disabled={marks.length >= 30}
              onPick={(position) => setMarks([...marks, { position, note: '', photos: [] }])}
            />
            <div style={{ minWidth: 320 }}>
              {marks.length === 0 && <p>{t('noDamage')}</p>}
              {marks.map((m, i) => (
                <MarkRow
                  key={i}
                  mark={m}
                  index={i}
                  onChange={(v) => setMarks(marks.map((x, j) => (j === i ? v : x)))}
                  onRemove={() => setMarks(marks.filter((_, j) => j !== i))}
                />
              ))}
              {markError && <p style={{ color: '#ff4d4f' }}>{t('noteRequired')}</p>}
            </div>
          </Space>
        </div>
      )}
      {step === 2 && basics && (
        <Descriptions
          size="small"
          bordered
          column={1}
          items={[
            { key: 'at', label: t('inspectedAt'), children: formatDateTime(basics.inspectedAt.toDate()) },
            { key: 'km', label: t('mileage'), children: basics.mileage },
            { key: 'energy', label: t('energyLevel'), children: `${basics.energyLevel}%` },
            {
              key: 'papers',
              label: t('documents'),
              children: `${t('insuranceCopy')} ${yes(basics.insuranceCopy)} · ${t('licence')} ${yes(
                basics.licence,
              )} · ${t('transportCertificate')} ${yes(basics.transportCertificate)}`,
            },
            {
              key: 'inspector',
              label: t('inspector'),
              children: people.find((p) => p.value === basics.inspectorId)?.label ?? basics.inspectorId,
            },
            ...(kind === 'return'
              ? [{ key: 'deduction', label: t('damageDeduction'), children: basics.damageDeduction ?? 0 }]
              : []),
            {
              key: 'marks',
              label: t('damageMarks'),
              children: marks.length
                ? marks
                    .map(
                      (m) =>
                        `${title(DAMAGE_POSITION_TITLES[m.position])}：${m.note}（${t('photoCount', { count: m.photos.length })}）`,
                    )
                    .join('；')
                : t('noDamage'),
            },
          ]}
        />
      )}
    </Modal>
  );
}
