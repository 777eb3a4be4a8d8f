import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '@fleetdesk/contracts/validation';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn, type Account } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { API, employee, orgRoutes, paged, FIRST, SLOW } from './org-fixtures';

const ADD = `${API}/employee/add`;
const msg = (key: string) => VALIDATION_MESSAGES[key]!['en-US'];

beforeEach(async () => {
  await setLanguage('en-US');
});

const drawer = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-drawer-title' }, SLOW)).closest<HTMLElement>('.ant-drawer')!;

async function pick(scope: HTMLElement, label: string, option: string) {
  const user = userEvent.setup();
  await user.click(within(scope).getByRole('combobox', { name: label }));
  const open = await waitFor(() => {
    const lists = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
    const list = lists.find((l) => within(l).queryByText(option));
    if (!list) throw new Error(`no option ${option}`);
    return list;
  }, SLOW);
  await user.click(within(open).getByText(option));
}

const selected = (scope: HTMLElement, label: string) =>
  [
    ...within(scope)
      .getByRole('combobox', { name: label })
      .closest('.ant-select')!
      .querySelectorAll('.ant-select-content, .ant-select-selection-item-content'),
  ].map((e) => e.textContent);

const fill = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('the employee form', () => {
  it('checks with the contracts, keeps the default rent among the rents, shows server field errors, sends the payload and tells of the SMS', async () => {
    signedIn();
    let adds = 0;
    const server = sessionServer(
      ADMIN,
      orgRoutes({
        [`POST ${ADD}`]: (req) => {
          adds += 1;
          if (adds === 1) {
            return {
              status: 400,
              body: {
                status: 400,
                message: 'Invalid request',
                errors: [
                  { path: '', message: 'Invalid request' },
                  { path: 'username', message: 'This username is taken' },
                  { path: 'phone', message: 'This phone number belongs to another employee' },
                ],
              },
            };
          }
          const body = req.body as { name: string; phone: string };
          return ok({ ...employee({ id: 12, ...body }), invite: { sent: true, sandbox: true, validHours: 72 } });
        },
      }),
    );
    renderApp('/oa/depart/2');
    const user = userEvent.setup();
    expect(await screen.findByText('Li Na', {}, FIRST)).toBeInTheDocument();
    await user.click(screen.getByText('Add employee'));
    const form = await drawer('Add employee');

    // Empty: the contracts' rules speak on the fields, nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findAllByText('Required')).not.toHaveLength(0);
    expect(within(form).getByText(msg('v.mobile'))).toBeInTheDocument();
    expect(server.calls('POST', ADD)).toHaveLength(0);

    fill(form, 'Name', 'Zhao Lei');
    fill(form, 'Username', '9zhao');
    fill(form, 'Mobile phone', '1390000');
    fill(form, 'E-mail', 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(msg('v.username'))).toBeInTheDocument();
    expect(within(form).getByText(msg('v.mobile'))).toBeInTheDocument();
    expect(within(form).getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(server.calls('POST', ADD)).toHaveLength(0);

    fill(form, 'Username', 'zhaolei');
    fill(form, 'Mobile phone', '13900000012');
    fill(form, 'E-mail', '');
    // The department selected in the tree is the new employee's.
    expect(selected(form, 'Department').join()).toContain('Operations');

    // Rents: a disabled rent is not offered; the first chosen becomes the default, the default follows the rents.
    await pick(form, 'Companies', 'Demo Rentals Shanghai');
    await pick(form, 'Companies', 'Demo Rentals Hangzhou');
    expect(selected(form, 'Default company').join()).toContain('Demo Rentals Shanghai');
    await user.click(within(form).getByRole('combobox', { name: 'Companies' }));
    const suzhou = await screen.findByText('Demo Rentals Suzhou', { selector: '.ant-select-item-option-content' });
    expect(suzhou.closest('.ant-select-item-option')).toHaveClass('ant-select-item-option-disabled');
    await user.click(screen.getByText('Demo Rentals Shanghai', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(selected(form, 'Default company').join()).toContain('Demo Rentals Hangzhou'));
    expect(selected(form, 'Default company').join()).not.toContain('Shanghai');

    // Roles are required (from the role list).
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('At least 1')).toBeInTheDocument();
    await pick(form, 'Roles', 'Dispatcher');
    await pick(form, 'Labels', 'Night');

    // The server refuses two fields: the messages land on them.
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This username is taken', {}, SLOW)).toBeInTheDocument();
    expect(within(form).getByText('This phone number belongs to another employee')).toBeInTheDocument();

    fill(form, 'Username', 'zhaolei2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('POST', ADD)).toHaveLength(2));
    expect(server.calls('POST', ADD)[1]!.body).toEqual({
      name: 'Zhao Lei',
      username: 'zhaolei2',
      phone: '13900000012',
      email: null,
      title: null,
      departmentId: 2,
      rentIds: [7],
      defaultRentId: 7,
      roleIds: [21],
      labelIds: [31],
    });
    expect((await screen.findAllByText('Zhao Lei added', {}, SLOW))[0]).toBeInTheDocument();
    expect(
      screen.getAllByText('An SMS invitation with the first sign-in code was sent to 13900000012.')[0],
    ).toBeInTheDocument();
    expect((await screen.findAllByText(/The code is in the SMS outbox/, {}, SLOW))[0]).toBeInTheDocument();
    expect(screen.getAllByTestId('sandbox-outbox-link')[0]!.getAttribute('href')).toMatch(
      /^\/oa\/message\?tab=outbox&phone=1/,
    );
  }, 180_000);

  it('edits an employee, and without the role list shows the roles read-only and sends them back', async () => {
    signedIn();
    const EDITOR: Account = { menus: ['oa', 'oaDepart'], elements: ['oaDepart:view', 'oaDepart:edit'] };
    const server = sessionServer(
      EDITOR,
      orgRoutes({
        [`GET ${API}/employee/list`]: () => paged([employee({ rentIds: [7, 8], defaultRentId: 8 })]),
        [`PUT ${API}/employee/update/:id`]: (req) => ok(employee(req.body as object)),
      }),
    );
    renderApp('/oa/depart');
    const user = userEvent.setup();
    expect(await screen.findByText('Li Na', {}, FIRST)).toBeInTheDocument();
    await user.click(screen.getByText('Edit'));
    const form = await drawer('Edit Li Na');
    expect(within(form).getByText('You may not read the roles: they are kept as they are.')).toBeInTheDocument();
    expect(within(form).getByText('Dispatcher', { selector: '.ant-tag' })).toBeInTheDocument();
    fill(form, 'Job title', 'Senior dispatcher');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', `${API}/employee/update/11`)).toHaveLength(1));
    expect(server.calls('PUT', `${API}/employee/update/11`)[0]!.body).toMatchObject({
      title: 'Senior dispatcher',
      rentIds: [7, 8],
      defaultRentId: 8,
      roleIds: [21],
      labelIds: [31],
    });
    expect(server.calls('GET', `${API}/role/list`)).toHaveLength(0);
  }, 90_000);

  it("asks for the new phone's code when the phone of an account in use changes, and sends it with the save", async () => {
    signedIn();
    const EDITOR: Account = { menus: ['oa', 'oaDepart'], elements: ['oaDepart:view', 'oaDepart:edit'] };
    const server = sessionServer(
      EDITOR,
      orgRoutes({
        // The fixture has signed in (lastLoginAt).
        [`GET ${API}/employee/list`]: () => paged([employee()]),
        [`POST ${API}/employee/phoneCode/:id`]: () => ok({ sandbox: true }),
        [`PUT ${API}/employee/update/:id`]: (req) => ok(employee(req.body as object)),
      }),
    );
    renderApp('/oa/depart');
    const user = userEvent.setup();
    expect(await screen.findByText('Li Na', {}, FIRST)).toBeInTheDocument();
    await user.click(screen.getByText('Edit'));
    const form = await drawer('Edit Li Na');
    // The same phone: no code.
    expect(within(form).queryByLabelText('Code sent to the new phone')).not.toBeInTheDocument();
    fill(form, 'Mobile phone', '13900000099');
    expect(await within(form).findByLabelText('Code sent to the new phone')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Send code to the new phone' }));
    await waitFor(() => expect(server.calls('POST', `${API}/employee/phoneCode/11`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/employee/phoneCode/11`)[0]!.body).toEqual({ phone: '13900000099' });
    expect(await screen.findByText(/A code was sent to 13900000099/, {}, SLOW)).toBeInTheDocument();
    fill(form, 'Code sent to the new phone', '123456');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', `${API}/employee/update/11`)).toHaveLength(1));
    expect(server.calls('PUT', `${API}/employee/update/11`)[0]!.body).toMatchObject({
      phone: '13900000099',
      phoneCode: '123456',
    });
  }, 90_000);
});
