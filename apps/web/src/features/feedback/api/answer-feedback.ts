import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FeedbackPaths, type FeedbackAnswer, type FeedbackRow } from '@fleetdesk/contracts/feedback';
import { fillPath } from '@fleetdesk/contracts/paths';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { feedbackDeskKey } from './keys';

/** The operator answers (`answered`: the sender reads it) or closes a feedback. */
export function answerFeedback({ id, input }: { id: number; input: FeedbackAnswer }): Promise<FeedbackRow> {
  return request<FeedbackRow>(fillPath(FeedbackPaths.answer, { id }), {
    method: 'PUT',
    json: input,
    silent: isFieldFailure,
  });
}

export function useAnswerFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: answerFeedback,
    onSuccess: () => client.invalidateQueries({ queryKey: feedbackDeskKey }),
  });
}
