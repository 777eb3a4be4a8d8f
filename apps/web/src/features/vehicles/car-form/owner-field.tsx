import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Form, { type FormInstance } from 'antd/es/form';
import Select from 'antd/es/select';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ownersQuery } from '../api/get-owners';
import type { CarFormValues } from './form-values';
import { OwnerDialog } from './owner-dialog';

/** Every owner of the tenant (a tenant has a few dozen): one page of the largest size. */
export const allOwnersQuery = () => ownersQuery({ pageNum: 1, pageSize: 500 });

/** The owner picker, with a new owner created in place (`newName` opens the dialog, e.g. from a licence). */
export function OwnerField(props: {
  form: FormInstance<CarFormValues>;
  newName: string | null;
  onNew: (name: string | null) => void;
}) {
  const { t } = useTranslation('vehicle-detail');
  const owners = useQuery(allOwnersQuery());
  return (
    <Form.Item label={t('fields.owner')} htmlFor="ownerId">
      <div className="fd-car-form-inline">
        <Form.Item name="ownerId" noStyle>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={owners.isLoading}
            placeholder={t('form.pickOwner')}
            options={(owners.data?.rows ?? []).map((o) => ({ value: o.id, label: o.name }))}
          />
        </Form.Item>
        <Button icon={<PlusOutlined />} onClick={() => props.onNew('')}>
          {t('form.addOwner')}
        </Button>
      </div>
      <OwnerDialog
        name={props.newName}
        onClose={() => props.onNew(null)}
        onCreated={(owner) => {
          props.onNew(null);
          props.form.setFieldsValue({ ownerId: owner.id });
        }}
      />
    </Form.Item>
  );
}
