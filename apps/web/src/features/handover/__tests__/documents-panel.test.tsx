import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ContractAttachment } from '@fleetdesk/contracts/handover';
import type { Contract } from '@fleetdesk/contracts/rental-contracts';
import { setLanguage } from '../../../lib/i18n';
import { session, type SessionUser } from '../../../lib/session';
import { fakeServer, ok } from '../../../test/fake-server';
import { ADMIN, signedIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import DocumentsPanel from '../panels/documents-panel';
import '../i18n';

const SLOW = { timeout: 20_000 };
const C = '/api/ccwadmin/rentContract';
const contract = { id: 9, number: 'HT202600009', state: 'signed' } as Contract;

function signInAs(elements: string[]) {
  signedIn();
  const user = {
    id: 1,
    name: '管理员',
    username: 'admin',
    roles: ['admin'],
    menus: ADMIN.menus,
    elements: Object.fromEntries(elements.map((e) => [e, true as const])),
    tenantId: 3,
  } as unknown as SessionUser;
  session.set({ user });
}

const attachment = (a: Partial<ContractAttachment>): ContractAttachment => ({
  id: 1,
  kind: 'contract',
  lineId: null,
  version: 1,
  fileName: '租赁合同-HT202600009.pdf',
  size: 4000,
  trigger: 'sign',
  createdBy: null,
  createdAt: '2026-01-10T02:00:00.000Z',
  url: '/api/tool/oss/file/t3/document/2026/01/a.pdf?exp=1&sig=x',
  sha256: null,
  evidenceNo: null,
  ...a,
});

beforeEach(async () => {
  await setLanguage('zh-CN');
});

describe('the documents tab', () => {
  it('lists the kept documents with who or what made them, and keeps a new version on demand', async () => {
    signInAs(['rentContract:view', 'rentContract:print']);
    let stored = [attachment({})];
    const server = fakeServer({
      [`GET ${C}/documents/9`]: () =>
        ok([
          { kind: 'contract', available: true },
          { kind: 'dispatchSheet', available: false },
          { kind: 'returnSheet', available: false },
          { kind: 'settlement', available: false },
        ]),
      [`GET ${C}/documentFiles/9`]: () => ok(stored),
      [`POST ${C}/documentFile/9/:kind`]: () => {
        stored = [attachment({ id: 2, version: 2, trigger: 'manual', createdBy: '张经理' }), ...stored];
        return ok(stored[0]);
      },
    });
    renderWithProviders(<DocumentsPanel contract={contract} />);
    const kept = (await screen.findByText('合同附件（已存档的单据）', {}, SLOW)).closest('.ant-list')! as HTMLElement;
    expect(await within(kept).findByText('租赁合同 · 第 1 版', {}, SLOW)).toBeInTheDocument();
    expect(within(kept).getByText(/签约时生成/)).toBeInTheDocument();
    expect(within(kept).getByRole('link', { name: '下载' })).toHaveAttribute(
      'href',
      '/api/tool/oss/file/t3/document/2026/01/a.pdf?exp=1&sig=x',
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: '生成存档' }));
    await waitFor(() => expect(server.calls('POST', `${C}/documentFile/9/contract`)).toHaveLength(1));
    expect(await within(kept).findByText('租赁合同 · 第 2 版', {}, SLOW)).toBeInTheDocument();
    expect(within(kept).getByText(/张经理 生成/)).toBeInTheDocument();
  }, 60_000);

  it('says a signed PDF came from the e-signature, with its evidence number and SHA-256', async () => {
    signInAs(['rentContract:view', 'rentContract:print']);
    const sha = 'ab12cd34ef56'.padEnd(64, '0');
    fakeServer({
      [`GET ${C}/documents/9`]: () => ok([{ kind: 'contract', available: true }]),
      [`GET ${C}/documentFiles/9`]: () =>
        ok([
          attachment({
            id: 3,
            version: 2,
            trigger: 'esign',
            createdBy: '张经理',
            sha256: sha,
            evidenceNo: 'EV-2026-0001',
          }),
        ]),
    });
    renderWithProviders(<DocumentsPanel contract={contract} />);
    const kept = (await screen.findByText('合同附件（已存档的单据）', {}, SLOW)).closest('.ant-list')! as HTMLElement;
    expect(await within(kept).findByText('租赁合同 · 第 2 版', {}, SLOW)).toBeInTheDocument();
    expect(within(kept).getByText(/电子签署完成后归档/)).toBeInTheDocument();
    expect(within(kept).getByText(/出证编号 EV-2026-0001/)).toBeInTheDocument();
    expect(within(kept).getByText('ab12cd34ef56…')).toHaveAttribute('title', sha);
  }, 60_000);

  it('offers no new version without the print element', async () => {
    signInAs(['rentContract:view']);
    fakeServer({
      [`GET ${C}/documents/9`]: () => ok([{ kind: 'contract', available: true }]),
      [`GET ${C}/documentFiles/9`]: () => ok([]),
    });
    renderWithProviders(<DocumentsPanel contract={contract} />);
    expect(await screen.findByText('暂无存档单据', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '生成存档' })).toBeNull();
  }, 60_000);
});
