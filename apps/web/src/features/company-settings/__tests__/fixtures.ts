import type { CompanyProfile, PermissionNode, Rent, Role, RoleRow } from '@fleetdesk/contracts/organisation';

export const SLOW = { timeout: 20_000 };

const node = (code: string, en: string, zh: string, children: PermissionNode[] = []): PermissionNode => ({
  code,
  kind: code.includes(':') ? 'element' : 'menu',
  title: { 'en-US': en, 'zh-CN': zh },
  children,
});

export const TREE: PermissionNode[] = [
  node('rentCar', 'Vehicles', '车辆管理', [
    node('rentCar:view', 'View cars', '查看车辆'),
    node('rentCar:add', 'Add cars', '新增车辆'),
  ]),
  node('oa', 'Office', '办公管理', [
    node('oa:view', 'View office', '查看办公'),
    node('oaDepart', 'Address book', '通讯录', [
      node('oaDepart:view', 'View address book', '查看通讯录'),
      node('oaDepart:add', 'Add employees', '新增员工'),
    ]),
  ]),
  node('oaSetting', 'Company settings', '公司设置', [
    node('oaSetting:view', 'View settings', '查看设置'),
    node('oaSetting:role', 'Manage roles', '管理角色'),
  ]),
];

const row = (r: Partial<RoleRow> & Pick<RoleRow, 'id' | 'name'>): RoleRow => ({
  code: `role-${r.id}`,
  description: null,
  allPermissions: false,
  builtin: false,
  dataScope: 'all',
  users: 0,
  updatedAt: '2026-11-01T08:00:00.000Z',
  ...r,
});

export const ROLES: RoleRow[] = [
  row({ id: 1, name: 'Administrator', builtin: true, allPermissions: true, users: 1, description: 'Everything' }),
  row({ id: 2, name: 'Dispatcher', dataScope: 'assigned', users: 3, description: 'Hands out cars' }),
  row({ id: 3, name: 'Temp', users: 0 }),
];

export const role = (id: number, grants: string[]): Role => ({ ...ROLES.find((r) => r.id === id)!, grants });

export const RENT_ROWS: Rent[] = [7, 8].map((id) => ({
  id,
  name: id === 7 ? 'Demo Rentals Hangzhou' : 'Demo Rentals Shanghai',
  shortName: id === 7 ? 'Hangzhou' : 'Shanghai',
  code: id === 7 ? 'HZ' : 'SH',
  city: id === 7 ? 'Hangzhou' : 'Shanghai',
  address: null,
  contactName: null,
  contactPhone: null,
  licenceNo: null,
  licenceImage: null,
  licenceImageUrl: null,
  status: 'active',
  employees: 3,
  cars: 10,
  createdAt: '2026-01-01T00:00:00.000Z',
}));

export const PROFILE: CompanyProfile = {
  name: 'Demo Rentals',
  shortName: 'Demo',
  logo: 'oss://image/logo.png',
  logoUrl: 'https://files.example/logo.png?sig=1',
  licenceNo: '91330100MA2XXXXX0X',
  licenceImage: null,
  licenceImageUrl: null,
  timeZone: 'Asia/Shanghai',
  contactName: 'Zhang Wei',
  contactPhone: '13800000001',
};

/** A 400 of the server naming fields. */
export const fieldFailure = (errors: { path: string; message: string }[]) => ({
  status: 400,
  body: { status: 400, message: 'Bad request', errors: [{ path: '', message: 'Bad request' }, ...errors] },
});
