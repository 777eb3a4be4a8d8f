import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TEMPLATES, TEMPLATE_KINDS, type DocumentTemplate } from '@fleetdesk/contracts/handover';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { toTemplate } from '../components/templates-tab';
import { SLOW } from './fixtures';

const T = '/api/ccwadmin/oaSetting/documentTemplate';
const DEFAULTS: DocumentTemplate[] = TEMPLATE_KINDS.map((kind) => ({
  kind,
  ...DEFAULT_TEMPLATES[kind],
  custom: false,
  updatedAt: null,
  updatedBy: null,
}));

const form = () => document.querySelector<HTMLElement>('form[aria-label]')!;
const saved: Blob[] = [];

beforeEach(() => {
  saved.length = 0;
  signedIn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (b: Blob) => (saved.push(b), 'blob:preview'),
      revokeObjectURL: () => undefined,
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the document templates tab', () => {
  it('turns the text boxes into the template (one header or footer line a row, blanks left out)', () => {
    expect(
      toTemplate({ title: '收据', headerLines: '地址\n\n 电话 ', notes: 'x', footerLines: '', sealText: '章' }),
    ).toEqual({ title: '收据', headerLines: ['地址', '电话'], notes: 'x', footerLines: [], sealText: '章' });
  });

  it('refuses an unknown placeholder before sending, then saves the receipt template (zh)', async () => {
    await setLanguage('zh-CN');
    const server = sessionServer(ADMIN, {
      [`GET ${T}s`]: () => ok(DEFAULTS),
      [`PUT ${T}/:kind`]: (req) => ok({ ...DEFAULTS[2]!, ...(req.body as object), custom: true }),
    });
    renderApp('/oaSetting?tab=templates');
    const user = userEvent.setup();
    await user.click(await screen.findByText('收据', { selector: '.ant-radio-button-wrapper span' }, SLOW));
    await waitFor(() => expect(within(form()).getByLabelText('标题')).toHaveValue('收据'));
    expect(within(form()).getByText('默认格式（未修改）')).toBeInTheDocument();
    expect(within(form()).getByText(/\{\{driverName\}\} 司机姓名/)).toBeInTheDocument();
    const notes = within(form()).getByLabelText('条款或说明');
    await user.click(notes);
    await user.paste('付款人 {{driverNmae}}');
    await user.click(within(form()).getByRole('button', { name: '保存' }));
    expect(await within(form()).findByText('含有未知的占位符，只能使用列表中的占位符', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('PUT', `${T}/receipt`)).toHaveLength(0);
    await user.clear(notes);
    await user.paste('付款人 {{driverName}}，合同 {{contractNo}}');
    await user.type(within(form()).getByLabelText('印章文字'), '财务专用章');
    await user.click(within(form()).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.calls('PUT', `${T}/receipt`)).toHaveLength(1));
    expect(server.calls('PUT', `${T}/receipt`)[0]!.body).toEqual({
      title: '收据',
      headerLines: [],
      notes: '付款人 {{driverName}}，合同 {{contractNo}}',
      footerLines: [],
      sealText: '财务专用章',
    });
  }, 120_000);

  it('previews the template as PDF and is read-only without the edit element (en)', async () => {
    await setLanguage('en-US');
    const server = sessionServer(
      { menus: ['oaSetting'], elements: ['oaSetting:view'] },
      {
        [`GET ${T}s`]: () => ok(DEFAULTS),
        [`POST ${T}/preview/:kind`]: () => ({ file: '%PDF-1.7 preview', contentType: 'application/pdf' }),
      },
    );
    renderApp('/oaSetting?tab=templates');
    expect(await screen.findByText(/changing them needs the right/, {}, SLOW)).toBeInTheDocument();
    expect(within(form()).getByLabelText('Title')).toBeDisabled();
    expect(within(form()).queryByRole('button', { name: 'Save' })).toBeNull();
    await userEvent.setup().click(within(form()).getByRole('button', { name: 'Preview (PDF)' }));
    await waitFor(() => expect(server.calls('POST', `${T}/preview/contract`)).toHaveLength(1));
    expect(server.calls('POST', `${T}/preview/contract`)[0]!.body).toMatchObject({ title: '租赁合同' });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await saved[0]!.text()).toContain('%PDF');
  }, 120_000);
});
