import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Department } from '@fleetdesk/contracts/organisation';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn, type Account } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { API, DEPARTMENTS, employee, orgRoutes, paged, FIRST, SLOW } from './org-fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

const tree = () => document.querySelector<HTMLElement>('.fd-dept-panel')!;
const node = (name: string) => within(tree()).getByText(name, { selector: '.fd-dept-name' });
const dialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' }, SLOW)).closest<HTMLElement>('.ant-modal')!;
/** The newest confirmation with this title (a closed one may still be leaving). */
const confirmBox = async (title: string) =>
  (await screen.findAllByText(title, { selector: '.ant-modal-confirm-title' }, SLOW))
    .at(-1)!
    .closest<HTMLElement>('.ant-modal')!;

describe('the department tree', () => {
  it('shows counts with sub-departments, adds under the selection, renames, moves and says why a delete fails', async () => {
    signedIn();
    let departments: Department[] = [...DEPARTMENTS];
    const server = sessionServer(
      ADMIN,
      orgRoutes({
        [`GET ${API}/dept/list`]: () => ok(departments),
        [`POST ${API}/dept/add`]: (req) => {
          const created: Department = { id: 5, employees: 0, ...(req.body as Omit<Department, 'id' | 'employees'>) };
          departments = [...departments, created];
          return ok(created);
        },
        [`PUT ${API}/dept/update/:id`]: (req) => {
          const id = Number(req.path.split('/').at(-1));
          departments = departments.map((d) => (d.id === id ? { ...d, ...(req.body as Partial<Department>) } : d));
          return ok(departments.find((d) => d.id === id));
        },
        [`DELETE ${API}/dept/delete/:id`]: () => ({
          status: 409,
          body: { status: 40901, message: 'The department still has employees or sub-departments' },
        }),
      }),
    );
    renderApp('/oa/depart');
    const user = userEvent.setup();
    expect(await screen.findByText('Li Na', {}, FIRST)).toBeInTheDocument();
    // Operations: 3 of its own and 1 in the night shift.
    expect(within(tree()).getByLabelText('4 employees')).toHaveTextContent('4');
    expect(within(tree()).getByLabelText('6 employees')).toBeInTheDocument(); // Head office: 2 + 4 + 0

    // Selecting a department lists its employees (and those below it).
    await user.click(node('Operations'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/oa/depart/2'));
    await waitFor(() =>
      expect(server.calls('GET', `${API}/employee/list`).some((r) => r.query.get('departmentId') === '2')).toBe(true),
    );

    // Add under the selected department.
    await user.click(within(tree()).getByLabelText('Add department'));
    let box = await dialog('Add a department under Operations');
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    expect(await within(box).findByText('Enter a department name (at most 30 characters)')).toBeInTheDocument();
    await user.type(within(box).getByLabelText('Department name'), 'Day shift');
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('POST', `${API}/dept/add`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/dept/add`)[0]!.body).toEqual({ name: 'Day shift', parentId: 2, sort: 0 });
    expect(await within(tree()).findByText('Day shift')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/oa/depart/5'));

    // Rename it.
    await user.click(within(tree()).getByLabelText('Rename'));
    box = await dialog('Rename Day shift');
    const name = within(box).getByLabelText('Department name');
    await user.clear(name);
    await user.type(name, 'Morning shift');
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    expect(await within(tree()).findByText('Morning shift')).toBeInTheDocument();
    expect(server.calls('PUT', `${API}/dept/update/5`)[0]!.body).toEqual({
      name: 'Morning shift',
      parentId: 2,
      sort: 0,
    });

    // Move it to the top level: the picker offers neither itself nor a department below it.
    await user.click(within(tree()).getByLabelText('Move'));
    box = await dialog('Move Morning shift');
    await user.click(within(box).getByRole('combobox'));
    const picker = document.querySelector<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')!;
    expect(within(picker).queryByTitle('Morning shift')).not.toBeInTheDocument();
    await user.click(within(picker).getByTitle('(Top level)'));
    await user.click(within(box).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(server.calls('PUT', `${API}/dept/update/5`)).toHaveLength(2));
    expect(server.calls('PUT', `${API}/dept/update/5`)[1]!.body).toEqual({
      name: 'Morning shift',
      parentId: null,
      sort: 0,
    });

    // Delete a department that is not empty: the server's 409 message is shown.
    await user.click(node('Operations'));
    await user.click(within(tree()).getByLabelText('Delete department'));
    const confirm = await confirmBox('Delete the department Operations?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('The department still has employees or sub-departments', {}, SLOW),
    ).toBeInTheDocument();
    expect(server.calls('DELETE', `${API}/dept/delete/2`)).toHaveLength(1);
  }, 180_000);
});

describe('employee status actions', () => {
  it('disables after a confirmation naming the person, sends the invitation again, marks as left', async () => {
    signedIn();
    // Never signed in: the invitation is offered (it is not for an account in use).
    let row = employee({ lastLoginAt: null });
    const server = sessionServer(
      ADMIN,
      orgRoutes({
        [`GET ${API}/employee/list`]: () => paged([row]),
        [`PUT ${API}/employee/status/:id`]: (req) => {
          row = { ...row, status: (req.body as { status: typeof row.status }).status };
          return ok(row);
        },
        [`POST ${API}/employee/invite/:id`]: () => ok({ sent: true, sandbox: true, validHours: 72 }),
      }),
    );
    renderApp('/oa/depart');
    const user = userEvent.setup();
    expect(await screen.findByText('Li Na', {}, FIRST)).toBeInTheDocument();
    const more = () => screen.getByLabelText('More actions for Li Na');

    await user.click(more());
    await user.click(await screen.findByText('Invite to sign in by SMS'));
    let confirm = await confirmBox('Send Li Na a new sign-in invitation?');
    expect(within(confirm).getByText(/13900000011/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));
    expect((await screen.findAllByText(/is in the SMS outbox \(sandbox\)/, {}, SLOW))[0]).toBeInTheDocument();
    expect(server.calls('POST', `${API}/employee/invite/11`)).toHaveLength(1);
    // The sandbox's code is where the link goes: the outbox, filtered to the employee's phone.
    expect(screen.getByTestId('sandbox-outbox-link').getAttribute('href')).toBe(
      '/oa/message?tab=outbox&phone=13900000011',
    );
    await user.click(screen.getByRole('button', { name: 'OK' }));

    await user.click(more());
    await user.click(await screen.findByText('Disable', { selector: '.ant-dropdown-menu-title-content' }));
    confirm = await confirmBox('Disable Li Na?');
    // Cancel sends nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.calls('PUT', `${API}/employee/status/11`)).toHaveLength(0);
    await user.click(more());
    await user.click(await screen.findByText('Disable', { selector: '.ant-dropdown-menu-title-content' }));
    confirm = await confirmBox('Disable Li Na?');
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(server.calls('PUT', `${API}/employee/status/11`)).toHaveLength(1));
    expect(server.calls('PUT', `${API}/employee/status/11`)[0]!.body).toEqual({ status: 'disabled' });
    expect(await screen.findByText('Disabled', { selector: '.ant-tag' }, SLOW)).toBeInTheDocument();

    await user.click(more());
    await user.click(await screen.findByText('Mark as left', { selector: '.ant-dropdown-menu-title-content' }));
    confirm = await confirmBox('Mark Li Na as left?');
    await user.click(within(confirm).getByRole('button', { name: 'Mark as left' }));
    await waitFor(() => expect(server.calls('PUT', `${API}/employee/status/11`)).toHaveLength(2));
    expect(server.calls('PUT', `${API}/employee/status/11`)[1]!.body).toEqual({ status: 'left' });

    // A left employee shows read-only: no more actions, the form has no save.
    expect(await screen.findByText('Left', { selector: '.ant-tag' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByLabelText('More actions for Li Na')).not.toBeInTheDocument();
    await user.click(screen.getByText('View'));
    expect(await screen.findByText('This employee has left: the details are read-only.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.queryByText('Save')).not.toBeInTheDocument();
  }, 180_000);
});

describe('the invitation', () => {
  it('is not offered for an employee who has signed in', async () => {
    signedIn();
    sessionServer(ADMIN, orgRoutes({ [`GET ${API}/employee/list`]: () => paged([employee()]) }));
    renderApp('/oa/depart');
    const user = userEvent.setup();
    expect(await screen.findByText('Li Na', {}, FIRST)).toBeInTheDocument();
    await user.click(screen.getByLabelText('More actions for Li Na'));
    expect(await screen.findByText('Disable', { selector: '.ant-dropdown-menu-title-content' })).toBeInTheDocument();
    expect(screen.queryByText('Invite to sign in by SMS')).not.toBeInTheDocument();
  }, 60_000);
});

describe('a read-only user', () => {
  it('sees the address book without the buttons they lack', async () => {
    signedIn();
    const READER: Account = { menus: ['oa', 'oaDepart'], elements: ['oaDepart:view'] };
    const server = sessionServer(READER, orgRoutes());
    renderApp('/oa/depart');
    expect(await screen.findByText('Li Na', {}, FIRST)).toBeInTheDocument();
    expect(screen.getByText('Operations', { selector: '.fd-dept-name' })).toBeInTheDocument();
    for (const name of ['Add department', 'Rename', 'Move', 'Delete department']) {
      expect(within(tree()).queryByLabelText(name)).not.toBeInTheDocument();
    }
    for (const text of ['Add employee', 'Import employees', 'Export']) {
      expect(screen.queryByText(text)).not.toBeInTheDocument();
    }
    expect(screen.queryByLabelText('More actions for Li Na')).not.toBeInTheDocument();
    expect(screen.getByText('View')).toBeInTheDocument();
    // Without `oaSetting:role` the role list is not asked for.
    expect(server.calls('GET', `${API}/role/list`)).toHaveLength(0);
  }, 90_000);
});
