import type { Paged } from '@fleetdesk/contracts/common';
import type { DriverDetail, DriverListRow } from '@fleetdesk/contracts/drivers';
import { ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-server';

export const SLOW = { timeout: 20_000 };
export const LIST = '/api/ccwadmin/rentDriver/list';

export function driver(patch: Partial<DriverDetail> = {}): DriverDetail {
  return {
    id: 11,
    rentId: 1,
    rentName: '杭州公司',
    name: '王建国',
    gender: 'male',
    phone: '13957100001',
    idNumber: '330106198503074417',
    birthDate: '1985-03-07',
    age: 41,
    address: '浙江省杭州市西湖区文一路 100 号',
    idCardFront: null,
    idCardBack: null,
    licenceNumber: '330106198503074417',
    licenceClass: 'C1',
    licenceFirstIssue: '2005-03-07',
    licenceExpiry: '2026-12-01',
    licenceDue: 'soon',
    licenceFront: null,
    licenceBack: null,
    certificateNumber: null,
    certificateExpiry: null,
    certificateDue: null,
    certificate: null,
    emergencyName: null,
    emergencyPhone: null,
    emergencyRelation: null,
    bankName: null,
    bankAccount: null,
    bankAccountName: null,
    source: 'referral',
    labels: [{ id: 5, name: '金牌司机', color: 'gold' }],
    state: 'active',
    stateChangedAt: '2026-11-01T02:00:00Z',
    stateReason: null,
    blacklistedBy: null,
    blacklistedAt: null,
    actions: ['leave', 'blacklist'],
    deletable: false,
    remark: null,
    createdAt: '2026-10-01T02:00:00Z',
    updatedAt: '2026-11-01T02:00:00Z',
    deletedAt: null,
    blacklistHits: [],
    ...patch,
  };
}

export function row(d: DriverDetail): DriverListRow {
  return {
    id: d.id,
    rentId: d.rentId,
    rentName: d.rentName,
    name: d.name,
    gender: d.gender,
    phone: d.phone,
    idNumber: d.idNumber,
    age: d.age,
    licenceClass: d.licenceClass,
    licenceExpiry: d.licenceExpiry,
    licenceDue: d.licenceDue,
    certificateExpiry: d.certificateExpiry,
    certificateDue: d.certificateDue,
    source: d.source,
    labels: d.labels,
    state: d.state,
    stateReason: d.stateReason,
    actions: d.actions,
    deletable: d.deletable,
    createdAt: d.createdAt,
    deletedAt: d.deletedAt,
  };
}

const paged = <T>(rows: T[]): FakeAnswer =>
  ok({ rows, total: rows.length, pageNum: 1, pageSize: 20 } satisfies Paged<T>);

/** The calls the driver screens make, with `more` replacing or adding some. */
export function driverRoutes(drivers: DriverDetail[], more: Record<string, (req: FakeRequest) => FakeAnswer> = {}) {
  return {
    [`POST ${LIST}`]: (req: FakeRequest) => {
      const body = req.body as { deleted?: string };
      return paged(drivers.filter((d) => (body.deleted === 'only' ? d.deletedAt : !d.deletedAt)).map(row));
    },
    'GET /api/ccwadmin/rentDriver/summary': () =>
      ok({
        byState: { prospect: 1, active: 1, left: 0, blacklisted: 0 },
        licenceExpired: 0,
        licenceSoon: 1,
        certificateExpired: 0,
        certificateSoon: 0,
        leadDays: 30,
      }),
    'GET /api/ccwadmin/rentDriver/check/idNumber': () =>
      ok({ valid: true, birthDate: '1985-03-07', gender: 'male', activeDriver: null, blacklist: [] }),
    'GET /api/ccwadmin/rentDriver/:id': (req: FakeRequest) =>
      ok(drivers.find((d) => d.id === Number(req.path.split('/').at(-1))) ?? drivers[0]),
    'GET /api/ccwadmin/label/list': () => ok([{ id: 5, kind: 'driver', name: '金牌司机', color: 'gold', used: 1 }]),
    'GET /api/ccwadmin/filter/list/:id': () => ok([]),
    ...more,
  };
}
