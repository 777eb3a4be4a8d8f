// The labels are one of the tenant's lists shared with other areas (drivers pick theirs): lib/organisation-lists.ts.
export { getLabels, labelsQuery } from '../../../lib/organisation-lists';
