export { ids, staff } from '../../../test/office.js';

export const A = '/api/ccwadmin/oa/approval';

export const step = (over: Record<string, unknown>) => ({
  name: '审批',
  kind: 'user',
  userIds: [],
  roleId: null,
  mode: 'any',
  amountAbove: null,
  amountUpTo: null,
  ...over,
});
