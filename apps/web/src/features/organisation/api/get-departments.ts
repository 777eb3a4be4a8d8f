// The department list is one of the tenant's shared lists (one key for every screen that shows it).
export { departmentsQuery, getDepartments } from '../../../lib/organisation-lists';
