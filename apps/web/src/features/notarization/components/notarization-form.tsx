import App from 'antd/es/app';
import AutoComplete from 'antd/es/auto-complete';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  NOTARIZATION_DELIVERIES,
  NOTARIZATION_DELIVERY_TITLES,
  NOTARIZATION_KIND_TITLES,
  NOTARIZATION_KINDS,
  NOTARIZATION_MAX_FILES,
  NotarizationInput,
  NotarizationUpdateInput,
  type NotarizationDelivery,
  type NotarizationDetail,
  type NotarizationKind,
} from '@fleetdesk/contracts/notarization';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { useModalForm } from '../../../components/use-modal-form';
import { formatMoney } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { notarizationOptionsQuery, useAddNotarization, useUpdateNotarization } from '../api/notarization';
import { ContractPicker } from './contract-picker';
import { FileInput, FilesInput } from './file-input';
import { checked } from '../../../components/form-check/form-check';

interface Values {
  contractId?: number;
  kind?: NotarizationKind;
  notaryOffice?: string;
  copies?: number | null;
  delivery?: NotarizationDelivery;
  idFront?: string | null;
  idBack?: string | null;
  licence?: string | null;
  attachments?: string[];
  remark?: string;
}

const FIELDS = new Set([
  'contractId',
  'kind',
  'notaryOffice',
  'copies',
  'delivery',
  'idFront',
  'idBack',
  'licence',
  'attachments',
  'remark',
]);

/**
 * A new application for a signed contract (`contractId` fills the contract in: the contract page's "apply"), or
 * a draft changed (`application`: its `version` goes with the change; the contract stays).
 */
export function NotarizationForm({
  application,
  contractId,
  onClose,
  onSaved,
}: {
  application?: NotarizationDetail;
  contractId?: number;
  onClose: () => void;
  onSaved?: (saved: NotarizationDetail) => void;
}) {
  const { t } = useTranslation('notarization');
  const title = useTitle();
  const { message } = App.useApp();
  const options = useQuery(notarizationOptionsQuery());
  const add = useAddNotarization();
  const update = useUpdateNotarization();
  const inline = useInlineFailure();
  const [form] = Form.useForm<Values>();
  const { submit, saving } = useModalForm<Values, NotarizationDetail, NotarizationInput | NotarizationUpdateInput>({
    form,
    submit: async (input) => {
      inline.clear();
      try {
        return application
          ? await update.mutateAsync({ id: application.id, input: input as NotarizationUpdateInput })
          : await add.mutateAsync(input as NotarizationInput);
      } catch (e) {
        inline.capture(e);
        throw e;
      }
    },
    onSuccess: (saved) => {
      void message.success(application ? t('form.saved') : t('form.created', { number: saved.number }));
      onSaved?.(saved);
    },
    onClose,
  });

  const initialValues: Values = application
    ? {
        contractId: application.contractId,
        kind: application.kind,
        notaryOffice: application.notaryOffice,
        copies: application.copies,
        delivery: application.delivery,
        idFront: application.idFront,
        idBack: application.idBack,
        licence: application.licence,
        attachments: application.attachments,
        remark: application.remark ?? undefined,
      }
    : { contractId, copies: 1, delivery: 'electronic', attachments: [] };

  const finish = async (v: Values) => {
    const fields = {
      kind: v.kind,
      notaryOffice: v.notaryOffice ?? '',
      copies: v.copies ?? undefined,
      delivery: v.delivery,
      idFront: v.idFront ?? null,
      idBack: v.idBack ?? null,
      licence: v.licence ?? null,
      attachments: v.attachments ?? [],
      remark: v.remark?.trim() || null,
    };
    const input = application
      ? checked(form, NotarizationUpdateInput, { ...fields, version: application.version }, t, FIELDS)
      : checked(form, NotarizationInput, { ...fields, contractId: v.contractId }, t, FIELDS);
    if (!input) return;
    await submit(input);
  };

  const offices = (options.data?.offices ?? []).map((o) => ({ value: o }));
  const price = options.data?.unitPrice;
  return (
    <Modal
      open
      width={720}
      title={application ? t('form.editTitle', { number: application.number }) : t('form.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={application ? t('common:actions.save') : t('form.create')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <InlineFailure failure={inline.failure} onClose={inline.clear} />
      <Form<Values>
        form={form}
        name="notarizationApplication"
        layout="vertical"
        onFinish={finish}
        initialValues={initialValues}
        aria-label={t('form.title')}
        className="fd-nz-form"
      >
        <Form.Item name="contractId" label={t('fields.contract')} required>
          <ContractPicker disabled={!!application} initialLabel={application?.contractNumber} />
        </Form.Item>
        <div className="fd-nz-grid">
          <Form.Item name="kind" label={t('fields.kind')} required>
            <Select<NotarizationKind>
              placeholder={t('form.choose')}
              options={NOTARIZATION_KINDS.map((k) => ({ value: k, label: title(NOTARIZATION_KIND_TITLES[k]) }))}
            />
          </Form.Item>
          <Form.Item name="notaryOffice" label={t('fields.notaryOffice')} required>
            <AutoComplete
              options={offices}
              placeholder={t('form.officeHint')}
              filterOption={(input, option) => (option?.value ?? '').toLowerCase().includes(input.toLowerCase())}
            />
          </Form.Item>
          <Form.Item name="copies" label={t('fields.copies')} required>
            <InputNumber min={1} max={10} precision={0} className="fd-nz-full" />
          </Form.Item>
        </div>
        <Form.Item name="delivery" label={t('fields.delivery')} required>
          <Radio.Group
            options={NOTARIZATION_DELIVERIES.map((d) => ({ value: d, label: title(NOTARIZATION_DELIVERY_TITLES[d]) }))}
          />
        </Form.Item>
        <p className="fd-muted">{t('form.papersHint')}</p>
        <div className="fd-nz-grid">
          <Form.Item name="idFront" label={t('fields.idFront')}>
            <FileInput label={t('fields.idFront')} />
          </Form.Item>
          <Form.Item name="idBack" label={t('fields.idBack')}>
            <FileInput label={t('fields.idBack')} />
          </Form.Item>
          <Form.Item name="licence" label={t('fields.licence')}>
            <FileInput label={t('fields.licence')} />
          </Form.Item>
        </div>
        <Form.Item name="attachments" label={t('fields.attachments')}>
          <FilesInput max={NOTARIZATION_MAX_FILES} label={t('fields.attachments')} />
        </Form.Item>
        <Form.Item name="remark" label={t('fields.remark')}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        {price != null ? (
          <p className="fd-muted" data-testid="nz-form-fee">
            {t('form.feeHint', { fee: formatMoney(price) })}
          </p>
        ) : null}
      </Form>
    </Modal>
  );
}
