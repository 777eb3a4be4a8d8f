import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Settlement } from '@fleetdesk/contracts/handover';
import type { Contract } from '@fleetdesk/contracts/rental-contracts';
import { setLanguage } from '../../../lib/i18n';
import { session, type SessionUser } from '../../../lib/session';
import { fakeServer, ok } from '../../../test/fake-server';
import { ADMIN, signedIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import HandoverTab from '../panels/handover-tab';
import SettlementTab from '../panels/settlement-tab';
import '../i18n';

const SLOW = { timeout: 20_000 };
const C = '/api/ccwadmin/rentContract';

function signInAs(elements: string[]) {
  signedIn();
  const user: SessionUser = {
    id: 1,
    name: '管理员',
    username: 'admin',
    phone: '13800000000',
    email: null,
    avatar: null,
    roles: ['admin'],
    menus: ADMIN.menus,
    elements: Object.fromEntries(elements.map((e) => [e, true as const])),
    tenantId: 3,
    tenantName: 'Demo Rentals',
    rentCode: 'HZ',
    rentId: 7,
    rentName: 'Hangzhou',
    rentCity: 'Hangzhou',
    shortRentName: 'Hangzhou',
    rents: [],
  };
  session.set({ user, tenantElements: null });
}

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('the dispatch wizard', () => {
  it('opens from the handover tab, checks the mileage floor and damage notes, uploads a photo per mark and sends the inspection', async () => {
    signInAs(ADMIN.elements.filter((e) => e !== 'oaDepart:view'));
    const server = fakeServer({
      'POST /api/tool/oss/upload/image': () =>
        ok({
          url: '/api/tool/oss/file/t3/image/scratch.png',
          signedUrl: '/api/tool/oss/file/t3/image/scratch.png?sig=1',
          name: 'scratch.png',
          size: 68,
          contentType: 'image/png',
        }),
      [`GET ${C}/inspections/5`]: () =>
        ok({ dispatch: null, return: null, lastMileage: 12000, canDispatch: true, canReturn: false }),
      [`POST ${C}/inspection/dispatch/5`]: () =>
        ok({ dispatch: null, return: null, lastMileage: 12000, canDispatch: false, canReturn: true }),
    });
    renderWithProviders(<HandoverTab contract={{ id: 5, number: 'HT202600005', state: 'signed' } as Contract} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dispatch' }, SLOW));
    const mileage = await screen.findByLabelText('Mileage (km)', {}, SLOW);
    await user.type(mileage, '11999');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(
        "At least the car's last reading of 12000 km",
        { selector: '.ant-form-item-explain-error' },
        SLOW,
      ),
    ).toBeInTheDocument();
    await user.clear(mileage);
    await user.type(mileage, '12050');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Step 2: a mark on the front of the outline, which needs a note.
    await user.click(await screen.findByRole('button', { name: 'Front' }, SLOW));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Describe the damage')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Damage 1'), 'Scratch on the bumper');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'scratch.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Photos 1'), { target: { files: [file] } });
    await waitFor(() => expect(server.calls('POST', '/api/tool/oss/upload/image')).toHaveLength(1));
    expect(await screen.findByAltText('Scratch on the bumper')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Step 3: the summary, then the call.
    expect(await screen.findByText(/Front：Scratch on the bumper/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // Saved: the wizard closes.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    const sent = server.calls('POST', `${C}/inspection/dispatch/5`)[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      mileage: 12050,
      energyLevel: 100,
      inspectorId: 1,
      documents: { insuranceCopy: true, licence: true, transportCertificate: true },
      damageMarks: [
        { position: 'front', note: 'Scratch on the bumper', photos: ['/api/tool/oss/file/t3/image/scratch.png'] },
      ],
    });
  }, 120_000);
});

const contract = { id: 9, number: 'HT202600009', state: 'signed' } as Contract;
const settlement = (patch: Partial<Settlement> = {}): Settlement => ({
  id: 4,
  contractId: 9,
  state: 'draft',
  depositReceived: 5000,
  deductions: [{ kind: 'repair', amount: 800, note: null }],
  deductionsTotal: 800,
  owedBack: 0,
  owedBackNote: null,
  voidRemaining: false,
  result: -4200,
  outcome: 'refund',
  remark: null,
  approvalId: null,
  lineId: null,
  unpaidLines: 3,
  damageDeduction: 800,
  returned: true,
  editable: true,
  lockedAt: null,
  ...patch,
});

describe('the settlement tab', () => {
  it('works out the result as it is typed, in Chinese, and saves then sends for approval', async () => {
    await setLanguage('zh-CN');
    signInAs(ADMIN.elements);
    const server = fakeServer({
      [`GET ${C}/settlement/9`]: () => ok(settlement()),
      [`POST ${C}/settlement/save/9`]: () => ok(settlement()),
      [`POST ${C}/settlement/submit/9`]: () => ok(settlement({ state: 'pending', editable: false })),
    });
    renderWithProviders(<SettlementTab contract={contract} />);
    const result = await screen.findByTestId('settlement-result', {}, SLOW);
    expect(result).toHaveTextContent('应退还司机押金 ¥4,200.00');
    expect(screen.getByText('合同尚有 3 笔未付账单：审批通过后合同将提前解约')).toBeInTheDocument();
    const user = userEvent.setup();
    const amount = screen.getByLabelText('金额（元）');
    await user.clear(amount);
    await user.type(amount, '5600');
    await waitFor(() => expect(result).toHaveTextContent('司机应付退车结算费 ¥600.00'));
    const owed = screen.getByLabelText('返还款（元）');
    await user.clear(owed);
    await user.type(owed, '100');
    await user.click(screen.getByRole('button', { name: '提交审批' }));
    // An amount owed back needs its note before anything is sent.
    expect(await screen.findByText('有返还款时须填写返还说明')).toBeInTheDocument();
    expect(server.calls('POST', `${C}/settlement/save/9`)).toHaveLength(0);
    await user.type(screen.getByLabelText('返还说明'), '多收管理费');
    await user.click(screen.getByRole('button', { name: '提交审批' }));
    await waitFor(() => expect(server.calls('POST', `${C}/settlement/submit/9`)).toHaveLength(1));
    expect(server.calls('POST', `${C}/settlement/save/9`)[0]!.body).toMatchObject({
      deductions: [{ kind: 'repair', amount: 5600, note: null }],
      owedBack: 100,
      owedBackNote: '多收管理费',
      voidRemaining: false,
    });
    // The answer is shown before the test ends (no render left for after the page is gone).
    expect(await screen.findByText('结算单已提交审批', {}, SLOW)).toBeInTheDocument();
  }, 120_000);

  it('is read-only for a user without the settle element, and says when the car is not back yet', async () => {
    signInAs(['rentContract:view']);
    fakeServer({ [`GET ${C}/settlement/9`]: () => ok(settlement()) });
    const first = renderWithProviders(<SettlementTab contract={contract} />);
    await screen.findByTestId('settlement-result', {}, SLOW);
    expect(screen.queryByRole('button', { name: 'Send for approval' })).toBeNull();
    first.unmount();
    fakeServer({ [`GET ${C}/settlement/9`]: () => ok(settlement({ id: null, state: null, returned: false })) });
    renderWithProviders(<SettlementTab contract={contract} />);
    expect(await screen.findByText('The settlement comes after the return inspection', {}, SLOW)).toBeInTheDocument();
  }, 120_000);
});
