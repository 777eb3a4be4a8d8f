import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { CAR_ACTIONS, type CarListRow, type CarAction } from '@fleetdesk/contracts/vehicles';
import { formatPlate } from '../../../lib/format';
import { useTakeCarAction } from '../api/take-car-action';
import { CarStatusTag } from './car-status-tag';

/** A status action on one car, with a remark kept in its history. A refusal is told by the request layer. */
export function CarActionDialog(props: { car: CarListRow; action: CarAction; onClose: () => void }) {
  const { t } = useTranslation('vehicles');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ remark?: string }>();
  const take = useTakeCarAction();
  const { car, action } = props;
  const submit = async ({ remark }: { remark?: string }) => {
    const done = await take.mutateAsync({ id: car.id, action, remark }).catch(() => null);
    if (!done) return;
    void message.success(t('statusAction.done', { plate: formatPlate(car.plate), action: t(`action.${action}`) }));
    props.onClose();
  };
  return (
    <Modal
      open
      title={t('statusAction.title', { action: t(`action.${action}`), plate: formatPlate(car.plate) })}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={t(`action.${action}`)}
      okButtonProps={{ danger: action === 'sell' || action === 'scrap' }}
      confirmLoading={take.isPending}
    >
      <p className="fd-status-change">
        <CarStatusTag status={car.status} />
        <span aria-hidden>→</span>
        <CarStatusTag status={CAR_ACTIONS[action].to} />
      </p>
      {(action === 'sell' || action === 'scrap') && <p className="fd-muted">{t('statusAction.final')}</p>}
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="remark" label={t('statusAction.remark')}>
          <Input.TextArea maxLength={200} showCount rows={3} placeholder={t('statusAction.remarkPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
