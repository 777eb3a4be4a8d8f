import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { EmployeeStatus } from '@fleetdesk/contracts/organisation';

const EMPLOYEE_COLOURS: Record<EmployeeStatus, string> = { active: 'green', disabled: 'orange', left: 'default' };

export function EmployeeStatusTag({ status }: { status: EmployeeStatus }) {
  const { t } = useTranslation('organisation');
  return <Tag color={EMPLOYEE_COLOURS[status]}>{t(`employeeStatus.${status}`)}</Tag>;
}

export function RentStatusTag({ status }: { status: 'active' | 'disabled' }) {
  const { t } = useTranslation('organisation');
  return <Tag color={status === 'active' ? 'green' : 'default'}>{t(`rentStatus.${status}`)}</Tag>;
}

/** antd preset colours are the label colours, except grey. */
export const tagColour = (color: string) => (color === 'grey' ? 'default' : color);

export function LabelTag({ name, color }: { name: string; color: string }) {
  return <Tag color={tagColour(color)}>{name}</Tag>;
}
