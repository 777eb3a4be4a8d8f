import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LeadDetail, LeadState } from '@fleetdesk/contracts/crm';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn, type Account } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { API, FIRST, followUp, leadDetail, paged, SALES, SLOW, VIEWER } from './fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

function leadServer(account: Account, lead: () => LeadDetail, more = {}) {
  return sessionServer(account, {
    [`GET ${API}/crmLead/get/:id`]: () => ok(lead()),
    [`GET ${API}/crmFollowUp/list`]: () => paged([followUp]),
    [`GET ${API}/survey/answers`]: () => ok([]),
    [`GET ${API}/crmLead/owners`]: () => ok([{ id: 2, name: 'Wang Xiaoyan', openLeads: 5 }]),
    'GET /api/admin/client/labels': () => ok([]),
    ...more,
  });
}

const buttons = async () => {
  const group = await screen.findByRole('group', { name: 'Lead actions' }, SLOW);
  return within(group)
    .queryAllByRole('button')
    .map((b) => b.textContent);
};

describe('the lead page', () => {
  it.each<[LeadState, number | null, Account, string[]]>([
    [
      'following',
      1,
      ADMIN,
      ['Follow up', 'Release to the pool', 'Assign', 'Convert to a driver', 'Edit', 'Pause', 'Mark lost', 'Delete'],
    ],
    ['new', null, SALES, ['Follow up', 'Claim', 'Convert to a driver', 'Edit', 'Pause', 'Mark lost']],
    ['paused', 1, SALES, ['Follow up', 'Release to the pool', 'Convert to a driver', 'Edit', 'Resume', 'Mark lost']],
    ['lost', 1, ADMIN, ['Reopen', 'Delete']],
    ['won', 1, ADMIN, []],
    ['following', 1, VIEWER, []],
  ])(
    'in state %s (owner %s) offers what the user may do',
    async (state, ownerId, account, expected) => {
      signedIn();
      leadServer(account, () => leadDetail(state, { ownerId, ownerName: ownerId ? 'Zhang Wei' : null }));
      renderApp('/crm/lead/41');
      await screen.findByTestId('crm-lead', {}, FIRST);
      await waitFor(async () => expect(await buttons()).toEqual(expected));
      expect(screen.getByTestId('crm-timeline')).toHaveTextContent('Wants a BYD Qin');
      expect(screen.getByTestId('crm-owner-log')).toHaveTextContent('Created for Zhang Wei');
    },
    180_000,
  );

  it('says so when the lead does not exist', async () => {
    signedIn();
    sessionServer(ADMIN, {
      [`GET ${API}/crmLead/get/:id`]: () => ({ status: 404, body: { status: 404, message: 'Not found' } }),
      [`GET ${API}/crmFollowUp/list`]: () => paged([]),
    });
    renderApp('/crm/lead/999');
    expect(await screen.findByText('No such lead', {}, FIRST)).toBeInTheDocument();
  }, 180_000);

  it('the follow-up form checks what it sends, then sends it', async () => {
    signedIn();
    const server = leadServer(ADMIN, () => leadDetail('new'), {
      [`POST ${API}/crmFollowUp/create`]: () => ok(followUp),
    });
    renderApp('/crm/lead/41');
    const form = await screen.findByRole('form', { name: 'Add a follow-up' }, FIRST);
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Save the follow-up' }));
    expect(await within(form).findByText('Say what was said (1-500 characters)', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('POST', `${API}/crmFollowUp/create`)).toHaveLength(0);
    await user.click(within(form).getByText('WeChat'));
    await user.type(within(form).getByLabelText('What was said'), 'Asked about the deposit');
    fireEvent.change(within(form).getByLabelText('Next step'), { target: { value: 'Send the quote' } });
    await user.click(within(form).getByRole('button', { name: 'Save the follow-up' }));
    await waitFor(() => expect(server.calls('POST', `${API}/crmFollowUp/create`)).toHaveLength(1));
    const body = server.calls('POST', `${API}/crmFollowUp/create`)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      leadId: 41,
      way: 'wechat',
      content: 'Asked about the deposit',
      nextStep: 'Send the quote',
      nextAt: null,
    });
    expect(typeof body.at).toBe('string');
  }, 180_000);

  it('marking lost needs a reason', async () => {
    signedIn();
    const server = leadServer(ADMIN, () => leadDetail('following'), {
      [`POST ${API}/crmLead/state/:id`]: () => ok(leadDetail('lost')),
    });
    renderApp('/crm/lead/41');
    const group = await screen.findByRole('group', { name: 'Lead actions' }, FIRST);
    const user = userEvent.setup();
    await user.click(within(group).getByRole('button', { name: 'Mark lost' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Mark lost' }));
    expect(await within(dialog).findByText('Say why the lead was lost', {}, SLOW)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Why lost'), 'Rented elsewhere');
    await user.click(within(dialog).getByRole('button', { name: 'Mark lost' }));
    await waitFor(() =>
      expect(server.calls('POST', `${API}/crmLead/state/41`)[0]?.body).toEqual({
        state: 'lost',
        reason: 'Rented elsewhere',
        version: 3,
      }),
    );
  }, 180_000);

  it('the conversion: a 409 links to the existing driver; a success offers to start a contract', async () => {
    signedIn();
    let conflict = true;
    const server = leadServer(ADMIN, () => leadDetail('following'), {
      [`POST ${API}/crmLead/convert/:id`]: () =>
        conflict
          ? {
              status: 409,
              body: {
                status: 409,
                message: 'A driver with this phone or ID number exists: Li Ming',
                code: 'crm.driverExists',
                data: { driverId: 77, driverName: 'Li Ming' },
              },
            }
          : ok({ driverId: 88 }),
    });
    renderApp('/crm/lead/41');
    const group = await screen.findByRole('group', { name: 'Lead actions' }, FIRST);
    const user = userEvent.setup();
    await user.click(within(group).getByRole('button', { name: 'Convert to a driver' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    // Pre-filled from the lead.
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Li Ming');
    expect(within(dialog).getByLabelText('Mobile phone')).toHaveValue('13812345678');
    fireEvent.change(within(dialog).getByLabelText('ID number'), { target: { value: '11010519491231002X' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create the driver' }));
    const link = await within(dialog).findByRole('link', { name: 'Open the existing driver Li Ming' }, SLOW);
    expect(link).toHaveAttribute('href', '/rentDriver/77');
    const body = server.calls('POST', `${API}/crmLead/convert/41`)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Li Ming',
      phone: '13812345678',
      idNumber: '11010519491231002X',
      gender: 'female',
      rentId: 7,
    });
    conflict = false;
    await user.click(within(dialog).getByRole('button', { name: 'Create the driver' }));
    const start = await screen.findByRole('link', { name: 'Start a contract' }, SLOW);
    expect(start).toHaveAttribute('href', '/rentContract/new?driverId=88');
  }, 180_000);

  it('a duplicate phone on create links to the lead that holds it', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      [`GET ${API}/crmLead/list`]: () => paged([], { counts: { mine: 0, pool: 0, all: 0 } }),
      [`GET ${API}/crmLead/owners`]: () => ok([]),
      'GET /api/admin/client/labels': () => ok([]),
      'GET /api/ccwadmin/filter/list/:id': () => ok([]),
      [`POST ${API}/crmLead/create`]: () => ({
        status: 409,
        body: {
          status: 409,
          message: 'This phone belongs to an open lead',
          code: 'crm.duplicatePhone',
          data: { leadId: 12, ownerId: null, ownerName: null },
        },
      }),
    });
    renderApp('/crm');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /New lead/ }, FIRST));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.type(within(dialog).getByLabelText('Name'), 'Zhou Jie');
    await user.type(within(dialog).getByLabelText('Mobile phone'), '13900001111');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const link = await within(dialog).findByRole('link', { name: 'Open the existing lead (owner: Pool)' }, SLOW);
    expect(link).toHaveAttribute('href', '/crm/lead/12');
    expect(server.calls('POST', `${API}/crmLead/create`)[0]!.body).toMatchObject({
      name: 'Zhou Jie',
      phone: '13900001111',
      kind: 'person',
      source: 'walkIn',
      rentId: 7,
    });
  }, 180_000);
});
