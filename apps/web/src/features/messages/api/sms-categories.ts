import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AuthPaths, type MessageSmsCategories } from '@fleetdesk/contracts/auth';
import { request } from '../../../lib/request';
import { smsCategoriesKey } from './keys';

export const smsCategoriesQuery = () =>
  queryOptions({
    queryKey: smsCategoriesKey,
    queryFn: () => request<MessageSmsCategories>(AuthPaths.messageSmsCategories),
  });

export function useSaveSmsCategories() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (categories: number[]) =>
      request<MessageSmsCategories>(AuthPaths.messageSmsCategories, { method: 'PUT', json: { categories } }),
    onSuccess: (saved) => client.setQueryData(smsCategoriesKey, saved),
  });
}
