import type {
  EsignFlow,
  EsignPanel,
  EsignSigner,
  NotarizationDetail,
  NotarizationRow,
  NotarizationState,
} from '@fleetdesk/contracts/notarization';
import type { Account } from '../../../test/fixtures';
import { ok, type FakeAnswer } from '../../../test/fake-server';

export const API = '/api/ccwadmin';
export const N = `${API}/notarization`;
export const E = `${API}/rentContract/esign`;
export const SLOW = { timeout: 20_000 };
/** The first screen of a test loads the shell and the area's chunk: slow on a busy machine. */
export const FIRST = { timeout: 90_000 };
export const paged = (rows: unknown[]): FakeAnswer => ok({ rows, total: rows.length, pageNum: 1, pageSize: 20 });

export const hash = (start: string) => start.padEnd(64, '0');

/** Reads the applications only. */
export const NZ_VIEWER: Account = { menus: ['notarization'], elements: ['notarization:view'] };
/** Prepares applications (add, delete) but neither submits nor exports. */
export const NZ_CLERK: Account = {
  menus: ['notarization', 'rentContract'],
  elements: ['notarization:view', 'notarization:add', 'notarization:delete', 'rentContract:view'],
};

export function row(patch: Partial<NotarizationRow> = {}): NotarizationRow {
  return {
    id: 5,
    number: 'GZ202612060001',
    contractId: 9,
    contractNumber: 'HT202600009',
    driverId: 4,
    driverName: 'Wang Jianguo',
    plate: '浙AD12345',
    kind: 'enforcement',
    state: 'draft',
    notaryOffice: 'Hangzhou Xihu Notary Office',
    fee: 0,
    feeRefunded: false,
    certificateNo: null,
    createdAt: '2026-12-06T02:00:00.000Z',
    submittedAt: null,
    decidedAt: null,
    ...patch,
  };
}

export function detail(state: NotarizationState, patch: Partial<NotarizationDetail> = {}): NotarizationDetail {
  return {
    ...row({ state }),
    version: 2,
    copies: 2,
    delivery: 'electronic',
    remark: null,
    contractAmount: 48_000,
    idFront: '/api/tool/oss/file/t3/document/2026/12/front.png',
    idBack: '/api/tool/oss/file/t3/document/2026/12/back.png',
    licence: null,
    attachments: [],
    parties: [
      { role: 'lessor', name: 'Demo Rentals Hangzhou', idNumber: '91330100MA2XXXXX1' },
      { role: 'lessee', name: 'Wang Jianguo', idNumber: '330102********123X' },
    ],
    provider: 'sandbox',
    caseNo: null,
    supplementRequest: null,
    rejectReason: null,
    withdrawReason: null,
    certificateDate: null,
    esign: { flowNo: 'QS202612010001', evidenceNo: 'EVI1733', sha256: hash('5a5a') },
    documents: [
      {
        id: 71,
        kind: 'contract',
        fileName: 'contract-HT202600009.pdf',
        size: 52_480,
        sha256: hash('c0ffee12ab34'),
        createdAt: '2026-12-06T02:00:00.000Z',
      },
    ],
    timeline: [
      {
        seq: 1,
        step: 'created',
        at: '2026-12-06T02:00:00.000Z',
        actor: 'Zhang Wei',
        summary: 'Draft created',
        requestSha256: hash('aa11'),
        responseSha256: hash('bb22'),
        chainSha256: hash('cc33dd44ee55'),
      },
    ],
    sandboxUrl: null,
    ...patch,
  };
}

export const OPTIONS = {
  provider: { name: 'sandbox', sandbox: true },
  unitPrice: 50,
  balance: 320,
  offices: ['Hangzhou Xihu Notary Office', 'Hangzhou Qianjiang Notary Office'],
};

export function signer(patch: Partial<EsignSigner> = {}): EsignSigner {
  return {
    id: 1,
    role: 'driver',
    order: 1,
    name: 'Wang Jianguo',
    phone: '138****0001',
    state: 'signing',
    signedAt: null,
    refusedReason: null,
    url: 'http://localhost/esign/sandbox/tok-driver-0123456789abcdef',
    ...patch,
  };
}

export function flow(patch: Partial<EsignFlow> = {}): EsignFlow {
  return {
    id: 31,
    flowNo: 'QS202612010001',
    provider: 'sandbox',
    providerFlowId: 'ESBX1733000000000abcd',
    state: 'signing',
    title: 'Rental contract HT202600009',
    accountId: 2,
    accountName: 'Cash',
    fee: 5,
    feeRefunded: false,
    createdBy: 'Zhang Wei',
    createdAt: '2026-12-01T02:00:00.000Z',
    expiresAt: '2026-12-08T02:00:00.000Z',
    completedAt: null,
    endedReason: null,
    remindedAt: null,
    signers: [
      signer(),
      signer({
        id: 2,
        role: 'company',
        order: 2,
        name: 'Demo Rentals Hangzhou',
        phone: null,
        state: 'waiting',
        url: null,
      }),
    ],
    signedFile: null,
    signError: null,
    events: [
      { at: '2026-12-01T02:00:00.000Z', kind: 'sent', actor: 'Zhang Wei', text: null, sha256: hash('feed1234beef') },
    ],
    ...patch,
  };
}

export function panel(patch: Partial<EsignPanel> = {}): EsignPanel {
  return {
    provider: { name: 'sandbox', sandbox: true },
    unitPrice: 5,
    balance: 320,
    canSend: false,
    refusal: null,
    current: null,
    history: [],
    ...patch,
  };
}
