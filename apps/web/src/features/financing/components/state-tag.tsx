import Tag from 'antd/es/tag';
import { FINANCING_STATE_TITLES, type FinancingState } from '@fleetdesk/contracts/financing';
import { useTitle } from './titles';

export const STATE_COLORS: Record<FinancingState, string> = {
  S1: 'gold',
  S2: 'blue',
  S3: 'purple',
  S4: 'cyan',
  S5: 'geekblue',
  S6: 'orange',
  S7: 'green',
  S8: 'default',
  S9: 'red',
  S10: 'default',
};

export function StateTag({ state }: { state: FinancingState }) {
  const title = useTitle();
  return <Tag color={STATE_COLORS[state]}>{title(FINANCING_STATE_TITLES[state])}</Tag>;
}
