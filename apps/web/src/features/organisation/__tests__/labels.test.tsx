import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Label } from '@fleetdesk/contracts/organisation';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn, type Account } from '../../../test/fixtures';
import { searchFor } from '../../../test/filter-form';
import { renderApp } from '../../../test/render-app';
import { API, label, orgRoutes, FIRST, SLOW } from './org-fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

const confirmBox = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-confirm-title' }, SLOW)).closest<HTMLElement>('.ant-modal')!;

describe('labels', () => {
  it('lists by kind, adds one, and deletes a used one with force after saying how many records lose it', async () => {
    signedIn();
    let labels: Label[] = [
      label({ id: 41, kind: 'car', name: 'New energy', color: 'green', used: 12 }),
      label({ id: 42, kind: 'car', name: 'Spare', color: 'grey', used: 0 }),
    ];
    const server = sessionServer(
      ADMIN,
      orgRoutes({
        [`GET ${API}/label/list`]: (req) => ok(labels.filter((l) => l.kind === req.query.get('kind'))),
        [`POST ${API}/label/add`]: (req) => {
          const created = label({ id: 43, used: 0, ...(req.body as Partial<Label>) });
          labels = [...labels, created];
          return ok(created);
        },
        [`DELETE ${API}/label/delete/:id`]: (req) => {
          const id = Number(req.path.split('/').at(-1));
          labels = labels.filter((l) => l.id !== id);
          return ok(true);
        },
      }),
    );
    renderApp('/oa/labelManagement');
    const user = userEvent.setup();
    expect(await screen.findByRole('tab', { name: 'Employees' }, FIRST)).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Cars' }));
    const used = (await screen.findByText('New energy', { selector: '.ant-tag' }, SLOW)).closest('tr')!;
    expect(within(used).getByText('12')).toBeInTheDocument();
    expect(server.calls('GET', `${API}/label/list`).at(-1)!.query.get('kind')).toBe('car');

    // Add a car label with a colour.
    await user.click(screen.getByRole('button', { name: /Add label/ }));
    const box = (
      await screen.findByText('Add a label for Cars', { selector: '.ant-modal-title' })
    ).closest<HTMLElement>('.ant-modal')!;
    fireEvent.change(within(box).getByLabelText('Label'), { target: { value: 'Airport' } });
    await user.click(within(box).getByTitle('Orange'));
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('POST', `${API}/label/add`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/label/add`)[0]!.body).toEqual({
      kind: 'car',
      name: 'Airport',
      color: 'orange',
    });

    // An unused label is deleted plainly.
    await user.click(await screen.findByLabelText('Delete Spare'));
    let confirm = await confirmBox('Delete the label Spare?');
    expect(within(confirm).getByText('No record carries it.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.calls('DELETE', `${API}/label/delete/42`)).toHaveLength(1));
    expect(server.calls('DELETE', `${API}/label/delete/42`)[0]!.query.get('force')).toBe('false');

    // A used one: the confirmation names the count and the call forces.
    await user.click(screen.getByLabelText('Delete New energy'));
    confirm = await confirmBox('Delete the label New energy?');
    expect(
      within(confirm).getByText('New energy is on 12 records: it will be removed from all of them.'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Remove and delete' }));
    await waitFor(() => expect(server.calls('DELETE', `${API}/label/delete/41`)).toHaveLength(1));
    expect(server.calls('DELETE', `${API}/label/delete/41`)[0]!.query.get('force')).toBe('true');
    await waitFor(() => expect(screen.queryByText('New energy', { selector: '.ant-tag' })).not.toBeInTheDocument());
  }, 120_000);

  it('filters a kind by keyword in the filter form, and a tab switch starts that kind afresh', async () => {
    signedIn();
    const labels: Label[] = [
      label({ id: 41, kind: 'car', name: 'New energy', color: 'green', used: 12 }),
      label({ id: 42, kind: 'car', name: 'Spare', color: 'grey', used: 0 }),
      label({ id: 44, kind: 'car', name: 'Airport', color: 'orange', used: 3 }),
      label({ id: 31, kind: 'employee', name: 'Night' }),
    ];
    sessionServer(
      ADMIN,
      orgRoutes({ [`GET ${API}/label/list`]: (req) => ok(labels.filter((l) => l.kind === req.query.get('kind'))) }),
    );
    renderApp('/oa/labelManagement?kind=car');
    const user = userEvent.setup();
    expect(await screen.findByText('Airport', { selector: '.ant-tag' }, FIRST)).toBeInTheDocument();
    expect(screen.getByText('3 records')).toBeInTheDocument();

    await searchFor(user, document.body, 'Keyword', 'ENERGY');
    await waitFor(() => expect(screen.queryByText('Airport', { selector: '.ant-tag' })).not.toBeInTheDocument());
    expect(screen.getByText('New energy', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/oa/labelManagement?kind=car&keyword=ENERGY');

    await searchFor(user, document.body, 'Keyword', 'Night');
    expect(await screen.findByText('No labels of this kind yet')).toBeInTheDocument();

    // Another kind is another list: its tab drops the keyword.
    await user.click(screen.getByRole('tab', { name: 'Employees' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/oa\/labelManagement\?kind=employee$/),
    );
    expect(await screen.findByText('Night', { selector: '.ant-tag' }, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('Keyword')).toHaveValue('');
  }, 90_000);

  it('says so when a kind has no label', async () => {
    signedIn();
    sessionServer(ADMIN, orgRoutes({ [`GET ${API}/label/list`]: () => ok([]) }));
    renderApp('/oa/labelManagement?kind=contract');
    expect(await screen.findByText('No labels of this kind yet', {}, FIRST)).toBeInTheDocument();
  }, 90_000);

  it('shows a user who may only look no write button', async () => {
    signedIn();
    const READER: Account = { menus: ['oa', 'oaLabel'], elements: ['oaLabel:view'] };
    sessionServer(READER, orgRoutes());
    renderApp('/oa/labelManagement');
    expect(await screen.findByText('Night', { selector: '.ant-tag' }, FIRST)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add label/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Delete Night')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  }, 90_000);
});
