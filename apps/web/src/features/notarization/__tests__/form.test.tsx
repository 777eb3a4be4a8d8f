import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { API, detail, FIRST, N, OPTIONS, paged, SLOW } from './fixtures';

const CONTRACT = { id: 9, number: 'HT202600009', driverName: 'Wang Jianguo', plate: '浙AD12345', state: 'signed' };

beforeEach(async () => {
  await setLanguage('en-US');
});

/** The file input of an upload button (antd keeps it beside the button, hidden). */
const fileInputOf = (button: HTMLElement) =>
  button.closest('.ant-upload')!.querySelector<HTMLInputElement>('input[type=file]')!;

describe('a new notarization application', () => {
  it('opens from the contract page’s link with the contract filled in, checks the form, sends it and opens the application', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      [`GET ${N}/list`]: () => paged([]),
      [`GET ${N}/options`]: () => ok(OPTIONS),
      [`GET ${API}/rentContract/:id`]: () => ok(CONTRACT),
      [`POST ${API}/rentContract/list`]: () => paged([CONTRACT]),
      'POST /api/tool/oss/upload/document': () =>
        ok({
          url: '/api/tool/oss/file/t3/document/2026/12/front.png',
          signedUrl: '/api/tool/oss/file/t3/document/2026/12/front.png?sig=1',
          name: 'front.png',
          size: 68,
          contentType: 'image/png',
        }),
      [`POST ${N}/add`]: (req) => ok(detail('draft', { ...(req.body as object), id: 5 })),
      [`GET ${N}/:id`]: () => ok(detail('draft')),
    });
    renderApp('/notarization?contractId=9&new=1');
    const dialog = await screen.findByRole('dialog', {}, FIRST);
    expect(await within(dialog).findByText('HT202600009 · Wang Jianguo · 浙A·D12345', {}, SLOW)).toBeInTheDocument();
    expect(within(dialog).getByTestId('nz-form-fee')).toHaveTextContent('¥50.00');
    const user = userEvent.setup();

    // Nothing chosen: the schema's messages, no call.
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Please choose', {}, SLOW)).toBeInTheDocument();
    expect(await within(dialog).findByText('Enter the notary office', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('POST', `${N}/add`)).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Kind of notarization'));
    await user.click(
      await screen.findByText('Enforceable debt instrument', { selector: '.ant-select-item-option-content' }, SLOW),
    );
    await user.type(within(dialog).getByLabelText('Notary office'), 'Hangzhou Xihu Notary Office');
    await user.upload(
      fileInputOf(within(dialog).getByRole('button', { name: 'Upload ID card, photo side' })),
      new File(['png'], 'front.png', { type: 'image/png' }),
    );
    expect(await within(dialog).findByText('front.png', {}, SLOW)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(server.calls('POST', `${N}/add`)).toHaveLength(1));
    expect(server.calls('POST', `${N}/add`)[0]!.body).toEqual({
      contractId: 9,
      kind: 'enforcement',
      notaryOffice: 'Hangzhou Xihu Notary Office',
      copies: 1,
      delivery: 'electronic',
      idFront: '/api/tool/oss/file/t3/document/2026/12/front.png',
      idBack: null,
      licence: null,
      attachments: [],
      remark: null,
    });
    // The new application's page, without the form.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/notarization/5'));
    expect(await screen.findByTestId('nz-application', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 180_000);

  it('asks for the contract when none is given, finds it as typed, and keeps a refusal in the dialog', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      [`GET ${N}/list`]: () => paged([]),
      [`GET ${N}/options`]: () => ok(OPTIONS),
      [`POST ${API}/rentContract/list`]: () => paged([CONTRACT]),
      [`POST ${N}/add`]: () => ({
        status: 409,
        body: { status: 409, message: 'The contract already has an open notarization application' },
      }),
    });
    renderApp('/notarization');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /New notarization application/ }, FIRST));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Required', {}, SLOW)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Contract'), 'HT2026');
    await user.click(
      await screen.findByText(
        'HT202600009 · Wang Jianguo · 浙A·D12345',
        { selector: '.ant-select-item-option-content' },
        SLOW,
      ),
    );
    await waitFor(() => {
      const body = server.calls('POST', `${API}/rentContract/list`).at(-1)!.body as Record<string, unknown>;
      expect(body).toMatchObject({
        keyword: 'HT2026',
        state: ['signed', 'completed', 'terminated'],
        type: ['longTerm', 'rentToOwn'],
      });
    });
    await user.click(within(dialog).getByLabelText('Kind of notarization'));
    await user.click(
      await screen.findByText('Contract notarization', { selector: '.ant-select-item-option-content' }, SLOW),
    );
    await user.type(within(dialog).getByLabelText('Notary office'), 'Hangzhou Qianjiang Notary Office');
    await user.click(within(dialog).getByLabelText('Paper'));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('The contract already has an open notarization application', {}, SLOW),
    ).toBeInTheDocument();
    expect(server.calls('POST', `${N}/add`)[0]!.body).toMatchObject({
      contractId: 9,
      kind: 'contract',
      delivery: 'paper',
      copies: 1,
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  }, 180_000);
});
