import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { detail, driverRow, FIRST, P, paged, SLOW, teamRoutes, VIEWER } from './fixtures';

const where = () => screen.getByTestId('location').textContent ?? '';
const tree = () => screen.getByRole('complementary', { name: "The companies' fleets and teams" });
const treeNode = (id: number) => screen.getByTestId(`team-node-${id}`);
const dialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' }, SLOW)).closest<HTMLElement>('.ant-modal')!;
/** The open options of an antd select (its popup is outside the dialog). */
const option = async (text: RegExp | string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) =>
      typeof text === 'string' ? o.textContent === text : text.test(o.textContent ?? ''),
    );
    expect(found).toBeDefined();
    return found!;
  }, SLOW);

beforeEach(async () => {
  await setLanguage('en-US');
  signedIn();
});

describe('fleet operations', () => {
  it('shows companies, fleets and teams with leaders and counts, and the chosen fleet with its drivers', async () => {
    const server = sessionServer(ADMIN, teamRoutes());
    renderApp('/teams');
    expect(await screen.findByText('North fleet', {}, FIRST)).toBeInTheDocument();
    // A fleet counts its teams' drivers and cars: 2 + 3 + 0 drivers, 1 + 2 cars.
    expect(within(treeNode(1)).getByLabelText('5 drivers')).toHaveTextContent('5');
    expect(within(treeNode(1)).getByLabelText('3 cars')).toBeInTheDocument();
    expect(within(treeNode(1)).getByText('Leader: Li Na')).toBeInTheDocument();
    expect(within(treeNode(2)).getByLabelText('3 drivers')).toBeInTheDocument();
    expect(within(treeNode(3)).getByText('Disabled')).toBeInTheDocument();
    expect(within(tree()).getByText('Demo Rentals Shanghai')).toBeInTheDocument();
    expect(within(tree()).getAllByText('1 fleet')).toHaveLength(2);
    // Two companies: the company filter is there.
    expect(within(tree()).getByLabelText('Company')).toBeInTheDocument();
    expect(
      screen.getByText('Choose a fleet or team in the tree to see its drivers, cars, history and performance.'),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(treeNode(1)).getByText('North fleet'));
    await waitFor(() => expect(where()).toBe('/teams?team=1'));
    const card = (await screen.findByText('Li Na', { selector: '.fd-team-summary span' }, SLOW)).closest<HTMLElement>(
      '.fd-team-detail',
    )!;
    expect(within(card).getByText('13800000011')).toBeInTheDocument();
    expect(within(card).getByText('(2 directly in the fleet)')).toBeInTheDocument();
    expect(within(card).getByRole('tab', { name: 'Drivers (5)' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(card).findByText('Zhao Lei', {}, SLOW)).toBeInTheDocument();
    expect(within(card).getByText('Leader', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(server.calls('GET', P.members).at(-1)!.query.toString()).toBe(
      'teamId=1&withSubteams=true&pageNum=1&pageSize=20',
    );

    // Without its teams; then the history.
    await user.click(within(card).getByRole('switch', { name: 'Include its teams' }));
    await waitFor(() => expect(server.calls('GET', P.members).at(-1)!.query.get('withSubteams')).toBe('false'));
    await user.click(within(card).getByRole('tab', { name: 'History' }));
    expect(await within(card).findByText('Airport shifts', {}, SLOW)).toBeInTheDocument();
    expect(within(card).getByText('by Zhang Wei')).toBeInTheDocument();
    expect(within(card).getByText('Still in it')).toBeInTheDocument();
    expect(where()).toBe('/teams?team=1&tab=moves');
  }, 60_000);

  it('creates a team under the chosen fleet: checks the leader, sends the body, shows the server’s field error', async () => {
    const server = sessionServer(
      ADMIN,
      teamRoutes({
        'POST /api/ccwadmin/rentDriver/list': () =>
          paged([driverRow(31, 'Wang Jianguo', '13900000031'), driverRow(33, 'Chen Hao', '13900000033')]),
        [`POST ${P.create}`]: () => ({
          status: 400,
          body: {
            status: 400,
            message: 'There is a fleet or team named "Airport team" at this place already',
            errors: [{ path: 'name', message: 'There is a fleet or team named "Airport team" at this place already' }],
          },
        }),
      }),
    );
    renderApp('/teams?team=1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /New team/ }, FIRST));
    const box = await dialog('New team');
    // The company and the fleet come from the fleet chosen.
    await waitFor(() => expect(within(box).getByTitle('North fleet')).toBeInTheDocument(), SLOW);
    expect(within(box).getByTitle('Hangzhou')).toBeInTheDocument();
    fireEvent.change(within(box).getByLabelText('Name'), { target: { value: 'Airport team' } });

    // A driver leader not chosen yet: the contracts' rule, under the picker.
    await user.click(within(box).getByLabelText('A driver (fleet leader)'));
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    expect(await within(box).findByText('Choose the leader: an employee or a driver')).toBeInTheDocument();
    expect(server.calls('POST', P.create)).toHaveLength(0);

    await user.click(within(box).getByLabelText('Driver'));
    await user.click(await option(/Chen Hao/));
    await waitFor(() => expect(within(box).queryByText('Choose the leader: an employee or a driver')).toBeNull());
    expect(server.calls('POST', '/api/ccwadmin/rentDriver/list')[0]!.body).toMatchObject({
      rentId: 7,
      state: ['prospect', 'active'],
    });
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('POST', P.create)).toHaveLength(1));
    expect(server.calls('POST', P.create)[0]!.body).toEqual({
      rentId: 7,
      parentId: 1,
      name: 'Airport team',
      leaderKind: 'driver',
      leaderUserId: null,
      leaderDriverId: 33,
      enabled: true,
      sort: 0,
      remark: null,
    });
    // The server's refusal of the name stands under the name; the dialog stays open.
    expect(
      await within(box).findByText('There is a fleet or team named "Airport team" at this place already'),
    ).toBeInTheDocument();
    expect(within(box).getByLabelText('Name')).toHaveValue('Airport team');
  }, 60_000);

  it('adds drivers to a team and says how many moved and how many were already in it', async () => {
    const server = sessionServer(
      ADMIN,
      teamRoutes({
        'POST /api/ccwadmin/rentDriver/list': () =>
          paged([driverRow(31, 'Wang Jianguo', '13900000031'), driverRow(33, 'Chen Hao', '13900000033')]),
        [`POST ${P.membersAdd}`]: () => ok({ moved: 1, unchanged: 1 }),
      }),
    );
    renderApp('/teams?team=2');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Add drivers/ }, FIRST));
    // A team has no teams: no "include its teams" switch.
    expect(screen.queryByRole('switch', { name: 'Include its teams' })).toBeNull();
    const box = await dialog('Add drivers to Airport team');
    await user.click(within(box).getByRole('button', { name: 'Add' }));
    expect(await within(box).findByText('Please choose')).toBeInTheDocument();
    await user.click(within(box).getByLabelText('Drivers'));
    await user.click(await option(/Chen Hao/));
    await user.click(await option(/Wang Jianguo/));
    fireEvent.change(within(box).getByLabelText('Reason'), { target: { value: 'Night shifts' } });
    await user.click(within(box).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server.calls('POST', P.membersAdd)).toHaveLength(1));
    expect(server.calls('POST', P.membersAdd)[0]!.body).toEqual({
      teamId: 2,
      driverIds: [33, 31],
      reason: 'Night shifts',
    });
    expect(await screen.findByText('1 driver joined Airport team; 1 was already in it', {}, SLOW)).toBeInTheDocument();
    // The tree, the team and its list are asked again.
    await waitFor(() => expect(server.calls('GET', P.members).length).toBeGreaterThan(1));
  }, 60_000);

  it('shows no buttons to a user who may only look', async () => {
    sessionServer(VIEWER, teamRoutes());
    renderApp('/teams?team=1');
    expect(await screen.findByText('Zhao Lei', {}, FIRST)).toBeInTheDocument();
    for (const name of [/New fleet/, /New team/, /Edit/, /Delete/, /Add drivers/, /Remove/])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  }, 60_000);

  it('says when someone changed the fleet meanwhile, keeps what was typed, and reloads on request', async () => {
    let version = 1;
    const server = sessionServer(
      ADMIN,
      teamRoutes({
        [`GET ${P.get}`]: () => ok(detail(1, { version, name: version === 1 ? 'North fleet' : 'North fleet A' })),
        [`PUT ${P.update}`]: () => {
          version = 2;
          return {
            status: 409,
            body: {
              status: 30101,
              message: 'Someone changed this fleet meanwhile: reload it and try again',
            },
          };
        },
      }),
    );
    renderApp('/teams?team=1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Edit/ }, FIRST));
    const box = await dialog('Edit North fleet');
    expect(within(box).getByLabelText('Name')).toHaveValue('North fleet');
    fireEvent.change(within(box).getByLabelText('Remark'), { target: { value: 'Day shifts' } });
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    expect(
      await within(box).findByText('Someone changed this fleet meanwhile: reload it and try again', {}, SLOW),
    ).toBeInTheDocument();
    expect(server.calls('PUT', P.update)[0]!.body).toMatchObject({ id: 1, version: 1, remark: 'Day shifts' });
    // What was typed stays until the user asks for the stored fleet.
    await within(box).findByRole('button', { name: 'Reload' }, SLOW);
    expect(within(box).getByLabelText('Remark')).toHaveValue('Day shifts');
    await user.click(within(box).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(box).getByLabelText('Name')).toHaveValue('North fleet A'), SLOW);
    expect(within(box).getByLabelText('Remark')).toHaveValue('');
    expect(within(box).queryByText('Someone changed this fleet meanwhile: reload it and try again')).toBeNull();
  }, 60_000);

  it('offers the first fleet when there is none (Chinese)', async () => {
    await setLanguage('zh-CN');
    sessionServer(ADMIN, teamRoutes({ [`GET ${P.tree}`]: () => ok([]) }));
    renderApp('/teams');
    expect(await screen.findByText('先新建车队，再在车队下建小组，并加入司机和车辆。', {}, FIRST)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /新建车队/ }));
    const box = await dialog('新建车队');
    expect(within(box).getByText('暂无队长')).toBeInTheDocument();
  }, 60_000);
});
