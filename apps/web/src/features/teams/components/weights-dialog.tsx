import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LOWER_IS_BETTER,
  RANKING_METRIC_TITLES,
  RANKING_METRICS,
  RankingWeights,
} from '@fleetdesk/contracts/team-performance';
import { useModalForm } from '../../../components/use-modal-form';
import { useAccess } from '../../../lib/access';
import { useTitle } from '../../../lib/use-title';
import { issueMessage, zodRule } from '../../../lib/validation';
import { useSaveWeights, weightsQuery } from '../api/weights';

type Values = Partial<Record<keyof RankingWeights, number | null>>;

/**
 * The tenant's ranking weights: seven numbers 0-100, at least one above 0 (the contracts' rule, checked before
 * sending; the server's field errors land on their fields). Without `teams:edit` the weights are only shown.
 */
export function WeightsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('teams');
  const title = useTitle();
  const { message } = App.useApp();
  const canEdit = useAccess().can('teams:edit');
  const weights = useQuery(weightsQuery());
  const save = useSaveWeights();
  const [allZero, setAllZero] = useState<string | null>(null);
  const { form, submit, saving } = useModalForm<Values, RankingWeights, RankingWeights>({
    submit: (input) => save.mutateAsync(input),
    onSuccess: () => void message.success(t('weights.saved')),
    onClose,
  });
  const values = Form.useWatch([], form) as Values | undefined;
  const total = RANKING_METRICS.reduce((sum, m) => sum + (values?.[m] ?? 0), 0);

  useEffect(() => {
    if (weights.data) form.setFieldsValue(weights.data);
  }, [weights.data, form]);

  const finish = (v: Values) => {
    const parsed = RankingWeights.safeParse(Object.fromEntries(RANKING_METRICS.map((m) => [m, v[m] ?? 0])));
    if (!parsed.success) {
      // The fields' own rules have passed: what is left is the rule of the whole, at least one above 0.
      setAllZero(issueMessage(parsed.error.issues[0]!, t));
      return;
    }
    setAllZero(null);
    void submit(parsed.data);
  };

  return (
    <Modal
      open
      title={t('weights.title')}
      onCancel={onClose}
      width={560}
      destroyOnHidden
      footer={
        canEdit
          ? [
              <Button key="cancel" onClick={onClose}>
                {t('common:actions.cancel')}
              </Button>,
              <Button key="save" type="primary" loading={saving} disabled={!weights.data} onClick={() => form.submit()}>
                {t('common:actions.save')}
              </Button>,
            ]
          : [
              <Button key="close" onClick={onClose}>
                {t('weights.close')}
              </Button>,
            ]
      }
    >
      <p className="fd-muted">{t('weights.intro')}</p>
      {weights.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !weights.data ? (
        <Result
          status="warning"
          title={t('weights.loadFailed')}
          extra={<Button onClick={() => void weights.refetch()}>{t('common:actions.retry')}</Button>}
        />
      ) : (
        <Form<Values>
          form={form}
          name="ranking-weights"
          layout="horizontal"
          labelCol={{ span: 9 }}
          wrapperCol={{ span: 15 }}
          disabled={!canEdit}
          onFinish={finish}
          onValuesChange={() => setAllZero(null)}
        >
          <Alert
            className="fd-perf-weights-alert"
            type={allZero ? 'error' : 'info'}
            showIcon
            role={allZero ? 'alert' : undefined}
            title={allZero ?? (canEdit ? t('weights.atLeastOne') : t('weights.readOnly'))}
          />
          {RANKING_METRICS.map((m) => (
            <Form.Item
              key={m}
              name={m}
              label={title(RANKING_METRIC_TITLES[m])}
              rules={[
                { required: true, message: t('common:validation.required') },
                zodRule(RankingWeights.shape[m], t),
              ]}
              extra={[
                total > 0 ? t('weights.share', { pct: Math.round(((values?.[m] ?? 0) / total) * 1000) / 10 }) : null,
                LOWER_IS_BETTER.has(m) ? t('weights.fewer') : null,
              ]
                .filter(Boolean)
                .join(t('weights.separator'))}
            >
              <InputNumber min={0} max={100} precision={0} className="fd-perf-weight-input" />
            </Form.Item>
          ))}
        </Form>
      )}
    </Modal>
  );
}
