import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { LocalText } from '@fleetdesk/contracts/common';
import {
  SERVICE_STATE_TITLES,
  WORK_ORDER_STATE_TITLES,
  type ServiceState,
  type WorkOrderState,
} from '@fleetdesk/contracts/maintenance';

/** Catalogue titles of the maintenance contracts in the current language. */
export function useTitle(): (text: LocalText) => string {
  const { i18n } = useTranslation();
  return (text) => (i18n.language === 'en-US' ? text['en-US'] : text['zh-CN']);
}

const STATE_COLOURS: Record<WorkOrderState, string> = {
  reported: 'default',
  approving: 'gold',
  approved: 'blue',
  in_workshop: 'processing',
  done: 'cyan',
  settled: 'purple',
  picked_up: 'green',
  cancelled: 'default',
};

/** A work order's state as a coloured tag. */
export function OrderStateTag({ state }: { state: WorkOrderState }) {
  const title = useTitle();
  return (
    <Tag color={STATE_COLOURS[state]} data-state={state}>
      {title(WORK_ORDER_STATE_TITLES[state])}
    </Tag>
  );
}

const SERVICE_COLOURS: Record<ServiceState, string> = { ok: 'green', due: 'orange', overdue: 'red' };

/** A car's service state (ok, due soon, overdue) as a coloured tag. */
export function ServiceStateTag({ state }: { state: ServiceState }) {
  const title = useTitle();
  return <Tag color={SERVICE_COLOURS[state]}>{title(SERVICE_STATE_TITLES[state])}</Tag>;
}
