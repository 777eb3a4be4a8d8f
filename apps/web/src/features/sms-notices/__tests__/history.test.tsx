import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { batch, message, paged, smsRoutes, task } from './sms-fixtures';

const SLOW = { timeout: 20_000 };
const LIST = '/api/ccwadmin/smsNotice/batch/list';
const MESSAGES = '/api/ccwadmin/smsNotice/batch/7/messages';

beforeEach(async () => {
  await setLanguage('en-US');
});

function captureDownloads() {
  const saved: Blob[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (b: Blob) => (saved.push(b), 'blob:x'),
      revokeObjectURL: () => undefined,
    }),
  );
  return saved;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const xlsx = () => ({ file: 'PK-not-really', contentType: XLSX });

describe('the history of SMS notices', () => {
  it('filters the list through the URL, exports it, and opens a notice with each recipient status', async () => {
    signedIn();
    const saved = captureDownloads();
    const failed = message(50, {
      phone: '13912340000',
      status: 'failed',
      error: 'sandbox: number unreachable (ends in 0000)',
      reason: 'The phone number is invalid or cannot receive text messages',
      sentAt: null,
    });
    const server = sessionServer(
      ADMIN,
      smsRoutes({
        [`GET ${LIST}`]: () =>
          paged([batch(), batch({ id: 6, content: 'Older notice', source: 'upload', failed: 0, sent: 5, total: 5 })]),
        'GET /api/ccwadmin/smsNotice/batch/export': xlsx,
        'GET /api/ccwadmin/smsNotice/batch/:id': (req) =>
          req.path.endsWith('/8')
            ? ok(batch({ id: 8, retryOf: 7, total: 1, sent: 0, failed: 0, pending: 1, state: 'running' }))
            : ok(batch()),
        'GET /api/ccwadmin/smsNotice/batch/8/messages': () => paged([]),
        [`GET ${MESSAGES}`]: (req) =>
          req.query.get('status') === 'failed' ? paged([failed]) : paged([message(1), message(2), failed]),
        'GET /api/ccwadmin/smsNotice/batch/7/export': xlsx,
        'POST /api/ccwadmin/smsNotice/batch/7/retry': () => ok({ batchId: 8, taskId: 80, targetId: 'smsBatch:8' }),
        'GET /api/ccwadmin/task/progress/get/:id': () => ok(task({ id: 80, targetId: 'smsBatch:8', total: 1 })),
      }),
    );
    renderApp('/oa/message?tab=history&from=2026-11-01&to=2026-11-21&state=completed&keyword=roster');
    expect(await screen.findByText('Older notice', {}, SLOW)).toBeInTheDocument();
    const query = server.calls('GET', LIST)[0]!.query;
    expect(query.get('from')).toBe('2026-11-01T00:00:00.000+08:00');
    expect(query.get('to')).toBe('2026-11-21T23:59:59.999+08:00');
    expect(query.get('state')).toBe('completed');
    expect(query.get('keyword')).toBe('roster');
    const row = screen.getByText('{name}, the duty roster changed.').closest('tr')!;
    expect(within(row).getByText('49 sent')).toBeInTheDocument();
    expect(within(row).getByText('1 failed')).toBeInTheDocument();
    expect(within(row).getByText('¥2.50')).toBeInTheDocument();
    expect(within(row).getByText('Typed in')).toBeInTheDocument();
    expect(within(screen.getByText('Older notice').closest('tr')!).getByText('File')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByText('Export', { selector: 'button span' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.type).toBe(XLSX);
    const exported = server.calls('GET', '/api/ccwadmin/smsNotice/batch/export')[0]!.query;
    expect(exported.get('state')).toBe('completed');
    expect(exported.get('from')).toBe('2026-11-01T00:00:00.000+08:00');

    // A notice: its counts and messages, filtered by status.
    await user.click(within(row).getByText('Details'));
    expect(await screen.findByText('Notice #7', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toContain('batch=7');
    const drawer = screen.getByRole('dialog');
    const counts = within(drawer).getByTestId('batch-counts');
    expect(within(counts).getByText('49')).toBeInTheDocument();
    expect(within(counts).getByText('1')).toBeInTheDocument();
    expect(await within(drawer).findByText('13912340000')).toBeInTheDocument();
    // The reason in the reader's language; the provider's own words only as the tooltip.
    const reason = within(drawer).getByText('The phone number is invalid or cannot receive text messages');
    expect(reason.getAttribute('title')).toBe('sandbox: number unreachable (ends in 0000)');
    expect(within(drawer).queryByText('sandbox: number unreachable (ends in 0000)')).toBeNull();
    expect(within(drawer).getAllByText('Sent', { selector: '.ant-tag' })).toHaveLength(2);
    await user.click(within(drawer).getByText('Failed', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(server.calls('GET', MESSAGES).at(-1)!.query.get('status')).toBe('failed'));
    await waitFor(() => expect(within(drawer).queryByText('Test 1')).toBeNull());
    await user.type(within(drawer).getByPlaceholderText('Search a phone'), '0000{Enter}');
    await waitFor(() => expect(server.calls('GET', MESSAGES).at(-1)!.query.get('phone')).toBe('0000'));
    await user.click(within(drawer).getByText('Export', { selector: 'button span' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    const messagesExport = server.calls('GET', '/api/ccwadmin/smsNotice/batch/7/export')[0]!.query;
    expect(messagesExport.get('status')).toBe('failed');
    expect(messagesExport.get('phone')).toBe('0000');

    // Retrying the failures starts a new notice, whose task gets its notice, and opens it.
    await user.click(within(drawer).getByText('Retry failed'));
    await user.click(await screen.findByText('OK'));
    await waitFor(() => expect(server.calls('POST', '/api/ccwadmin/smsNotice/batch/7/retry')).toHaveLength(1));
    expect(await screen.findByText('Notice #8', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByTestId('task-notice')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toContain('batch=8');
    expect(await screen.findByText('#7')).toBeInTheDocument();
  }, 90_000);

  it('lists the outbox with its filters', async () => {
    signedIn();
    const server = sessionServer(
      ADMIN,
      smsRoutes({
        'GET /api/ccwadmin/smsNotice/outbox': () =>
          paged([message(3, { content: '【Demo】Your sign-in code is 123456' })]),
      }),
    );
    renderApp('/oa/message?tab=outbox&phone=1391&status=sent');
    expect(await screen.findByText('【Demo】Your sign-in code is 123456', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/The sandbox gateway sends nothing for real/)).toBeInTheDocument();
    const query = server.calls('GET', '/api/ccwadmin/smsNotice/outbox')[0]!.query;
    expect(query.get('phone')).toBe('1391');
    expect(query.get('status')).toBe('sent');
  }, 60_000);
});
