import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import { useQuery } from '@tanstack/react-query';
import { cloneElement, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { insurersQuery } from '../api/get-insurers';

const half = { xs: 24, md: 12, xl: 8 } as const;

/** Annual inspection and the two policies (the compulsory and the commercial one). */
export function InsuranceFields({ date }: { date: ReactElement }) {
  const { t } = useTranslation('vehicle-detail');
  const insurers = useQuery(insurersQuery());
  const en = currentLanguage() === 'en-US';
  // A disabled insurer stays readable on the cars that name it, and cannot be picked anew.
  const options = (insurers.data ?? []).map((i) => ({
    value: i.code,
    label: en ? i.nameEn : i.shortName,
    disabled: !i.enabled,
  }));
  return (
    <Row gutter={16}>
      <Col {...half}>
        <Form.Item name="inspectionDue" label={t('fields.inspectionDue')}>
          {cloneElement(date)}
        </Form.Item>
      </Col>
      <Col span={24} />
      {(['compulsory', 'commercial'] as const).map((p) => (
        <Col span={24} key={p}>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item name={`${p}Company`} label={t(`fields.${p}Company`)}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={insurers.isLoading}
                  options={options}
                  placeholder={t('form.pickInsurer')}
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name={`${p}PolicyNo`} label={t(`fields.${p}PolicyNo`)}>
                <Input maxLength={40} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name={`${p}Expiry`} label={t(`fields.${p}Expiry`)}>
                {cloneElement(date)}
              </Form.Item>
            </Col>
          </Row>
        </Col>
      ))}
    </Row>
  );
}
