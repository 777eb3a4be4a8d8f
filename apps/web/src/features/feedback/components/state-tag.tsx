import Tag from 'antd/es/tag';
import { FEEDBACK_STATE_TITLES, type FeedbackState } from '@fleetdesk/contracts/feedback';
import { useTitle } from '../../../lib/use-title';

const COLOURS: Record<FeedbackState, string> = { new: 'blue', answered: 'green', closed: 'default' };

/** A feedback's state, in the contracts' words (the server's own). */
export function FeedbackStateTag({ state }: { state: FeedbackState }) {
  const title = useTitle();
  return <Tag color={COLOURS[state]}>{title(FEEDBACK_STATE_TITLES[state])}</Tag>;
}
