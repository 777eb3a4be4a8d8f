import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok, type FakeRequest } from '../../../test/fake-server';
import { ADMIN, allMenus, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { fieldFailure, role, ROLES, SLOW, TREE } from './fixtures';

const API = '/api/ccwadmin/role';

beforeEach(async () => {
  await setLanguage('en-US');
});

function rolesServer(more: Record<string, (req: FakeRequest) => ReturnType<typeof ok>> = {}) {
  signedIn();
  return sessionServer(ADMIN, {
    [`GET ${API}/list`]: () => ok(ROLES),
    [`GET ${API}/permissionTree`]: () => ok(TREE),
    [`GET ${API}/1`]: () => ok(role(1, [])),
    [`GET ${API}/2`]: () => ok(role(2, ['rentCar', 'rentCar:view'])),
    [`GET ${API}/3`]: () => ok(role(3, [])),
    ...more,
  });
}

/** A button by its text (getByRole's visibility check is slow under antd's styles in jsdom). */
const button = (container: HTMLElement, name: string) =>
  within(container).getByText(name, { selector: 'button span' }).closest('button')!;
const treeNode = (title: string) =>
  screen.getByText(title, { selector: '.ant-tree-title' }).closest('.ant-tree-treenode')!;
const ticked = () =>
  [...document.querySelectorAll('.ant-tree-treenode-checkbox-checked .ant-tree-title')].map((n) => n.textContent);

async function openRoles() {
  renderApp('/oaSetting?tab=roles');
  return screen.findByText('Dispatcher', {}, SLOW);
}

describe('the roles tab', () => {
  it('lists the roles with scope, users and the built-in tag; delete is held back for roles in use', async () => {
    const server = rolesServer({
      [`DELETE ${API}/delete/3`]: () => ({ status: 409, body: { status: 30101, message: 'Temp is still in use' } }),
    });
    await openRoles();
    const admin = screen.getByText('Administrator').closest('tr')!;
    expect(within(admin).getByText('Built-in')).toBeInTheDocument();
    expect(within(admin).getByText('All permissions')).toBeInTheDocument();
    const dispatcher = screen.getByText('Dispatcher').closest('tr')!;
    expect(within(dispatcher).getByText('Assigned companies only')).toBeInTheDocument();
    expect(within(dispatcher).getByText('3')).toBeInTheDocument();
    // Used by 3 employees: disabled, and the tooltip says why.
    const used = button(dispatcher, 'Delete');
    expect(used).toBeDisabled();
    fireEvent.mouseEnter(used.parentElement!);
    expect(await screen.findByText('3 employees hold this role: take it from them first')).toBeInTheDocument();
    expect(button(admin, 'Delete')).toBeDisabled();

    // A free role: asked, then sent; the server's 409 is shown.
    const user = userEvent.setup();
    const temp = screen.getByText('Temp').closest('tr')!;
    await user.click(button(temp, 'Delete'));
    const confirm = (await screen.findByText('Delete role Temp?')).closest('.ant-popover')! as HTMLElement;
    await user.click(button(confirm, 'Delete'));
    await waitFor(() => expect(server.calls('DELETE', `${API}/delete/3`)).toHaveLength(1));
    expect(await screen.findByText('Temp is still in use', {}, SLOW)).toBeInTheDocument();
  });

  it('creates a role: data scope and ticked permissions (an action ticks its menu path) are sent', async () => {
    const server = rolesServer({
      [`POST ${API}/add`]: (req) => ok({ ...role(4, []), ...(req.body as object), id: 4 }),
    });
    await openRoles();
    const user = userEvent.setup();
    await user.click(button(document.body, 'New role'));
    const drawer = (await screen.findByText('Permissions', {}, SLOW)).closest('.ant-drawer')! as HTMLElement;
    await user.type(within(drawer).getByLabelText('Role name'), 'Clerk');
    // Each scope explains itself in a line.
    expect(
      within(drawer).getByText(/only the records of the companies the employee is assigned to/),
    ).toBeInTheDocument();
    await user.click(within(drawer).getByLabelText(/Assigned companies only/));

    // An action deep in the tree ticks the menus above it.
    await user.click(treeNode('Add employees').querySelector('.ant-tree-checkbox')!);
    expect(ticked()).toEqual(['Office', 'Address book', 'Add employees']);
    // A menu ticks everything under it; unticking an action leaves the menu ticked.
    await user.click(treeNode('Vehicles').querySelector('.ant-tree-checkbox')!);
    await user.click(treeNode('Add cars').querySelector('.ant-tree-checkbox')!);
    expect(ticked()).toEqual(['Vehicles', 'View cars', 'Office', 'Address book', 'Add employees']);

    await user.click(button(drawer, 'Save'));
    await waitFor(() => expect(server.calls('POST', `${API}/add`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/add`)[0]!.body).toEqual({
      name: 'Clerk',
      description: null,
      dataScope: 'assigned',
      grants: ['rentCar', 'rentCar:view', 'oa', 'oaDepart', 'oaDepart:add'],
    });
    expect(await screen.findByText('Role Clerk created')).toBeInTheDocument();
  });

  it("edits a role: its grants are ticked, the server's field errors show on the fields", async () => {
    const server = rolesServer({
      [`PUT ${API}/update/2`]: () => fieldFailure([{ path: 'name', message: 'A role with this name exists' }]),
    });
    await openRoles();
    const user = userEvent.setup();
    await user.click(button(screen.getByText('Dispatcher').closest('tr')!, 'Edit'));
    const drawer = (await screen.findByText('Permissions', {}, SLOW)).closest('.ant-drawer')! as HTMLElement;
    await waitFor(() => expect(ticked()).toEqual(['Vehicles', 'View cars']));
    expect(within(drawer).getByLabelText('Role name')).toHaveValue('Dispatcher');
    expect(within(drawer).getByLabelText(/Assigned companies only/)).toBeChecked();
    await user.click(within(drawer).getByLabelText(/All companies/));
    await user.click(button(drawer, 'Save'));
    expect(await within(drawer).findByText('A role with this name exists')).toBeInTheDocument();
    expect(server.calls('PUT', `${API}/update/2`)[0]!.body).toMatchObject({
      name: 'Dispatcher',
      description: 'Hands out cars',
      dataScope: 'all',
      grants: ['rentCar', 'rentCar:view'],
    });
  });

  it('offers only the modules with a screen in the route table; the role keeps its grants of the others', async () => {
    // The catalogue as the server gives it: a module without a screen (no route needs it: every module of today's
    // catalogue has one, so a made-up one); customers has one.
    const insurance = {
      code: 'insurance',
      kind: 'menu' as const,
      title: { 'en-US': 'Insurance', 'zh-CN': '保险' },
      children: [
        {
          code: 'insurance:view',
          kind: 'element' as const,
          title: { 'en-US': 'View insurance', 'zh-CN': '查看保险' },
          children: [],
        },
      ],
    };
    const customers = {
      ...insurance,
      code: 'crm',
      title: { 'en-US': 'Customers', 'zh-CN': '客户管理' },
      children: [],
    };
    const server = rolesServer({
      [`GET ${API}/permissionTree`]: () => ok([...TREE, insurance, customers]),
      [`GET ${API}/2`]: () => ok(role(2, ['rentCar', 'rentCar:view', 'insurance', 'insurance:view'])),
      [`PUT ${API}/update/2`]: (req) => ok({ ...role(2, []), ...(req.body as object) }),
    });
    await openRoles();
    const user = userEvent.setup();
    await user.click(button(screen.getByText('Dispatcher').closest('tr')!, 'Edit'));
    const drawer = (await screen.findByText('Permissions', {}, SLOW)).closest('.ant-drawer')! as HTMLElement;
    await waitFor(() => expect(ticked()).toEqual(['Vehicles', 'View cars']));
    const titles = [...drawer.querySelectorAll('.ant-tree-title')].map((n) => n.textContent);
    expect(titles).toContain('Address book');
    expect(titles).not.toContain('Insurance');
    expect(titles).not.toContain('View insurance');
    expect(titles).toContain('Customers');
    // Ticking a shown module; the insurance grants the role had are sent back untouched.
    fireEvent.click(treeNode('Address book').querySelector('.ant-tree-checkbox')!);
    await user.click(button(drawer, 'Save'));
    await waitFor(() => expect(server.calls('PUT', `${API}/update/2`)).toHaveLength(1));
    expect(server.calls('PUT', `${API}/update/2`)[0]!.body).toMatchObject({
      grants: [
        'rentCar',
        'rentCar:view',
        'oa',
        'oaDepart',
        'oaDepart:view',
        'oaDepart:add',
        'insurance',
        'insurance:view',
      ],
    });
  });

  it('shows the built-in all-permissions role with everything ticked, read-only', async () => {
    rolesServer();
    await openRoles();
    const user = userEvent.setup();
    await user.click(button(screen.getByText('Administrator').closest('tr')!, 'View'));
    const drawer = (await screen.findByText('Permissions', {}, SLOW)).closest('.ant-drawer')! as HTMLElement;
    await waitFor(() => expect(ticked()).toHaveLength(11));
    expect(within(drawer).getByText(/holds every permission of your plan/)).toBeInTheDocument();
    expect(drawer.querySelectorAll('.ant-tree-treenode-disabled')).toHaveLength(11);
    expect(within(drawer).getByLabelText('Role name')).toBeDisabled();
    expect(within(drawer).queryByText('Save', { selector: 'button span' })).toBeNull();
  });

  it('keeps the scope and permissions of a role the user holds himself read-only', async () => {
    const server = rolesServer({
      // The signed-in user holds the dispatcher role.
      'GET /api/admin/client/user/front/info': () =>
        ok({
          id: 1,
          name: 'Zhang Wei',
          username: 'admin',
          type: ['role-2'],
          menus: allMenus(),
          elements: ADMIN.elements.map((code) => ({ code })),
          tenantId: 3,
          tenantName: 'Demo Rentals',
          rentId: 7,
        }),
      [`PUT ${API}/update/2`]: (req) => ok({ ...role(2, ['rentCar', 'rentCar:view']), ...(req.body as object) }),
    });
    await openRoles();
    const user = userEvent.setup();
    await user.click(button(screen.getByText('Dispatcher').closest('tr')!, 'Edit'));
    const drawer = (await screen.findByText('Permissions', {}, SLOW)).closest('.ant-drawer')! as HTMLElement;
    await waitFor(() => expect(ticked()).toEqual(['Vehicles', 'View cars']));
    expect(within(drawer).getByText(/one of your own roles/)).toBeInTheDocument();
    expect(within(drawer).getByLabelText(/All companies/)).toBeDisabled();
    expect(drawer.querySelectorAll('.ant-tree-treenode-disabled').length).toBeGreaterThan(0);
    expect(within(drawer).getByLabelText('Role name')).not.toBeDisabled();
    await user.click(button(drawer, 'Save'));
    await waitFor(() => expect(server.calls('PUT', `${API}/update/2`)).toHaveLength(1));
    expect(server.calls('PUT', `${API}/update/2`)[0]!.body).toMatchObject({
      dataScope: 'assigned',
      grants: ['rentCar', 'rentCar:view'],
    });
  });

  it('copies a role under the name asked for', async () => {
    const server = rolesServer({
      [`POST ${API}/copy/2`]: (req) => ok({ ...role(5, []), name: (req.body as { name: string }).name }),
    });
    await openRoles();
    const user = userEvent.setup();
    await user.click(button(screen.getByText('Dispatcher').closest('tr')!, 'Copy'));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Name of the new role');
    expect(name).toHaveValue('Dispatcher (copy)');
    await user.clear(name);
    await user.type(name, 'Night dispatcher');
    await user.click(button(dialog, 'Copy'));
    await waitFor(() => expect(server.calls('POST', `${API}/copy/2`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/copy/2`)[0]!.body).toEqual({ name: 'Night dispatcher' });
    expect(await screen.findByText('Role Night dispatcher created as a copy')).toBeInTheDocument();
  });
});
