import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotarizationDetail, NotarizationState } from '@fleetdesk/contracts/notarization';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn, type Account } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { detail, FIRST, hash, N, NZ_CLERK, NZ_VIEWER, OPTIONS, SLOW } from './fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

function pageServer(account: Account, application: () => NotarizationDetail, more = {}) {
  return sessionServer(account, {
    [`GET ${N}/options`]: () => ok(OPTIONS),
    [`GET ${N}/:id`]: () => ok(application()),
    ...more,
  });
}

const actionsOf = async () => {
  const group = await screen.findByRole('group', { name: 'Application actions' }, FIRST);
  return group;
};

describe('the notarization application page', () => {
  it.each<[NotarizationState, Account, string[]]>([
    ['draft', ADMIN, ['Edit', 'Delete', 'Submit for notarization', 'Withdraw', 'Download the evidence dossier']],
    ['draft', NZ_CLERK, ['Edit', 'Delete']],
    ['submitted', ADMIN, ['Withdraw', 'Download the evidence dossier']],
    ['supplement', ADMIN, ['Send the supplement', 'Withdraw', 'Download the evidence dossier']],
    ['supplement', NZ_CLERK, ['Send the supplement']],
    ['notarized', ADMIN, ['Download the evidence dossier']],
    ['rejected', NZ_VIEWER, []],
  ])(
    'in state %s offers what the user may do',
    async (state, account, expected) => {
      signedIn();
      pageServer(account, () => detail(state));
      renderApp('/notarization/5');
      const group = await actionsOf();
      await waitFor(() =>
        expect(
          within(group)
            .queryAllByRole('button')
            .map((b) => b.textContent),
        ).toEqual(expected),
      );
    },
    180_000,
  );

  it('shows the application: contract, e-signature, documents and the evidence chain with its hashes', async () => {
    signedIn();
    pageServer(ADMIN, () =>
      detail('notarized', {
        fee: 50,
        caseNo: 'NSBX17330001',
        certificateNo: '(2026) Sandbox No. 000123',
        certificateDate: '2026-12-07',
        sandboxUrl: 'http://localhost/notary/sandbox/NSBX17330001?token=t1',
      }),
    );
    renderApp('/notarization/5');
    const page = await screen.findByTestId('nz-application', {}, FIRST);
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Notarization application GZ202612060001',
    );
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('Notarized');
    expect(within(page).getAllByRole('link', { name: 'HT202600009' })[0]).toHaveAttribute(
      'href',
      '/rentContract/detail/9',
    );
    expect(within(page).getByText('(2026) Sandbox No. 000123 · 2026-12-07')).toBeInTheDocument();
    expect(within(page).getByText('NSBX17330001')).toBeInTheDocument();
    expect(within(page).getByText('¥48,000.00')).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: /Open the sandbox notary office/ })).toHaveAttribute(
      'href',
      'http://localhost/notary/sandbox/NSBX17330001?token=t1',
    );
    // The e-signature the contract was signed with.
    const esign = screen.getByTestId('nz-esign');
    expect(within(esign).getByText('QS202612010001')).toBeInTheDocument();
    expect(within(esign).getByText('EVI1733')).toBeInTheDocument();
    expect(within(esign).getByText(hash('5a5a'))).toBeInTheDocument();
    // Documents: kind, size, a short hash.
    expect(within(page).getByText('Signed contract')).toBeInTheDocument();
    expect(within(page).getByText('51.3 KB')).toBeInTheDocument();
    expect(within(page).getByText('c0ffee12ab34…')).toBeInTheDocument();
    // The evidence chain: step, actor, summary, the three hashes shortened.
    const timeline = screen.getByTestId('nz-timeline');
    expect(timeline).toHaveTextContent('#1 Application created');
    expect(timeline).toHaveTextContent('Zhang Wei');
    expect(timeline).toHaveTextContent('Draft created');
    expect(within(timeline).getByText('cc33dd44ee55…')).toBeInTheDocument();
    expect(within(timeline).getByText('aa1100000000…')).toBeInTheDocument();
  }, 180_000);

  it('submits a draft after a confirmation that shows the fee and the balance', async () => {
    signedIn();
    let current = detail('draft');
    const server = pageServer(ADMIN, () => current, {
      [`POST ${N}/submit/:id`]: () => {
        current = detail('submitted', { fee: 50, submittedAt: '2026-12-06T03:00:00.000Z' });
        return ok(current);
      },
    });
    renderApp('/notarization/5');
    const user = userEvent.setup();
    const group = await actionsOf();
    await user.click(within(group).getByRole('button', { name: 'Submit for notarization' }));
    const confirm = await screen.findByTestId('nz-submit-fee', {}, SLOW);
    expect(confirm).toHaveTextContent('Notarization fee: ¥50.00, charged to the balance now');
    expect(confirm).toHaveTextContent('Balance: ¥320.00');
    const dialog = confirm.closest('.ant-modal')! as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.calls('POST', `${N}/submit/5`)).toHaveLength(1));
    expect(await screen.findByText('Submitted to the notary', {}, SLOW)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('heading', { level: 1 })).getByText('Submitted')).toBeInTheDocument(),
    );
  }, 180_000);

  it('warns in the confirmation when the balance is lower than the fee', async () => {
    signedIn();
    sessionServer(ADMIN, {
      [`GET ${N}/options`]: () => ok({ ...OPTIONS, balance: 20 }),
      [`GET ${N}/:id`]: () => ok(detail('draft')),
    });
    renderApp('/notarization/5');
    const user = userEvent.setup();
    const group = await actionsOf();
    await user.click(within(group).getByRole('button', { name: 'Submit for notarization' }));
    expect(await screen.findByTestId('nz-submit-fee', {}, SLOW)).toHaveTextContent(
      'The balance is lower than the fee: top it up first.',
    );
  }, 180_000);

  it('withdraws with a reason, which is required', async () => {
    signedIn();
    const server = pageServer(ADMIN, () => detail('reviewing'), {
      [`POST ${N}/withdraw/:id`]: () => ok(detail('withdrawn', { withdrawReason: 'The driver paid' })),
    });
    renderApp('/notarization/5');
    const user = userEvent.setup();
    const group = await actionsOf();
    await user.click(within(group).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByText('Give the reason', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('POST', `${N}/withdraw/5`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'The driver paid');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(server.calls('POST', `${N}/withdraw/5`)).toHaveLength(1));
    expect(server.calls('POST', `${N}/withdraw/5`)[0]!.body).toEqual({ reason: 'The driver paid' });
  }, 180_000);

  it('sends the supplement the notary asked for: a note and at least one file', async () => {
    signedIn();
    const server = pageServer(ADMIN, () => detail('supplement', { supplementRequest: 'The vehicle licence' }), {
      'POST /api/tool/oss/upload/document': () =>
        ok({
          url: '/api/tool/oss/file/t3/document/2026/12/licence.pdf',
          signedUrl: '/api/tool/oss/file/t3/document/2026/12/licence.pdf?sig=1',
          name: 'licence.pdf',
          size: 900,
          contentType: 'application/pdf',
        }),
      [`POST ${N}/supplement/:id`]: () => ok(detail('reviewing')),
    });
    renderApp('/notarization/5');
    expect(await screen.findByText('The notary asks for a supplement', {}, FIRST)).toBeInTheDocument();
    const user = userEvent.setup();
    const group = await actionsOf();
    await user.click(within(group).getByRole('button', { name: 'Send the supplement' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(dialog).toHaveTextContent('The notary asks: The vehicle licence');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Say what you add', {}, SLOW)).toBeInTheDocument();
    expect(await within(dialog).findByText('Upload the supplement', {}, SLOW)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('What you add'), 'The vehicle licence, both sides');
    const upload = within(dialog).getByRole('button', { name: 'Upload Files' });
    await user.upload(
      upload.closest('.ant-upload')!.querySelector<HTMLInputElement>('input[type=file]')!,
      new File(['%PDF'], 'licence.pdf', { type: 'application/pdf' }),
    );
    expect(await within(dialog).findByText('licence.pdf', {}, SLOW)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.calls('POST', `${N}/supplement/5`)).toHaveLength(1));
    expect(server.calls('POST', `${N}/supplement/5`)[0]!.body).toEqual({
      note: 'The vehicle licence, both sides',
      files: ['/api/tool/oss/file/t3/document/2026/12/licence.pdf'],
    });
  }, 180_000);

  it('deletes a draft after a confirmation, and downloads the dossier and a document as files', async () => {
    signedIn();
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:x');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const server = pageServer(ADMIN, () => detail('draft'), {
      [`GET ${N}/dossier/:id`]: () => ({ file: '%PDF-1.7', contentType: 'application/pdf' }),
      [`GET ${N}/document/:id/:documentId`]: () => ({ file: '%PDF-1.7', contentType: 'application/pdf' }),
      [`POST ${N}/delete/:id`]: () => ok(null),
      [`GET ${N}/list`]: () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 20 }),
    });
    renderApp('/notarization/5');
    const user = userEvent.setup();
    const group = await actionsOf();
    await user.click(within(group).getByRole('button', { name: 'Download the evidence dossier' }));
    await waitFor(() => expect(saved).toContain('Notarization evidence GZ202612060001.pdf'));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toContain('contract-HT202600009.pdf'));
    expect(server.calls('GET', `${N}/document/5/71`)).toHaveLength(1);

    await user.click(within(group).getByRole('button', { name: 'Delete' }));
    // (antd's confirmation names its dialog by the title too)
    const [title] = await screen.findAllByText('Delete application GZ202612060001?', {}, SLOW);
    const confirm = title!.closest('.ant-modal')! as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.calls('POST', `${N}/delete/5`)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/notarization'));
  }, 180_000);

  it('says so for an application that does not exist', async () => {
    signedIn();
    sessionServer(ADMIN, {
      [`GET ${N}/options`]: () => ok(OPTIONS),
      [`GET ${N}/:id`]: () => ({ status: 404, body: { status: 404, message: 'Not found' } }),
    });
    renderApp('/notarization/99');
    expect(await screen.findByText('This application does not exist or was deleted', {}, FIRST)).toBeInTheDocument();
  }, 180_000);
});
