import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DriverListRow } from '@fleetdesk/contracts/drivers';
import type { Rentability } from '@fleetdesk/contracts/vehicles';
import { setLanguage } from '../../../lib/i18n';
import { session, type SessionUser } from '../../../lib/session';
import { fakeServer, ok } from '../../../test/fake-server';
import { signedIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { CollectDialog, type CollectTarget } from '../components/collect-dialog';
import { SignWizard } from '../pages/sign-wizard';
import '../i18n';

const SLOW = { timeout: 20_000 };
const P = '/api/ccwadmin/rentContract';

const driver = (state: DriverListRow['state']) =>
  ({ id: 3, rentId: 7, rentName: 'Hangzhou', name: 'Wen Yiming', phone: '13957199321', state }) as DriverListRow;

const CARS = [
  { id: 11, plate: '浙AF90001', rentId: 7, status: 'idle' },
  { id: 12, plate: '浙AF90002', rentId: 7, status: 'idle' },
];
const VERDICTS: Rentability[] = [
  { carId: 11, rentable: true, reasons: [] },
  {
    carId: 12,
    rentable: false,
    reasons: [
      {
        code: 'compulsoryMissing',
        fix: 'insurance',
        message: 'No compulsory insurance is registered; the car cannot be rented out',
      },
    ],
  },
];

function wizardServer(state: { driver: DriverListRow['state'] }) {
  return fakeServer({
    'POST /api/ccwadmin/rentDriver/list': () =>
      ok({ rows: [driver(state.driver)], total: 1, pageNum: 1, pageSize: 20 }),
    'PUT /api/ccwadmin/rentDriver/activate/:id': () => {
      state.driver = 'active';
      return ok(driver('active'));
    },
    'POST /api/ccwadmin/rentCar/list': () => ok({ rows: CARS, total: 57, pageNum: 1, pageSize: 20 }),
    'POST /api/ccwadmin/rentCar/rentability': (req) =>
      ok(VERDICTS.filter((v) => (req.body as { ids: number[] }).ids.includes(v.carId))),
    [`GET ${P}/accounts`]: () => ok([{ id: 1, name: 'Cash', kind: 'cash', balance: 0 }]),
  });
}

function user(elements: string[]): SessionUser {
  return {
    id: 1,
    name: 'Zhang Wei',
    username: 'admin',
    phone: '13800000001',
    email: null,
    avatar: null,
    roles: [],
    menus: ['rentContract', 'rentDriver', 'rentCar'],
    elements: Object.fromEntries(elements.map((e) => [e, true as const])),
    tenantId: 3,
    tenantName: 'Demo Rentals',
    rentCode: 'HZ',
    rentId: 7,
    rentName: 'Demo Rentals Hangzhou',
    rentCity: null,
    shortRentName: null,
    rents: [],
  };
}

beforeEach(async () => {
  await setLanguage('en-US');
  signedIn();
  session.set({
    user: user(['rentContract:view', 'rentContract:add', 'rentContract:collect', 'rentDriver:edit', 'rentCar:view']),
  });
});

describe('the wizard pickers', () => {
  it("greys a car that cannot be rented, with the server's reason and the link that fixes it", async () => {
    const server = wizardServer({ driver: 'active' });
    renderWithProviders(<SignWizard />, { route: '/rentContract/new?driverId=3' });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('combobox', { name: 'Car' }, SLOW));
    const reason = await screen.findByText(/No compulsory insurance is registered/, {}, SLOW);
    const blocked = reason.closest('.ant-select-item-option')!;
    expect(blocked).toHaveClass('fd-car-option-blocked');
    expect(within(blocked as HTMLElement).getByRole('link', { name: 'Add the policy' })).toHaveAttribute(
      'href',
      '/rentCar/car/12?tab=insurance',
    );
    const fine = (await screen.findByText('浙A·F90001', { selector: '.fd-plate' })).closest('.ant-select-item-option')!;
    expect(fine).not.toHaveClass('fd-car-option-blocked');
    // Clicking the greyed car does not choose it.
    await u.click(blocked.querySelector('.fd-plate')!);
    expect(screen.queryByText('浙A·F90002 cannot be rented now')).toBeNull();
    expect(document.querySelector('.fd-car-picker .ant-select-selection-item')).toBeNull();
    await u.click(screen.getByRole('combobox', { name: 'Car' }));
    // Searched in the driver's rent, paged; more than a page says so.
    expect(screen.getByText('2 of 57 shown: type to narrow')).toBeInTheDocument();
    const asked = server.calls('POST', '/api/ccwadmin/rentCar/list').at(-1)!.body as Record<string, unknown>;
    expect(asked).toMatchObject({ rentId: 7, pageSize: 20 });
    // Typing searches the server (debounced) with the keyword.
    await u.type(screen.getByRole('combobox', { name: 'Car' }), 'F9000');
    await waitFor(
      () => expect(server.calls('POST', '/api/ccwadmin/rentCar/list').at(-1)!.body).toMatchObject({ keyword: 'F9000' }),
      SLOW,
    );
  }, 120_000);

  it('marks a prospect and activates it through the driver state call before going on', async () => {
    const state = { driver: 'prospect' as DriverListRow['state'] };
    const server = wizardServer(state);
    renderWithProviders(<SignWizard />, { route: '/rentContract/new?driverId=3&carId=11' });
    expect(await screen.findByText('Wen Yiming is a prospect: activate them to sign', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Activate and sign' }));
    await waitFor(() => expect(server.calls('PUT', '/api/ccwadmin/rentDriver/activate/3')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(/is a prospect/)).toBeNull(), SLOW);
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  }, 120_000);

  it('refuses to go on with a car chosen from its page that cannot be rented, naming why', async () => {
    fakeServer({
      'POST /api/ccwadmin/rentDriver/list': () => ok({ rows: [driver('active')], total: 1, pageNum: 1, pageSize: 20 }),
      'GET /api/ccwadmin/rentCar/12': () => ok(CARS[1]),
      'POST /api/ccwadmin/rentCar/list': () => ok({ rows: CARS, total: 2, pageNum: 1, pageSize: 20 }),
      'POST /api/ccwadmin/rentCar/rentability': (req) =>
        ok(VERDICTS.filter((v) => (req.body as { ids: number[] }).ids.includes(v.carId))),
      [`GET ${P}/accounts`]: () => ok([]),
    });
    renderWithProviders(<SignWizard />, { route: '/rentContract/new?driverId=3&carId=12' });
    const alert = (await screen.findByText('浙A·F90002 cannot be rented now', {}, SLOW)).closest('.ant-alert')!;
    expect(within(alert as HTMLElement).getByRole('link', { name: 'Add the policy' })).toHaveAttribute(
      'href',
      '/rentCar/car/12?tab=insurance',
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  }, 120_000);

  it('asks again once the car is put right: a verdict seen before does not block the wizard', async () => {
    const papers = { compulsory: false };
    const server = fakeServer({
      'POST /api/ccwadmin/rentDriver/list': () => ok({ rows: [driver('active')], total: 1, pageNum: 1, pageSize: 20 }),
      'GET /api/ccwadmin/rentCar/12': () => ok(CARS[1]),
      'POST /api/ccwadmin/rentCar/list': () => ok({ rows: CARS, total: 2, pageNum: 1, pageSize: 20 }),
      'POST /api/ccwadmin/rentCar/rentability': (req) =>
        ok(
          (req.body as { ids: number[] }).ids.map((id) =>
            id === 12 && papers.compulsory ? { carId: 12, rentable: true, reasons: [] } : VERDICTS[id - 11]!,
          ),
        ),
      [`GET ${P}/accounts`]: () => ok([]),
    });
    const asked = () => server.calls('POST', '/api/ccwadmin/rentCar/rentability').length;
    // The wizard seen with the car blocked; the clerk leaves it to add the policy, which the server now has.
    const first = renderWithProviders(<SignWizard />, { route: '/rentContract/new?driverId=3&carId=12' });
    await screen.findByText('浙A·F90002 cannot be rented now', {}, SLOW);
    first.unmount();
    papers.compulsory = true;
    const before = asked();
    // Back in the wizard within the cache's lifetime (the same client): the verdict is asked for again.
    render(
      <QueryClientProvider client={first.client}>
        <MemoryRouter initialEntries={['/rentContract/new?driverId=3&carId=12']}>
          <SignWizard />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(asked()).toBeGreaterThan(before), SLOW);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled(), SLOW);
    expect(screen.queryByText('浙A·F90002 cannot be rented now')).toBeNull();
  }, 120_000);

  it("asks again when a car's or its papers' save refreshes the vehicles", async () => {
    const papers = { compulsory: false };
    fakeServer({
      'POST /api/ccwadmin/rentDriver/list': () => ok({ rows: [driver('active')], total: 1, pageNum: 1, pageSize: 20 }),
      'GET /api/ccwadmin/rentCar/12': () => ok(CARS[1]),
      'POST /api/ccwadmin/rentCar/list': () => ok({ rows: CARS, total: 2, pageNum: 1, pageSize: 20 }),
      'POST /api/ccwadmin/rentCar/rentability': () =>
        ok([papers.compulsory ? { carId: 12, rentable: true, reasons: [] } : VERDICTS[1]!]),
      [`GET ${P}/accounts`]: () => ok([]),
    });
    const { client } = renderWithProviders(<SignWizard />, { route: '/rentContract/new?driverId=3&carId=12' });
    await screen.findByText('浙A·F90002 cannot be rented now', {}, SLOW);
    papers.compulsory = true;
    // What the car form and the compliance area's saves (a policy added on the insurance tab) invalidate.
    await client.invalidateQueries({ queryKey: ['vehicles'] });
    await waitFor(() => expect(screen.queryByText('浙A·F90002 cannot be rented now')).toBeNull(), SLOW);
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  }, 120_000);
});

const LINE: CollectTarget = {
  id: 77,
  type: 'rent',
  period: 2,
  outstanding: 3000,
  version: 4,
  contractId: 41,
  contractNumber: 'HT202600041',
  amount: 3000,
  paid: 0,
  dueDate: '2026-03-10',
  periodStart: '2026-03-10',
  periodEnd: '2026-04-09',
  lateFee: 0,
};

describe('the collect dialog', () => {
  it('shows the bill and its breakdown as money, and sends the remark and the uploaded voucher', async () => {
    const server = fakeServer({
      [`GET ${P}/accounts`]: () => ok([{ id: 1, name: 'Cash', kind: 'cash', balance: 0 }]),
      'POST /api/tool/oss/upload/document': () =>
        ok({
          url: '/files/slip.png',
          signedUrl: '/files/slip.png?sig=x',
          name: 'slip.png',
          size: 3,
          contentType: 'image/png',
        }),
      [`POST ${P}/collect/:lineId`]: () => ok({}),
    });
    const onClose = vi.fn();
    renderWithProviders(
      <CollectDialog
        line={{ ...LINE, paid: 1000, outstanding: 2000, lateFee: 60 }}
        onClose={onClose}
        today="2026-03-10"
      />,
    );
    const breakdown = (await screen.findByText('Received before', {}, SLOW)).closest('.fd-collect-breakdown')!;
    expect(within(breakdown as HTMLElement).getByText('¥3,000.00')).toBeInTheDocument();
    expect(within(breakdown as HTMLElement).getByText('-¥1,000.00')).toBeInTheDocument();
    expect(within(breakdown as HTMLElement).getByText('¥2,000.00')).toBeInTheDocument();
    expect(within(breakdown as HTMLElement).getByText('¥60.00')).toBeInTheDocument();
    expect(within(breakdown as HTMLElement).getByText('¥2,060.00')).toBeInTheDocument();
    expect(within(breakdown as HTMLElement).getByRole('link', { name: /HT202600041/ })).toHaveAttribute(
      'href',
      '/rentContract/detail/41?tab=bills&bill=77',
    );
    fireEvent.change(screen.getByLabelText('Remark'), { target: { value: 'bank transfer 8821' } });
    const file = new File(['png'], 'slip.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Payment voucher', { selector: 'input' }), { target: { files: [file] } });
    expect(await screen.findByText('slip.png', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Account' })).toBeInTheDocument());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Collect ¥2,000.00' }));
    await waitFor(() => expect(server.calls('POST', `${P}/collect/77`)).toHaveLength(1), SLOW);
    expect(server.calls('POST', `${P}/collect/77`)[0]!.body).toMatchObject({
      amount: 2000,
      accountId: 1,
      version: 4,
      remark: 'bank transfer 8821',
      voucher: '/files/slip.png',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  }, 120_000);

  it('asks before collecting a bill ahead of its due date', async () => {
    const server = fakeServer({
      [`GET ${P}/accounts`]: () => ok([{ id: 1, name: 'Cash', kind: 'cash', balance: 0 }]),
      [`POST ${P}/collect/:lineId`]: () => ok({}),
    });
    renderWithProviders(<CollectDialog line={LINE} onClose={vi.fn()} today="2026-02-20" />);
    expect(
      await screen.findByText('This bill is due on 2026-03-10: collecting now is early', {}, SLOW),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Account' })).toBeInTheDocument());
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Collect ¥3,000.00' }));
    expect(
      await screen.findByText('This bill is due on 2026-03-10. Collect ¥3,000.00 now?', {}, SLOW),
    ).toBeInTheDocument();
    expect(server.calls('POST', `${P}/collect/77`)).toHaveLength(0);
    await u.click(screen.getByRole('button', { name: 'Collect early' }));
    await waitFor(() => expect(server.calls('POST', `${P}/collect/77`)).toHaveLength(1), SLOW);
  }, 120_000);

  it('names the amount typed on its button, and sends that amount', async () => {
    const server = fakeServer({
      [`GET ${P}/accounts`]: () => ok([{ id: 1, name: 'Cash', kind: 'cash', balance: 0 }]),
      [`POST ${P}/collect/:lineId`]: () => ok({}),
    });
    renderWithProviders(<CollectDialog line={LINE} onClose={vi.fn()} today="2026-03-10" />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Account' })).toBeInTheDocument(), SLOW);
    expect(screen.getByRole('button', { name: 'Collect ¥3,000.00' })).toBeInTheDocument();
    const u = userEvent.setup();
    await u.clear(screen.getByLabelText('Amount (yuan)'));
    await u.type(screen.getByLabelText('Amount (yuan)'), '1250.5');
    await u.click(await screen.findByRole('button', { name: 'Collect ¥1,250.50' }, SLOW));
    await waitFor(() => expect(server.calls('POST', `${P}/collect/77`)).toHaveLength(1), SLOW);
    expect(server.calls('POST', `${P}/collect/77`)[0]!.body).toMatchObject({ amount: 1250.5 });
  }, 120_000);

  it('keeps a refusal in the dialog as an inline alert, not a passing message, until the user acts', async () => {
    let answer = 409;
    fakeServer({
      [`GET ${P}/accounts`]: () => ok([{ id: 1, name: 'Cash', kind: 'cash', balance: 0 }]),
      [`POST ${P}/collect/:lineId`]: () =>
        answer === 409
          ? {
              status: 409,
              body: { status: 409, message: 'Someone else has just collected this bill: look at it again' },
            }
          : ok({}),
    });
    const onClose = vi.fn();
    renderWithProviders(<CollectDialog line={LINE} onClose={onClose} today="2026-03-10" />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Account' })).toBeInTheDocument(), SLOW);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Collect ¥3,000.00' }));
    await screen.findByText('Someone else has just collected this bill: look at it again', {}, SLOW);
    const alert = document.querySelector<HTMLElement>('.fd-inline-failure')!;
    expect(alert).toHaveTextContent('Someone else has just collected this bill: look at it again');
    expect(within(alert).getByRole('link', { name: 'See the bill as it is now' })).toHaveAttribute(
      'href',
      '/rentContract/detail/41?tab=bills&bill=77',
    );
    // No message toast: the request layer stayed quiet; the dialog stays open with the alert.
    expect(document.querySelector('.ant-message')?.textContent ?? '').not.toContain('Someone else');
    await new Promise((r) => setTimeout(r, 2500));
    expect(document.querySelector('.fd-inline-failure')).toHaveTextContent('Someone else has just collected');
    expect(onClose).not.toHaveBeenCalled();
    // Trying again clears it; this time it goes through.
    answer = 200;
    await u.click(screen.getByRole('button', { name: 'Collect ¥3,000.00' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
  }, 120_000);
});
