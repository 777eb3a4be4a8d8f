import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { OrganisationPaths, type TenantRules } from '@fleetdesk/contracts/organisation';
import { fillPath } from '@fleetdesk/contracts/paths';
import {
  ShortTermPaths as P,
  type ExtraInput,
  type ExtraRow,
  type ExtraUpdateInput,
  type HolidayInput,
  type HolidayRow,
  type ProtectionInput,
  type ProtectionRow,
  type ProtectionUpdateInput,
} from '@fleetdesk/contracts/short-term';
import { isFieldFailure } from '../../../lib/field-failure';
import { request, type RequestError } from '../../../lib/request';

export type { ExtraRow, HolidayRow, ProtectionRow };

/** Every query of the rental settings starts with this key. */
export const rentalSettingsKey = ['rental-settings'] as const;

/** A form's call: a 400 naming fields is the form's to show; a 409 stays in the dialog. */
export const formFailure = (e: RequestError) => isFieldFailure(e) || e.httpStatus === 409;

// ---------------------------------------------------------------- rules

/**
 * The tenant's rules (the `shortTerm` and `timeShare` sections are edited here): the company settings' call, read
 * with `oaSetting:view` and saved with `oaSetting:edit`, as the CRM's pool rules are.
 */
export const rulesQuery = () =>
  queryOptions({
    queryKey: [...rentalSettingsKey, 'rules'] as readonly unknown[],
    queryFn: () => request<TenantRules>(OrganisationPaths.rules),
  });

export type RuleSection = 'shortTerm' | 'timeShare';

/** Saves one section, the rest of the rules as read (the call takes the whole document). */
export function useSaveRuleSection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rules, section, value }: { rules: TenantRules; section: RuleSection; value: unknown }) =>
      request<TenantRules>(OrganisationPaths.rules, {
        method: 'PUT',
        json: { ...rules, [section]: value },
        silent: isFieldFailure,
      }),
    onSuccess: (saved) => client.setQueryData(rulesQuery().queryKey, saved),
  });
}

function useSettingsMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: rentalSettingsKey });
    },
  });
}

// ---------------------------------------------------------------- holidays

export const holidaysQuery = (q: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...rentalSettingsKey, 'holidays', q] as readonly unknown[],
    queryFn: () => request<{ rows: HolidayRow[] }>(P.holidayList, { query: q }).then((a) => a.rows),
  });

/** Adds a holiday (or renames the one of that day). */
export const useSaveHoliday = () =>
  useSettingsMutation((input: HolidayInput) =>
    request<HolidayRow>(P.holidaySave, { method: 'POST', json: input, silent: formFailure }),
  );

export const useDeleteHoliday = () =>
  useSettingsMutation((id: number) =>
    request<unknown>(fillPath(P.holidayDelete, { id }), { method: 'POST', json: {} }),
  );

// ---------------------------------------------------------------- protections and extras

export const protectionsQuery = () =>
  queryOptions({
    queryKey: [...rentalSettingsKey, 'protections'] as readonly unknown[],
    queryFn: () => request<{ rows: ProtectionRow[] }>(P.protectionList).then((a) => a.rows),
  });

export const useSaveProtection = () =>
  useSettingsMutation((input: ProtectionInput | ProtectionUpdateInput) =>
    'id' in input
      ? request<ProtectionRow>(P.protectionUpdate, { method: 'PUT', json: input, silent: formFailure })
      : request<ProtectionRow>(P.protectionCreate, { method: 'POST', json: input, silent: formFailure }),
  );

export const useDeleteProtection = () =>
  useSettingsMutation((id: number) =>
    request<unknown>(fillPath(P.protectionDelete, { id }), { method: 'POST', json: {} }),
  );

export const extrasQuery = () =>
  queryOptions({
    queryKey: [...rentalSettingsKey, 'extras'] as readonly unknown[],
    queryFn: () => request<{ rows: ExtraRow[] }>(P.extraList).then((a) => a.rows),
  });

export const useSaveExtra = () =>
  useSettingsMutation((input: ExtraInput | ExtraUpdateInput) =>
    'id' in input
      ? request<ExtraRow>(P.extraUpdate, { method: 'PUT', json: input, silent: formFailure })
      : request<ExtraRow>(P.extraCreate, { method: 'POST', json: input, silent: formFailure }),
  );

export const useDeleteExtra = () =>
  useSettingsMutation((id: number) => request<unknown>(fillPath(P.extraDelete, { id }), { method: 'POST', json: {} }));
