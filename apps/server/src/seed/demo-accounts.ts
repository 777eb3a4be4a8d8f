/** The demo accounts of DESIGN.md section 12; the start-up log prints them. */
export const DEMO_ACCOUNTS = [
  { username: 'admin', password: 'Admin@123', tenant: '演示租车 Demo Rentals', note: 'all permissions' },
  {
    username: 'clerk',
    password: 'Clerk@123',
    tenant: '演示租车 Demo Rentals',
    note: 'vehicles and drivers, read-only',
  },
  {
    username: 'xiuli',
    password: 'Admin@123',
    tenant: '演示租车 Demo Rentals',
    note: 'the own workshop (自营维修中心): only its work orders',
  },
  {
    username: 'sales1',
    password: 'Admin@123',
    tenant: '演示租车 Demo Rentals',
    note: 'sales adviser 王晓燕 (销售顾问, data scope own): her leads and the pool, Hangzhou',
  },
  {
    username: 'sales2',
    password: 'Admin@123',
    tenant: '演示租车 Demo Rentals',
    note: 'sales adviser 赵磊 (销售顾问, data scope own): his leads and the pool, both rents',
  },
  { username: 'other', password: 'Other@123', tenant: 'Other Rentals', note: 'a second tenant' },
  { username: 'expired', password: 'Expired@123', tenant: 'Expired Rentals', note: 'membership has ended' },
  {
    username: 'xinda',
    password: 'Admin@123',
    tenant: '鑫达融资租赁 Xinda Finance Lease',
    note: 'the financier, all permissions',
  },
  {
    username: 'xinda_risk',
    password: 'Admin@123',
    tenant: '鑫达融资租赁 Xinda Finance Lease',
    note: 'the financier, review only',
  },
  {
    username: 'operator',
    password: 'Admin@123',
    tenant: 'Fleetdesk 平台运营',
    note: "the platform operator: every tenant's feedback",
  },
] as const;
