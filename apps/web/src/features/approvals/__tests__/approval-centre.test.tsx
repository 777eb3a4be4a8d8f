import { SavedFilterPaths } from '@fleetdesk/contracts/saved-filters';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BusinessType, RequestDetail, RequestRow } from '@fleetdesk/contracts/approvals';
import { setLanguage } from '../../../lib/i18n';
import { ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const SLOW = { timeout: 20_000 };
const FIRST = { timeout: 60_000 };
const A = '/api/ccwadmin/oa/approval';

const t2 = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const TYPES: BusinessType[] = [
  {
    code: 'purchase',
    name: t2('采购申请', 'Purchase'),
    area: 'office',
    manual: true,
    amountField: 'amount',
    fields: [
      { key: 'item', label: t2('采购物品', 'Item'), kind: 'text', required: true, max: 60 },
      { key: 'amount', label: t2('预计金额（元）', 'Estimated amount (yuan)'), kind: 'money', required: true },
    ],
  },
  {
    code: 'settlement',
    name: t2('退租结算', 'Settlement'),
    area: 'rentContract',
    manual: false,
    amountField: null,
    fields: [],
  },
];

const row = (patch: Partial<RequestRow> = {}): RequestRow => ({
  id: 5,
  businessType: 'purchase',
  businessId: null,
  summary: 'Car wash machine',
  amount: 7600,
  status: 'pending',
  applicantId: 3,
  applicantName: 'Chen Jing',
  departmentName: 'Shanghai',
  currentStep: 'Head',
  submittedAt: '2026-11-20T02:00:00Z',
  decidedAt: null,
  createdAt: '2026-11-20T02:00:00Z',
  ...patch,
});

const detail = (patch: Partial<RequestDetail> = {}): RequestDetail => ({
  ...row(),
  form: { item: 'Washer', amount: 7600 },
  attachments: [],
  files: [],
  flowName: 'Purchases',
  flowVersion: 2,
  steps: [
    {
      index: 0,
      name: 'Head',
      mode: 'any',
      state: 'current',
      approvers: [{ userId: 1, name: 'Admin', decision: null, comment: null, decidedAt: null }],
    },
  ],
  copies: [],
  history: [
    {
      action: 'submit',
      stepIndex: null,
      stepName: null,
      actorName: 'Chen Jing',
      comment: null,
      at: '2026-11-20T02:00:00Z',
    },
  ],
  canDecide: true,
  canWithdraw: false,
  canEdit: false,
  ...patch,
});

function server(more: Record<string, (req: FakeRequest) => FakeAnswer> = {}) {
  return sessionServer(ADMIN, {
    [`GET ${A}/types`]: () => ok(TYPES),
    [`GET ${A}/waiting/count`]: () => ok(1),
    // The list's saved filters (the list-page pattern).
    [`GET ${SavedFilterPaths.list}`]: () => ok([]),
    [`GET ${A}/request/list`]: (req) =>
      ok({
        rows: req.query.get('box') === 'waiting' ? [row()] : [],
        total: req.query.get('box') === 'waiting' ? 1 : 0,
        pageNum: 1,
        pageSize: 20,
      }),
    [`POST ${A}/request/preview`]: () =>
      ok([{ index: 0, name: 'Head', mode: 'any', skipped: false, approvers: [{ userId: 1, name: 'Admin' }] }]),
    ...more,
  });
}

describe('approval centre', () => {
  beforeEach(() => signedIn());

  it('starts a request: only hand-started types, checks the form in English, saves then submits', async () => {
    await setLanguage('en-US');
    const s = server({
      [`POST ${A}/request/save`]: (req) => ok(detail({ id: 9, status: 'draft', ...(req.body as object) })),
      [`POST ${A}/request/submit/:id`]: () => ok(detail({ id: 9 })),
      [`GET ${A}/request/:id`]: () => ok(detail({ id: 9 })),
    });
    renderApp('/oaApproval');
    const user = userEvent.setup();
    expect(await screen.findByText('Car wash machine', {}, FIRST)).toBeInTheDocument();
    expect(screen.getByText('Waiting for me')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /New request/ }));
    const box = (await screen.findByText('New request', { selector: '.ant-modal-title' }, SLOW)).closest<HTMLElement>(
      '.ant-modal',
    )!;
    await user.click(within(box).getByRole('button', { name: 'Submit' }));
    expect(
      await within(box).findByText('Choose what kind of request', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    await user.click(within(box).getByRole('combobox', { name: 'Type' }));
    const options = [...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent);
    expect(options).toEqual(['Purchase']);
    await user.click(screen.getByText('Purchase', { selector: '.ant-select-item-option-content' }));
    await user.click(within(box).getByRole('button', { name: 'Submit' }));
    expect(
      await within(box).findByText(/Enter what the request is about/, { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    fireEvent.change(within(box).getByLabelText('Subject'), { target: { value: 'Washer for Shanghai' } });
    fireEvent.change(within(box).getByLabelText('Item'), { target: { value: 'High-pressure washer' } });
    expect(await within(box).findByText('Who approves')).toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(s.calls('POST', /\/request\/submit\/\d+$/)).toHaveLength(1));
    expect(s.calls('POST', `${A}/request/save`)[0]!.body).toEqual({
      businessType: 'purchase',
      summary: 'Washer for Shanghai',
      form: { item: 'High-pressure washer', amount: null },
      attachments: [],
    });
    // The longest walk of the file (the list page, its filter bar and the form): slow on a busy machine.
  }, 90_000);

  it('decides in Chinese: a rejection needs a comment, an approval is sent', async () => {
    await setLanguage('zh-CN');
    const s = server({
      [`GET ${A}/request/:id`]: () => ok(detail()),
      [`POST ${A}/request/decide/:id`]: () => ok(detail({ status: 'approved', canDecide: false })),
    });
    renderApp('/oaApproval?id=5');
    const user = userEvent.setup();
    const drawer = (await screen.findByTestId('approval-detail', {}, FIRST)) as HTMLElement;
    expect(within(drawer).getByText('审批中')).toBeInTheDocument();
    expect(within(drawer).getByText('Washer')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: /驳\s?回/ }));
    expect(await within(drawer).findByText('驳回时请填写意见')).toBeInTheDocument();
    expect(s.calls('POST', /\/request\/decide\/\d+$/)).toHaveLength(0);
    fireEvent.change(within(drawer).getByLabelText('审批意见'), { target: { value: '同意采购' } });
    await user.click(within(drawer).getByRole('button', { name: /同\s?意/ }));
    await waitFor(() => expect(s.calls('POST', /\/request\/decide\/\d+$/)).toHaveLength(1));
    expect(s.calls('POST', /\/request\/decide\/\d+$/)[0]!.body).toEqual({
      decision: 'approved',
      comment: '同意采购',
      step: 0,
    });
  });
  it('attaches uploaded files to a new request in English, refusing a file of another kind', async () => {
    await setLanguage('en-US');
    const url = '/api/tool/oss/file/t3/document/2026/11/quote.pdf';
    const s = server({
      'POST /api/tool/oss/upload/document': () =>
        ok({ url, signedUrl: `${url}?exp=1&sig=x`, name: 'quote.pdf', size: 2048, contentType: 'application/pdf' }),
      [`POST ${A}/request/save`]: (req) => ok(detail({ id: 9, status: 'draft', ...(req.body as object) })),
      [`GET ${A}/request/:id`]: () => ok(detail({ id: 9, status: 'draft' })),
    });
    renderApp('/oaApproval');
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: /New request/ }, FIRST));
    const box = (await screen.findByText('New request', { selector: '.ant-modal-title' }, SLOW)).closest<HTMLElement>(
      '.ant-modal',
    )!;
    expect(within(box).getByText('PDFs or images, at most 10, each up to 20 MB')).toBeInTheDocument();
    const input = box.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.accept).toBe('application/pdf,image/jpeg,image/png,image/webp');
    await user.upload(input, new File(['x'], 'notes.docx', { type: 'application/msword' }));
    expect(
      await screen.findByText('notes.docx: only PDFs and JPG, PNG or WebP images can be attached', {}, SLOW),
    ).toBeInTheDocument();
    expect(s.calls('POST', '/api/tool/oss/upload/document')).toHaveLength(0);
    // The control renders a new input after each choice.
    await user.upload(
      box.querySelector<HTMLInputElement>('input[type=file]')!,
      new File(['%PDF-1.4'], 'quote.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(s.calls('POST', '/api/tool/oss/upload/document')).toHaveLength(1), SLOW);
    expect(await within(box).findByText('quote.pdf', {}, SLOW)).toBeInTheDocument();
    expect(s.calls('POST', '/api/tool/oss/upload/document')).toHaveLength(1);
    await user.click(within(box).getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByText('Purchase', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(within(box).getByLabelText('Subject'), { target: { value: 'Washer' } });
    await user.click(within(box).getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(s.calls('POST', `${A}/request/save`)).toHaveLength(1));
    expect((s.calls('POST', `${A}/request/save`)[0]!.body as { attachments: string[] }).attachments).toEqual([url]);
  });

  it('lists the attachments of a request in Chinese as download links', async () => {
    await setLanguage('zh-CN');
    const url = '/api/tool/oss/file/t3/document/2026/11/a.pdf';
    server({
      [`GET ${A}/request/:id`]: () =>
        ok(
          detail({
            attachments: [url, '/old.pdf'],
            files: [
              { url, signedUrl: `${url}?exp=1&sig=x`, name: '报价单.pdf', contentType: 'application/pdf', size: 2048 },
              { url: '/old.pdf', signedUrl: null, name: 'old.pdf', contentType: null, size: null },
            ],
          }),
        ),
    });
    renderApp('/oaApproval?id=5');
    const drawer = (await screen.findByTestId('approval-detail', {}, FIRST)) as HTMLElement;
    const files = within(drawer).getByRole('list', { name: '附件' });
    const link = within(files).getByRole('link', { name: '报价单.pdf' });
    expect(link).toHaveAttribute('href', `${url}?exp=1&sig=x`);
    expect(link).toHaveAttribute('download', '报价单.pdf');
    expect(within(files).getByText('· 2 KB')).toBeInTheDocument();
    expect(within(files).getByText('old.pdf（文件已不存在）')).toBeInTheDocument();
  });
});
