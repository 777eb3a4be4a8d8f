import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { batch, message, paged, smsRoutes, task } from './sms-fixtures';

// The first render of this screen (cards, tabs, tables) is slow in jsdom.
const SLOW = { timeout: 20_000 };
const SEND = '/api/ccwadmin/smsNotice/send';
const PREVIEW = '/api/ccwadmin/smsNotice/preview';

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('writing and sending an SMS notice', () => {
  it('builds the text with variables, gathers recipients, shows what blocks, sends and follows the task', async () => {
    signedIn();
    const server = sessionServer(
      ADMIN,
      smsRoutes({
        'POST /api/ccwadmin/smsNotice/recipient/resolve': () => ok([{ phone: '13800000001', name: 'Zhang Wei' }]),
        [`POST ${SEND}`]: () => ok({ batchId: 7, taskId: 70, targetId: 'smsBatch:7' }),
        'GET /api/ccwadmin/task/progress/get/:id': () => ok(task({ processedNum: 1, total: 3 })),
        'GET /api/ccwadmin/smsNotice/batch/list': () => paged([batch({ state: 'running', pending: 2, total: 3 })]),
        'GET /api/ccwadmin/smsNotice/batch/:id': () =>
          ok(batch({ state: 'running', total: 3, sent: 1, failed: 0, pending: 2 })),
        'GET /api/ccwadmin/smsNotice/batch/:id/messages': () => paged([message(1)]),
      }),
    );
    renderApp('/oa/message');
    expect(await screen.findByText('1. Message', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByTestId('sandbox-badge')).toHaveTextContent('Sandbox');
    const user = userEvent.setup();

    // The text: typed, with a variable put in by its button; the live text shows it filled with an example.
    const text = screen.getByLabelText('Text');
    await user.click(text);
    await user.click(screen.getByText('Name', { selector: 'button span' }));
    await user.click(text);
    await user.keyboard(', the duty roster changed.');
    expect(text).toHaveValue('{name}, the duty roster changed.');
    expect(screen.getByTestId('sms-live-text')).toHaveTextContent('【Demo】Wang Lei, the duty roster changed.');
    expect(screen.getByText(/characters with the signature, billed as 1 segment/)).toBeInTheDocument();

    // Recipients from staff (no filter: all of them).
    await user.click(await screen.findByText('Add recipients', {}, SLOW));
    await waitFor(() =>
      expect(server.calls('POST', '/api/ccwadmin/smsNotice/recipient/resolve')[0]?.body).toEqual({
        source: 'staff',
        filter: {},
      }),
    );
    const list = screen.getByTestId('recipient-list');
    expect(await within(list).findByText('Zhang Wei')).toBeInTheDocument();
    expect(within(list).getByText('Staff')).toBeInTheDocument();

    // Numbers pasted: "name phone", a bare phone, a line without a number, a number that is not one.
    await user.click(screen.getByText('Paste numbers'));
    const paste = screen.getByLabelText(/One number per line/);
    fireEvent.change(paste, {
      target: { value: 'Li Qiang, 139 0013 9000\n13700137000\nno number on this line\nZhao Liu 12345' },
    });
    await user.click(screen.getByText('Add numbers'));
    expect(await screen.findByText(/No number found on line 3/)).toBeInTheDocument();
    expect(paste).toHaveValue('no number on this line');
    expect(within(list).getByText('Recipients (4)')).toBeInTheDocument();
    expect(within(list).getByText('13900139000')).toBeInTheDocument();
    expect(within(list).getAllByText('Pasted')).toHaveLength(3);

    // The preview: a number that is not one, and a recipient without the name the text needs, block the sending.
    const preview = screen.getByTestId('sms-preview');
    expect(
      await within(preview).findByText('2 recipients cannot be sent to; remove or fix them before sending', {}, SLOW),
    ).toBeInTheDocument();
    expect(within(list).getByText('Invalid number')).toBeInTheDocument();
    expect(within(list).getByText('Missing: Name')).toBeInTheDocument();
    expect(
      within(preview).getByText('Some recipients cannot be sent to: remove or fix them first'),
    ).toBeInTheDocument();
    const lastPreview = server.calls('POST', PREVIEW).at(-1)!.body as { source: string; recipients: unknown[] };
    expect(lastPreview.source).toBe('manual');
    expect(lastPreview.recipients).toEqual([
      { phone: '13800000001', name: 'Zhang Wei' },
      { phone: '13900139000', name: 'Li Qiang' },
      { phone: '13700137000' },
      { phone: '12345', name: 'Zhao Liu' },
    ]);

    await user.click(within(preview).getByText('Remove them'));
    await waitFor(() => expect(within(preview).getByTestId('preview-count')).toHaveTextContent('2'), SLOW);
    // One message is left of the plan's month; the other is charged as S20.
    expect(within(preview).getByTestId('preview-cost')).toHaveTextContent('¥0.05');
    expect(within(preview).getByTestId('preview-included')).toHaveTextContent(
      "1 of the plan's 500 messages left this month. 1 message beyond them is charged at ¥0.05 (S20).",
    );
    expect(within(preview).getByText('10 of 100 used')).toBeInTheDocument();
    expect(within(preview).getByText('To Zhang Wei 13800000001')).toBeInTheDocument();
    expect(server.calls('POST', SEND)).toHaveLength(0);

    // Sending: confirmed, then the task's notice at once and the new notice in the history.
    await user.click(within(preview).getByText('Send 2 messages'));
    expect(await screen.findByText('2 recipients, 2 segments, ¥0.05 charged.')).toBeInTheDocument();
    await user.click(screen.getByText('Send', { selector: '.ant-popconfirm button span' }));
    await waitFor(() => expect(server.calls('POST', SEND)).toHaveLength(1));
    expect(server.calls('POST', SEND)[0]!.body).toMatchObject({
      content: '{name}, the duty roster changed.',
      source: 'manual',
      templateId: null,
    });
    expect(await screen.findByTestId('task-notice', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('SMS sending')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/oa/message?tab=history&batch=7'));
    expect(await screen.findByText('Notice #7', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET', '/api/ccwadmin/task/progress/get/70').length).toBeGreaterThan(0));
  }, 90_000);

  it('drops the template once its text is changed, and needs every variable of the text', async () => {
    signedIn();
    const server = sessionServer(ADMIN, smsRoutes());
    renderApp('/oa/message');
    // antd's select opens on a press on its box, whose inner parts let pointer events through to it.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await screen.findByText('1. Message', {}, SLOW);
    await user.click(screen.getByText('Choose a template (optional)'));
    await user.click(await screen.findByText('Rent due', { selector: '.ant-select-item-option-content' }));
    const text = screen.getByLabelText('Text');
    expect(text).toHaveValue('{name}, the rent of {plate} is due on {dueDate}.');
    expect(screen.getByTestId('sms-live-text')).toHaveTextContent(
      'Wang Lei, the rent of ZJ-A·D12345 is due on 2026-12-05.',
    );

    await user.click(screen.getByText('Paste numbers'));
    fireEvent.change(screen.getByLabelText(/One number per line/), { target: { value: '13800000001' } });
    await user.click(screen.getByText('Add numbers'));
    await waitFor(() => expect(server.calls('POST', PREVIEW).length).toBeGreaterThan(0), SLOW);
    expect((server.calls('POST', PREVIEW).at(-1)!.body as { templateId: number }).templateId).toBe(1);
    // A pasted number brings no name, plate or due date: the template cannot be filled for it.
    const list = screen.getByTestId('recipient-list');
    expect(await within(list).findByText('Missing: Name, Plate, Due date', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Some recipients cannot be sent to: remove or fix them first')).toBeInTheDocument();

    await user.click(text);
    await user.keyboard(' Thanks');
    expect(
      screen.getByText('The text of template "Rent due" was changed: it will be sent as free text'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect((server.calls('POST', PREVIEW).at(-1)!.body as { content: string }).content).toMatch(/Thanks$/),
    );
    expect((server.calls('POST', PREVIEW).at(-1)!.body as { templateId: number | null }).templateId).toBeNull();
  }, 60_000);

  it('reads an uploaded file on the server and offers the template to fill', async () => {
    signedIn();
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (b: Blob) => (saved.push(b), 'blob:x'), revokeObjectURL: () => undefined }),
    );
    const server = sessionServer(
      ADMIN,
      smsRoutes({
        'POST /api/ccwadmin/smsNotice/recipient/parse': () =>
          ok({
            recipients: [
              { phone: '13800000001', name: 'Wang Lei', variables: { plate: '浙A·D12345', amount: '4800.00' } },
              { phone: '13800000002' },
            ],
            invalid: [],
          }),
      }),
    );
    const { container } = renderApp('/oa/message');
    const user = userEvent.setup();
    await screen.findByText('1. Message', {}, SLOW);
    await user.click(screen.getByText('Upload a file'));

    await user.click(screen.getByText('Download the Excel template'));
    expect(saved).toHaveLength(1);
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');
    await user.click(screen.getByText('Download the CSV template'));
    // With a byte-order mark, for Excel.
    const csv = new Uint8Array(await saved[1]!.arrayBuffer());
    expect([...csv.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(csv)).toBe('phone,name,plate,amount,dueDate\r\n');

    const input = container.ownerDocument.querySelector<HTMLInputElement>('.fd-sms-upload input[type=file]')!;
    await user.upload(input, new File(['phone,name\n13800000001,Wang Lei'], 'due.csv', { type: 'text/csv' }));
    await waitFor(() => expect(server.calls('POST', '/api/ccwadmin/smsNotice/recipient/parse')).toHaveLength(1));
    const body = server.calls('POST', '/api/ccwadmin/smsNotice/recipient/parse')[0]!.body as FormData;
    expect((body.get('file') as File).name).toBe('due.csv');
    const list = screen.getByTestId('recipient-list');
    expect(await within(list).findByText('Wang Lei')).toBeInTheDocument();
    expect(within(list).getAllByText('File: due.csv')).toHaveLength(2);
    expect(within(list).getByText('浙A·D12345')).toBeInTheDocument();

    // Rows can be removed one by one, and the list cleared.
    await user.click(screen.getByLabelText('Remove 13800000002'));
    expect(within(list).getByText('Recipients (1)')).toBeInTheDocument();
    await user.click(within(list).getByText('Clear'));
    await user.click(await screen.findByText('OK'));
    expect(await within(list).findByText('Recipients (0)')).toBeInTheDocument();
  }, 60_000);
});
