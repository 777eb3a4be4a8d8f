import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SmsTemplate } from '@fleetdesk/contracts/sms-notices';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { batch, paged, smsRoutes, template } from './sms-fixtures';

const SLOW = { timeout: 20_000 };
const CREATE = '/api/ccwadmin/smsNotice/template/create';

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('SMS templates', () => {
  it('creates one with the contracts rules, disables one, and says why a sent one cannot be deleted', async () => {
    signedIn();
    let rows: SmsTemplate[] = [
      template(),
      template({ id: 2, name: 'Duty roster', content: '{name}, see the roster.' }),
    ];
    const server = sessionServer(
      ADMIN,
      smsRoutes({
        'GET /api/ccwadmin/smsNotice/template/list': () => paged(rows),
        [`POST ${CREATE}`]: (req) => {
          const created = template({ id: 3, ...(req.body as Partial<SmsTemplate>) });
          rows = [created, ...rows];
          return ok(created);
        },
        'PUT /api/ccwadmin/smsNotice/template/update/:id': (req) => {
          const id = Number(req.path.split('/').at(-1));
          rows = rows.map((r) => (r.id === id ? { ...r, ...(req.body as Partial<SmsTemplate>) } : r));
          return ok(rows.find((r) => r.id === id));
        },
        'DELETE /api/ccwadmin/smsNotice/template/delete/:id': () => ({
          status: 409,
          body: { status: 30101, message: 'The template has been sent; disable it instead' },
        }),
      }),
    );
    renderApp('/oa/message?tab=templates');
    const user = userEvent.setup();
    expect(await screen.findByText('Duty roster', {}, SLOW)).toBeInTheDocument();

    // A new template: the contracts' rules speak (an unknown variable), the variable buttons write.
    await user.click(screen.getByText('New template'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('Save'));
    // Both errors show (the form validates its fields one after the other: wait for the second).
    await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(2));
    await user.type(within(dialog).getByLabelText('Name'), 'Overdue');
    const content = within(dialog).getByLabelText('Text');
    fireEvent.change(content, { target: { value: 'Dear {driver}, pay now.' } });
    await user.click(within(dialog).getByText('Save'));
    expect(
      await within(dialog).findByText(/^The template uses an unknown variable; available: \{name\}/),
    ).toBeInTheDocument();
    fireEvent.change(content, { target: { value: 'Dear , pay now.' } });
    content.focus();
    (content as HTMLTextAreaElement).setSelectionRange(5, 5);
    await user.click(within(dialog).getByText('Name', { selector: 'button span' }));
    expect(content).toHaveValue('Dear {name}, pay now.');
    await user.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(server.calls('POST', CREATE)).toHaveLength(1));
    expect(server.calls('POST', CREATE)[0]!.body).toEqual({
      name: 'Overdue',
      content: 'Dear {name}, pay now.',
      providerTemplate: null,
      status: 'active',
    });
    expect(await screen.findByText('Overdue')).toBeInTheDocument();

    // Disabling sends the whole template with its new status.
    const roster = screen.getByText('Duty roster').closest('tr')!;
    await user.click(within(roster).getByText('Disable'));
    await waitFor(() =>
      expect(server.calls('PUT', '/api/ccwadmin/smsNotice/template/update/2')[0]!.body).toMatchObject({
        name: 'Duty roster',
        status: 'disabled',
      }),
    );
    expect(await within(screen.getByText('Duty roster').closest('tr')!).findByText('Enable')).toBeInTheDocument();

    // A template that was sent: the server refuses the deletion and says so.
    await user.click(within(screen.getByText('Rent due').closest('tr')!).getByText('Delete'));
    await user.click(await screen.findByText('OK'));
    expect(await screen.findByText('The template has been sent; disable it instead', {}, SLOW)).toBeInTheDocument();
  }, 90_000);

  it('shows a user who may only look no compose tab, no template or export button', async () => {
    signedIn();
    sessionServer(
      { menus: ['oa', 'oaMessage'], elements: ['oaMessage:view'] },
      smsRoutes({
        'GET /api/ccwadmin/smsNotice/batch/list': () => paged([batch()]),
      }),
    );
    renderApp('/oa/message');
    expect(await screen.findByText('{name}, the duty roster changed.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('Send SMS')).toBeNull();
    expect(screen.queryByText('Export', { selector: 'button span' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByText('Templates'));
    expect(await screen.findByText('Rent due', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('New template')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
    expect(screen.queryByText('Use')).toBeNull();
  }, 60_000);
});
