import Tag from 'antd/es/tag';
import {
  BOOKING_STATE_TITLES,
  STAY_DAY_KIND_TITLES,
  type BookingState,
  type StayDayKind,
} from '@fleetdesk/contracts/short-term';
import { useTitle } from '../../../lib/use-title';

const STATE_COLORS: Record<BookingState, string> = {
  unpaid: 'gold',
  toPickUp: 'blue',
  inUse: 'green',
  returned: 'purple',
  completed: 'default',
  cancelled: 'default',
};

export function BookingStateTag({ state }: { state: BookingState }) {
  const title = useTitle();
  return <Tag color={STATE_COLORS[state]}>{title(BOOKING_STATE_TITLES[state])}</Tag>;
}

const KIND_COLORS: Record<StayDayKind, string> = {
  weekday: 'default',
  weekend: 'cyan',
  holiday: 'red',
  special: 'orange',
};

export function DayKindTag({ kind }: { kind: StayDayKind }) {
  const title = useTitle();
  return <Tag color={KIND_COLORS[kind]}>{title(STAY_DAY_KIND_TITLES[kind])}</Tag>;
}
