import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DriverPortalAdminPaths as P,
  type PortalMembership,
  type ReviewInput,
  type Submission,
} from '@fleetdesk/contracts/driver-portal';
import { fillPath } from '@fleetdesk/contracts/paths';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { adminKey } from './keys';

/** How many of a driver's submissions the tab reads: a driver sends few. */
export const SUBMISSIONS_PAGE = 100;

/** A driver's super driver level as the back office sees it (`DriverLevelView`, `rentDriver:view`). */
export const driverLevelQuery = (driverId: number) =>
  queryOptions({
    queryKey: [...adminKey, 'level', driverId] as readonly unknown[],
    queryFn: () => request<PortalMembership>(fillPath(P.level, { driverId })),
  });

export const submissionsQuery = (driverId: number) =>
  queryOptions({
    queryKey: [...adminKey, 'submissions', driverId] as readonly unknown[],
    queryFn: () =>
      request<{ records: Submission[]; total: number }>(P.submissions, {
        query: { driverId, current: 1, size: SUBMISSIONS_PAGE },
      }),
  });

/** Approves or rejects a submission (`rentDriver:edit`); a 400 naming fields is the dialog's to show. */
export function useReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      request<Submission>(P.review, { method: 'POST', json: input, silent: isFieldFailure }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey }),
  });
}
