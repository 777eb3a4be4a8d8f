import type { Department, Employee, Label, Rent, RoleRow } from '@fleetdesk/contracts/organisation';
import { ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-server';

export const SLOW = { timeout: 20_000 };
/** The first screen of a file loads its chunks cold (antd, the feature): on a busy machine it takes a while. */
export const FIRST = { timeout: 60_000 };
export const API = '/api/ccwadmin';

export const DEPARTMENTS: Department[] = [
  { id: 1, parentId: null, name: 'Head office', sort: 0, employees: 2 },
  { id: 2, parentId: 1, name: 'Operations', sort: 0, employees: 3 },
  { id: 3, parentId: 1, name: 'Finance', sort: 1, employees: 0 },
  { id: 4, parentId: 2, name: 'Night shift', sort: 0, employees: 1 },
];

export function employee(patch: Partial<Employee> = {}): Employee {
  return {
    id: 11,
    name: 'Li Na',
    username: 'lina',
    phone: '13900000011',
    email: null,
    title: 'Dispatcher',
    departmentId: 2,
    departmentName: 'Operations',
    rentIds: [7],
    defaultRentId: 7,
    roles: [{ id: 21, name: 'Dispatcher' }],
    labels: [{ id: 31, name: 'Night', color: 'purple' }],
    status: 'active',
    administrator: false,
    lastLoginAt: '2026-11-20T01:00:00Z',
    leftAt: null,
    createdAt: '2026-01-01T00:00:00Z',
    ...patch,
  };
}

export function rent(patch: Partial<Rent> = {}): Rent {
  return {
    id: 7,
    name: 'Demo Rentals Hangzhou',
    shortName: 'Hangzhou',
    code: 'HZ',
    city: 'Hangzhou',
    address: null,
    contactName: 'Wang Fang',
    contactPhone: '13800000002',
    licenceNo: '91330100MA2B3C4D5E',
    licenceImage: null,
    licenceImageUrl: null,
    status: 'active',
    employees: 12,
    cars: 40,
    createdAt: '2026-01-01T00:00:00Z',
    ...patch,
  };
}

export const RENTS: Rent[] = [
  rent(),
  rent({ id: 8, name: 'Demo Rentals Shanghai', shortName: 'Shanghai', code: 'SH', city: 'Shanghai', employees: 3 }),
  rent({ id: 9, name: 'Demo Rentals Suzhou', shortName: 'Suzhou', code: 'SZ', city: 'Suzhou', status: 'disabled' }),
];

export const ROLES: RoleRow[] = [
  {
    id: 20,
    code: 'admin',
    name: 'Administrator',
    description: null,
    allPermissions: true,
    builtin: true,
    dataScope: 'all',
    users: 1,
    updatedAt: '2026-01-01T00:00:00Z',
  },
  {
    id: 21,
    code: 'dispatcher',
    name: 'Dispatcher',
    description: null,
    allPermissions: false,
    builtin: false,
    dataScope: 'assigned',
    users: 4,
    updatedAt: '2026-01-01T00:00:00Z',
  },
];

export const label = (patch: Partial<Label> = {}): Label => ({
  id: 31,
  kind: 'employee',
  name: 'Night',
  color: 'purple',
  used: 0,
  ...patch,
});

export const paged = <T>(rows: T[]) => ok({ rows, total: rows.length, pageNum: 1, pageSize: 20 });

type Routes = Record<string, (req: FakeRequest) => FakeAnswer>;

/** The organisation calls the screens read, answered with the fixtures; `more` adds or replaces routes. */
export function orgRoutes(more: Routes = {}): Routes {
  return {
    [`GET ${API}/dept/list`]: () => ok(DEPARTMENTS),
    [`GET ${API}/employee/list`]: () => paged([employee()]),
    [`GET ${API}/rent/list`]: () => ok(RENTS),
    [`GET ${API}/role/list`]: () => ok(ROLES),
    [`GET ${API}/label/list`]: (req) => ok([label({ kind: (req.query.get('kind') ?? 'employee') as Label['kind'] })]),
    ...more,
  };
}
