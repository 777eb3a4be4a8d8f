import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FeedbackPaths, type FeedbackInput, type FeedbackRow } from '@fleetdesk/contracts/feedback';
import { isFieldFailure } from '../../../lib/field-failure';
import { request, type RequestError } from '../../../lib/request';
import { myFeedbackKey } from './keys';

/** Past the hourly limit (`FEEDBACK_PER_HOUR`): the form says so in place. */
export const isRateLimited = (error: unknown): boolean => (error as RequestError | null)?.httpStatus === 429;

/** `rentFeedback`: the form shows its field errors and the hourly limit itself. */
export function sendFeedback(input: FeedbackInput): Promise<FeedbackRow> {
  return request<FeedbackRow>(FeedbackPaths.send, {
    method: 'POST',
    json: input,
    silent: (e) => isFieldFailure(e) || isRateLimited(e),
  });
}

export function useSendFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => client.invalidateQueries({ queryKey: myFeedbackKey }),
  });
}
