import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TeamStatementDetail } from '@fleetdesk/contracts/team-performance';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { currentMonth, shiftMonth } from '../model/performance';
import { COMM, commissionRoutes, FIRST, LINES, noRule, SLOW, statement, VIEWER } from './fixtures';

const where = () => screen.getByTestId('location').textContent ?? '';
const dialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' }, SLOW)).closest<HTMLElement>('.ant-modal')!;
const drawer = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-drawer-title' }, SLOW)).closest<HTMLElement>('.ant-drawer')!;
const lineOf = (box: HTMLElement, name: string) => within(box).getByText(name).closest('tr')!;

const RULE_TEXT =
  "8% of the flow above ¥6,000.00; a ¥200.00 bonus when the month's rent is paid on time; ¥100.00 off per " +
  "violation; ¥500.00 off per accident; the leader gets 1.5% of the drivers' flow (posted to cost centre " +
  'Hangzhou fleets)';

beforeEach(async () => {
  await setLanguage('en-US');
  signedIn();
});

describe('fleet commission and statements', () => {
  it('says the rule in words and lists the node’s statements, which open in the drawer', async () => {
    const server = sessionServer(
      ADMIN,
      commissionRoutes({
        statements: [
          statement({ id: 8, month: '2026-11' }),
          statement({ id: 7, month: '2026-10', state: 'approved', approvalId: 99, net: -120.5 }),
        ],
      }),
    );
    renderApp('/teams?team=1&tab=statements');
    const text = await screen.findByTestId('rule-text', {}, FIRST);
    await waitFor(() => expect(text).toHaveTextContent(RULE_TEXT), SLOW);
    expect(screen.getByRole('tab', { name: 'Statements' })).toHaveAttribute('aria-selected', 'true');
    expect(within(text.closest<HTMLElement>('.fd-rule-card')!).getByText('In use')).toBeInTheDocument();

    const list = screen.getByTestId('list-team-statements');
    const november = (await within(list).findByRole('button', { name: 'Open the statement of 2026-11' }, SLOW)).closest(
      'tr',
    )!;
    for (const cell of ['Draft', '3', '¥21,345.60', '¥1,107.65', '¥700.00', '¥407.65', '¥320.18', '2026-12-02 03:10'])
      expect(within(november).getByText(cell)).toBeInTheDocument();
    expect(within(november).getByText('¥407.65')).toHaveClass('fd-stmt-plus');
    const october = within(list).getByRole('button', { name: 'Open the statement of 2026-10' }).closest('tr')!;
    expect(within(october).getByText('Approved')).toBeInTheDocument();
    expect(within(october).getByText('-¥120.50')).toHaveClass('fd-stmt-minus');
    expect(server.calls('GET', COMM.statements).at(-1)!.query.toString()).toBe('teamId=1&pageNum=1&pageSize=20');

    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Open the statement of 2026-11' }));
    await waitFor(() => expect(where()).toBe('/teams?team=1&tab=statements&statement=8'));
    const box = await drawer('North fleet statement, 2026-11');
    expect(await within(box).findByText('Wang Jianguo', {}, SLOW)).toBeInTheDocument();
    expect(within(box).getByText(RULE_TEXT)).toBeInTheDocument();
    // The centre's name comes with the rule: no cost centres' list is read to say it.
    expect(server.calls('GET', '/api/ccwadmin/oa/costCenter/list')).toHaveLength(0);
    // Before the approval nothing went anywhere; a net of zero never goes.
    expect(within(lineOf(box, 'Wang Jianguo')).getByText('Applied once approved')).toBeInTheDocument();
    expect(within(lineOf(box, 'Chen Hao')).getByText('Nothing to apply')).toBeInTheDocument();
    expect(within(lineOf(box, 'Zhao Lei')).getByText('3/4')).toBeInTheDocument();

    // Another node has no rule yet.
    await user.click(within(box).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(where()).toBe('/teams?team=1&tab=statements'));
    await user.click(within(screen.getByTestId('team-node-2')).getByText('Airport team'));
    expect(await screen.findByText('No commission rule set', {}, SLOW)).toBeInTheDocument();
    expect(
      screen.getByText("Without a rule of its own, this team's drivers are settled in their fleet's statement."),
    ).toBeInTheDocument();
    expect(await screen.findByText('No statements yet', {}, SLOW)).toBeInTheDocument();
  }, 60_000);

  it('checks the rule, sends the exact body and shows the server’s refusal on its field', async () => {
    const server = sessionServer(
      ADMIN,
      commissionRoutes(
        { rule: noRule(1, 'North fleet') },
        {
          [`PUT ${COMM.ruleSave}`]: () => ({
            status: 400,
            body: {
              status: 400,
              message: 'Invalid request',
              errors: [{ path: 'costCentreId', message: 'This cost centre is disabled' }],
            },
          }),
        },
      ),
    );
    renderApp('/teams?team=1&tab=statements');
    expect(await screen.findByText('No commission rule set', {}, FIRST)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Edit rule/ }));
    const box = await dialog('Commission rule of North fleet');
    // A rule set for the first time is meant to be used.
    expect(within(box).getByRole('switch', { name: 'Use this rule' })).toBeChecked();

    const fill = (label: string, value: string) =>
      fireEvent.change(within(box).getByLabelText(label), { target: { value } });
    fill('Flow target (¥)', '6000');
    fill('Share above the target (%)', '8.25');
    fill('On-time rent bonus (¥)', '200');
    fill('Penalty per violation (¥)', '100');
    fill('Penalty per accident (¥)', '500');
    fill("Leader's commission (%)", '25');
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    const item = (label: string) => within(box).getByLabelText(label).closest('.ant-form-item')!;
    await waitFor(() => expect(item('Share above the target (%)')).toHaveTextContent('At most one decimal'));
    expect(item("Leader's commission (%)")).toHaveTextContent('At most 20');
    expect(server.calls('PUT', COMM.ruleSave)).toHaveLength(0);

    fill('Share above the target (%)', '8');
    fill("Leader's commission (%)", '1.5');
    await user.click(within(box).getByLabelText("Cost centre of the leader's commission"));
    await user.click(
      await screen.findByText('Demo Rentals / Hangzhou fleets', { selector: '.ant-select-item-option-content' }),
    );
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', COMM.ruleSave)).toHaveLength(1));
    expect(server.calls('PUT', COMM.ruleSave)[0]!.body).toEqual({
      teamId: 1,
      enabled: true,
      flowTarget: 6000,
      flowSharePct: 8,
      onTimeBonus: 200,
      violationPenalty: 100,
      accidentPenalty: 500,
      leaderPct: 1.5,
      costCentreId: 5,
    });
    await waitFor(
      () => expect(item("Cost centre of the leader's commission")).toHaveTextContent('This cost centre is disabled'),
      SLOW,
    );
    expect(within(box).getByLabelText('Flow target (¥)')).toHaveValue('6000');
  }, 60_000);

  it('computes last month, says the server’s refusal, then opens the statement computed', async () => {
    const lastMonth = shiftMonth(currentMonth(), -1);
    const statements: TeamStatementDetail[] = [];
    let refused = false;
    const server = sessionServer(
      ADMIN,
      commissionRoutes(
        { statements },
        {
          [`POST ${COMM.compute}`]: () => {
            if (!refused) {
              refused = true;
              return {
                status: 409,
                body: { status: 409, message: 'This fleet has no enabled commission rule: set one first' },
              };
            }
            statements.push(statement({ id: 12, month: lastMonth }));
            return ok(statements[0]);
          },
        },
      ),
    );
    renderApp('/teams?team=1&tab=statements');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Compute a month/ }, FIRST));
    const box = await dialog('Compute a month · North fleet');
    expect(within(box).getByLabelText('Month')).toHaveValue(lastMonth);

    await user.click(within(box).getByRole('button', { name: 'Compute' }));
    expect(
      await within(box).findByText('This fleet has no enabled commission rule: set one first', {}, SLOW),
    ).toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'Compute' }));
    await waitFor(() => expect(server.calls('POST', COMM.compute)).toHaveLength(2));
    expect(server.calls('POST', COMM.compute)[1]!.body).toEqual({ teamId: 1, month: lastMonth });

    await waitFor(() => expect(where()).toBe('/teams?team=1&tab=statements&statement=12'));
    const opened = await drawer(`North fleet statement, ${lastMonth}`);
    expect(within(opened).getByText('Draft', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(opened).getByTestId('statement-figures')).toHaveTextContent('¥407.65');
  }, 60_000);

  it('sends a draft for approval after a confirmation and links the approval request', async () => {
    const statements = [statement({ id: 8, month: '2026-11' })];
    let refused = false;
    const server = sessionServer(
      ADMIN,
      commissionRoutes(
        { statements },
        {
          [`POST ${COMM.submit}`]: () => {
            if (!refused) {
              refused = true;
              return { status: 409, body: { status: 409, message: 'No approval flow is set for this type' } };
            }
            statements[0] = { ...statements[0]!, state: 'pending', approvalId: 99 };
            const { rule: _, lines: __, ...row } = statements[0];
            return ok(row);
          },
        },
      ),
    );
    renderApp('/teams?team=1&tab=statements&statement=8');
    const box = await drawer('North fleet statement, 2026-11');
    const user = userEvent.setup();
    await user.click(await within(box).findByRole('button', { name: 'Send for approval' }, SLOW));
    // (The tests' ids are all the same, so a dialog is found by its title rather than its accessible name.)
    const confirm = await dialog('Send for approval: North fleet statement, 2026-11');
    expect(confirm).toHaveTextContent("3 drivers, net ¥407.65, leader's commission ¥320.18.");
    expect(server.calls('POST', /submit/)).toHaveLength(0);
    // The company has no approval flow for statements yet: said in the dialog, which stays.
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));
    expect(await within(confirm).findByText('No approval flow is set for this type', {}, SLOW)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.calls('POST', '/api/ccwadmin/teamStatement/submit/8')).toHaveLength(2));

    expect(await within(box).findByText('Awaiting approval', { selector: '.ant-tag' }, SLOW)).toBeInTheDocument();
    expect(within(box).getByRole('link', { name: 'View the approval' })).toHaveAttribute('href', '/oaApproval?id=99');
    expect(within(box).queryByRole('button', { name: /Send for approval/ })).toBeNull();
    expect(within(box).queryByRole('button', { name: /Compute again/ })).toBeNull();
  }, 60_000);

  it('shows where an approved statement’s nets went', async () => {
    const lines = [
      { ...LINES[0]!, contractId: 41, contractNo: 'HT202611001', billLineId: 501 },
      LINES[1]!,
      { ...LINES[2]!, contractNo: null, billLineId: null },
    ];
    sessionServer(
      ADMIN,
      commissionRoutes({
        statements: [
          statement({
            id: 7,
            month: '2026-10',
            state: 'approved',
            approvalId: 99,
            decidedAt: '2026-11-03T06:00:00Z',
            lines,
          }),
        ],
      }),
    );
    renderApp('/teams?team=1&tab=statements&statement=7');
    const box = await drawer('North fleet statement, 2026-10');
    expect(await within(box).findByText('Wang Jianguo', {}, SLOW)).toBeInTheDocument();
    const wang = lineOf(box, 'Wang Jianguo');
    // The contract the net went to opens from the line.
    const applied = within(wang).getByRole('link', { name: 'On contract HT202611001' });
    expect(applied).toHaveAttribute('href', '/rentContract/detail/41');
    expect(applied).toHaveClass('fd-stmt-applied');
    expect(within(wang).getByText('¥707.65')).toHaveClass('fd-stmt-plus');
    const zhao = lineOf(box, 'Zhao Lei');
    expect(within(zhao).getByText('No live contract: not applied')).toBeInTheDocument();
    expect(within(zhao).getByText('-¥600.00')).toHaveClass('fd-stmt-minus');
    expect(within(lineOf(box, 'Chen Hao')).getByText('Nothing to apply')).toBeInTheDocument();
    expect(within(box).getByTestId('statement-figures')).toHaveTextContent('2026-11-03 14:00');
    expect(within(box).getByRole('link', { name: 'View the approval' })).toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: /Compute again/ })).toBeNull();
  }, 60_000);

  it('offers a viewer no way to change the rule, compute or send', async () => {
    sessionServer(VIEWER, commissionRoutes({ statements: [statement({ id: 8, month: '2026-11' })] }));
    renderApp('/teams?team=1&tab=statements&statement=8');
    const box = await drawer('North fleet statement, 2026-11');
    expect(await within(box).findByText('Wang Jianguo', {}, SLOW)).toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: /Send for approval/ })).toBeNull();
    expect(within(box).queryByRole('button', { name: /Compute again/ })).toBeNull();
    // Without the cost centres' list the rule still names its centre: the server gives the name.
    expect(within(box).getByText(RULE_TEXT)).toBeInTheDocument();
    expect(await screen.findByTestId('rule-text', {}, SLOW)).toHaveTextContent(RULE_TEXT);
    expect(screen.queryByRole('button', { name: /Edit rule/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Compute a month/ })).toBeNull();
  }, 60_000);

  it('speaks Chinese', async () => {
    await setLanguage('zh-CN');
    sessionServer(ADMIN, commissionRoutes({ statements: [statement({ id: 8, month: '2026-11' })] }));
    renderApp('/teams?team=1&tab=statements');
    const text = await screen.findByTestId('rule-text', {}, FIRST);
    await waitFor(
      () =>
        expect(text).toHaveTextContent(
          '流水超过 ¥6,000.00 的部分提成 8%，当月按时交租奖励 ¥200.00，每次违章扣 ¥100.00，每次事故扣 ¥500.00，' +
            '队长提成 1.5%（记入成本中心 Hangzhou fleets）',
        ),
      SLOW,
    );
    expect(screen.getByRole('tab', { name: '结算' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: '编辑规则' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '计算月结' })).toBeInTheDocument();
    expect(await screen.findByText('待提交', { selector: '.ant-tag' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '队长提成' })).toBeInTheDocument();
  }, 60_000);
});
