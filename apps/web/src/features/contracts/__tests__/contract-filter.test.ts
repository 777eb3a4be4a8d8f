import { describe, expect, it } from 'vitest';
import { ContractListFilter } from '@fleetdesk/contracts/rental-contracts';
import { contractFilterBody } from '../pages/contract-list';

describe('contract list filter', () => {
  it('turns the URL keys into the body of rentContract/list, which the server schema accepts', () => {
    const body = contractFilterBody({
      keyword: '浙A',
      state: 'signed,terminated',
      type: 'rentToOwn',
      rentId: '3',
      overdue: 'true',
      startFrom: '2026-01-01',
      startTo: '2026-03-31',
    });
    expect(body).toEqual({
      keyword: '浙A',
      state: ['signed', 'terminated'],
      type: ['rentToOwn'],
      rentId: 3,
      overdue: true,
      startFrom: '2026-01-01',
      startTo: '2026-03-31',
    });
    expect(ContractListFilter.safeParse({ ...body, pageNum: 1, pageSize: 20 }).success).toBe(true);
    expect(contractFilterBody({ overdue: 'false' })).toEqual({});
  });
});
