import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Steps from 'antd/es/steps';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type {
  Application,
  ApplicationFormValues,
  ApplyItemCode,
  FinancingQuote,
  UnfinancedCar,
} from '@fleetdesk/contracts/financing';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { isFieldFailure, serverFieldErrors } from '../../../lib/field-failure';
import { applicationCalls, applicationQuery, fetchQuote, saveApplication } from '../api/applications';
import { financingKey } from '../api/keys';
import { ApplicationFields, ApplyItemTags, useProducts } from '../components/application-form';
import { CarPicker } from '../components/car-picker';
import { QuoteView } from '../components/quote-view';
import { clearedForm, defaultForm, formOf, shownApplyItems, toInput } from '../model/form';

const CAR_FIELDS = ['carId', 'vin', 'engineNo', 'carTypeName', 'totalAmount'];

/**
 * `/finance/new` and `/finance/edit/{id}` (a draft, or one returned for supplement): the car, the form of spec
 * section 3, then the quote (the server's, from the same arithmetic) before the application is saved and submitted.
 * "Clear" puts every field back to its default, apply items A3 only. The server's field errors land on the fields.
 */
export function ApplicationWizard({ id }: { id?: number }) {
  const { t } = useTranslation('financing');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<ApplicationFormValues>();
  const [step, setStep] = useState(0);
  const [car, setCar] = useState<UnfinancedCar | null>(null);
  const [quote, setQuote] = useState<FinancingQuote | null>(null);
  const [serverItems, setServerItems] = useState<ApplyItemCode[] | null>(null);
  const [busy, setBusy] = useState(false);
  const inline = useInlineFailure();
  const products = useProducts();
  const existing = useQuery({ ...applicationQuery(id ?? 0), enabled: !!id });
  const [loaded, setLoaded] = useState<Application | null>(null);

  useEffect(() => {
    const a = existing.data;
    if (!a || loaded?.id === a.id) return;
    setLoaded(a);
    form.setFieldsValue(formOf(a));
    setServerItems(a.applyItems.length ? a.applyItems : null);
    setCar({
      id: a.carId,
      rentId: a.rentId,
      plate: a.plate,
      vin: a.vin,
      engineNo: a.engineNo,
      brand: null,
      model: null,
      carTypeName: a.carTypeName,
      status: '',
      purchasePrice: a.totalAmount,
    });
    setStep(1);
  }, [existing.data, loaded, form]);

  const pickCar = (c: UnfinancedCar) => {
    setCar(c);
    form.setFieldsValue({
      carId: c.id,
      vin: c.vin,
      engineNo: c.engineNo ?? '',
      carTypeName: c.carTypeName,
      ...(c.purchasePrice != null ? { totalAmount: c.purchasePrice } : {}),
    });
  };

  const clear = () => {
    form.resetFields();
    form.setFieldsValue(clearedForm(form.getFieldsValue(true)));
    setServerItems(null);
    setCar(null);
    setQuote(null);
    inline.clear();
    setStep(0);
  };

  /** The server's field errors on their fields, and back to the step that holds the first one. */
  const showFieldErrors = (error: unknown): boolean => {
    const errors = serverFieldErrors(error);
    if (!errors.length) return false;
    form.setFields(errors.map((e) => ({ name: e.path.split('.') as never, errors: [e.message] })));
    setStep(errors.some((e) => CAR_FIELDS.includes(e.path)) && !form.getFieldValue('carId') ? 0 : 1);
    return true;
  };

  const values = () => ({ ...defaultForm(), ...(form.getFieldsValue(true) as ApplicationFormValues) });

  const next = async () => {
    inline.clear();
    if (step === 0) {
      if (!form.getFieldValue('carId')) {
        void message.warning(t('wizard.pickCar'));
        return;
      }
      setStep(1);
      return;
    }
    if (step === 1) {
      await form.validateFields();
      const v = values();
      setBusy(true);
      try {
        const q = await inline.run(() =>
          fetchQuote(
            {
              productId: v.productId!,
              totalAmount: v.totalAmount!,
              payProportion: v.payProportion!,
              stagingNumber: v.stagingNumber!,
              balloon: v.balloon ?? 0,
              buyCommercial: v.buyCommercial,
              buyCompulsory: v.buyCompulsory,
              commercialAmount: v.buyCommercial ? (v.commercialAmount ?? 0) : 0,
              compulsoryAmount: v.buyCompulsory ? (v.compulsoryAmount ?? 0) : 0,
              gps: v.gps,
            },
            (e) => isFieldFailure(e) || inline.silent(e),
          ),
        );
        if (q) {
          setQuote(q);
          setStep(2);
        }
      } catch (e) {
        showFieldErrors(e);
      } finally {
        setBusy(false);
      }
    }
  };

  /** Saves the application (S1); with `submit` also submits it for review (S1 -> S2). */
  const save = async (submit: boolean) => {
    inline.clear();
    const v = values();
    const input = toInput(v);
    if (serverItems) input.applyItems = shownApplyItems(serverItems, v);
    setBusy(true);
    try {
      const saved = await saveApplication(loaded ? { ...input, id: loaded.id, version: loaded.version } : input);
      let done: Application | null = saved;
      if (submit) done = await inline.run(() => applicationCalls.submit(saved.id, saved.version, inline.silent));
      await client.invalidateQueries({ queryKey: financingKey });
      if (!done) {
        // Saved, but the submission was refused (the limit, say): the draft stays; the alert says why.
        setLoaded(saved);
        return;
      }
      void message.success(
        submit ? t('wizard.submitted', { code: done.code }) : t('wizard.saved', { code: done.code }),
      );
      void navigate(`/finance/detail/${done.id}`);
    } catch (e) {
      if (!showFieldErrors(e)) inline.capture(e);
    } finally {
      setBusy(false);
    }
  };

  if (id && existing.isPending) return <Skeleton active />;
  if (loaded && loaded.state !== 'S1') return <Alert type="warning" showIcon title={t('wizard.notEditable')} />;
  const watchedProduct = products.find((p) => p.id === form.getFieldValue('productId'));

  return (
    <div className="fd-fin-wizard" data-testid="fin-wizard">
      <h2 className="fd-page-title">{loaded ? t('wizard.editTitle', { code: loaded.code }) : t('wizard.title')}</h2>
      {loaded?.supplementReason && (
        <Alert type="warning" showIcon title={t('detail.supplementReason', { reason: loaded.supplementReason })} />
      )}
      <Steps
        current={step}
        items={(['car', 'form', 'quote'] as const).map((s) => ({ title: t(`wizard.steps.${s}`) }))}
      />
      <InlineFailure failure={inline.failure} onClose={inline.clear} className="fd-wizard-failure" />
      <Form<ApplicationFormValues>
        form={form}
        layout="vertical"
        initialValues={defaultForm()}
        className="fd-fin-wizard-form"
      >
        <div hidden={step !== 0}>
          <CarPicker chosen={car} onPick={pickCar} />
        </div>
        <div hidden={step !== 1}>
          <ApplicationFields form={form} serverItems={serverItems} />
        </div>
      </Form>
      {step === 2 && quote && (
        <>
          <Space wrap className="fd-fin-quote-head">
            <span>{t('form.applyItems')}</span>
            <ApplyItemTags items={shownApplyItems(serverItems, values())} />
            {watchedProduct && <span>{watchedProduct.financierName}</span>}
          </Space>
          <QuoteView quote={quote} />
        </>
      )}
      <Space wrap className="fd-fin-wizard-nav">
        {step > 0 && <Button onClick={() => setStep(step - 1)}>{t('wizard.prev')}</Button>}
        {step < 2 && (
          <Button type="primary" loading={busy} onClick={() => void next().catch(() => undefined)}>
            {step === 1 ? t('wizard.toQuote') : t('wizard.next')}
          </Button>
        )}
        {step === 2 && (
          <>
            <Button loading={busy} onClick={() => void save(false)}>
              {t('wizard.saveDraft')}
            </Button>
            <Button type="primary" loading={busy} onClick={() => void save(true)}>
              {t('wizard.submit')}
            </Button>
          </>
        )}
        <Button danger type="text" onClick={clear}>
          {t('wizard.clear')}
        </Button>
      </Space>
    </div>
  );
}
