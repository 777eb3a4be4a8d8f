import { queryOptions } from '@tanstack/react-query';
import { OrganisationPaths, type Label, type LabelKind } from '@fleetdesk/contracts/organisation';
import { request } from '../../../lib/request';
import { labelsKey } from './keys';

/** The tenant's labels of one kind, with how many records carry each. */
export function getLabels(kind: LabelKind): Promise<Label[]> {
  return request<Label[]>(OrganisationPaths.labels, { query: { kind } });
}

export const labelsQuery = (kind: LabelKind) =>
  queryOptions({ queryKey: [...labelsKey, kind] as readonly unknown[], queryFn: () => getLabels(kind) });
