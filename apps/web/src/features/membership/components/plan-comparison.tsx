import CheckOutlined from '@ant-design/icons/CheckOutlined';
import MinusOutlined from '@ant-design/icons/MinusOutlined';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Plan } from '@fleetdesk/contracts/membership';
import { MENUS } from '@fleetdesk/contracts/permissions';
import type { Language } from '../../../lib/i18n';

/** Which areas each plan includes: the top-level menus of the permission catalogue against the plans. */
export function PlanComparison({ plans }: { plans: Plan[] }) {
  const { t, i18n } = useTranslation('membership');
  const lang = i18n.language as Language;
  const areas = MENUS.filter((m) => !m.parent);
  return (
    <Table
      className="fd-plan-compare"
      size="small"
      pagination={false}
      rowKey="code"
      dataSource={areas}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'area', title: t('compare.area'), render: (_, m) => m.title[lang] },
        ...plans.map((p) => ({
          key: p.code,
          title: p.name,
          align: 'center' as const,
          render: (_: unknown, m: (typeof areas)[number]) =>
            p.menus.includes(m.code) ? (
              <CheckOutlined className="fd-yes" aria-label={t('compare.included')} />
            ) : (
              <MinusOutlined className="fd-no" aria-label={t('compare.notIncluded')} />
            ),
        })),
      ]}
    />
  );
}
