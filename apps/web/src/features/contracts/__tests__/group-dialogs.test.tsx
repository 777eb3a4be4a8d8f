import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contract, TempCar } from '@fleetdesk/contracts/rental-contracts';
import { setLanguage } from '../../../lib/i18n';
import { session, type SessionUser } from '../../../lib/session';
import { fakeServer, ok } from '../../../test/fake-server';
import { signedIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ChangeCarDialog, RenewDialog, TempCarDialog } from '../components/group-dialogs';
import { Bills, TempCars } from '../pages/contract-detail';
import '../i18n';

const SLOW = { timeout: 20_000 };
const P = '/api/ccwadmin/rentContract';

const CONTRACT: Contract = {
  id: 41,
  number: 'HT202600041',
  groupNo: 'HT202600041',
  groupSeq: 1,
  origin: 'new',
  previousId: null,
  rentId: 7,
  rentName: 'Demo Rentals Hangzhou',
  driverId: 3,
  driverName: 'Li Lei',
  driverPhone: '13900000001',
  carId: 11,
  plate: '浙A12345',
  template: '网约车长租合同',
  type: 'longTerm',
  period: 'monthly',
  billing: 'prepaid',
  paymentDay: 5,
  startDate: '2026-01-10',
  endDate: '2026-07-09',
  instalments: 6,
  rentalDays: 181,
  freeDays: 0,
  deposit: 5000,
  managementFee: 200,
  rent: 3000,
  totalRent: 18000,
  insuranceBase: 0,
  insuranceExtra: 0,
  buyOutPrice: null,
  total: 23200,
  discountPlan: null,
  discount: 0,
  discountState: 'none',
  clauses: ['车辆仅用于网约车运营'],
  attachments: [],
  state: 'signed',
  dispatched: true,
  outstanding: 0,
  overdueLines: 0,
  remark: null,
  signedAt: '2026-01-10T02:00:00.000Z',
  endedAt: null,
  createdAt: '2026-01-08T02:00:00.000Z',
  updatedAt: '2026-01-10T02:00:00.000Z',
};

/** The car list as the server answers it: the rent of the body only (the dialogs ask for the contract's rent). */
const carsOf = (req: { body: unknown }) => {
  const rentId = (req.body as { rentId?: number }).rentId;
  const rows = CARS.rows.filter((c) => rentId === undefined || c.rentId === rentId);
  return ok({ ...CARS, rows, total: rows.length });
};

const CARS = {
  rows: [
    { id: 11, plate: '浙A12345', rentId: 7 },
    { id: 12, plate: '浙A22222', rentId: 7 },
    { id: 13, plate: '沪B33333', rentId: 8 },
  ],
  total: 3,
  pageNum: 1,
  pageSize: 500,
};

function user(elements: string[]): SessionUser {
  return {
    id: 1,
    name: 'Zhang Wei',
    username: 'admin',
    phone: '13800000001',
    email: null,
    avatar: null,
    roles: [],
    menus: ['rentContract'],
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

async function pick(label: string, option: string) {
  const u = userEvent.setup();
  await u.click(screen.getByRole('combobox', { name: label }));
  await u.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }, SLOW));
}

const okButton = (name: string) => screen.getByRole('button', { name });

beforeEach(async () => {
  await setLanguage('en-US');
  signedIn();
});

describe('the renewal dialog', () => {
  it('fills in the old terms from the day after it ends and goes to the new contract', async () => {
    const server = fakeServer({
      [`POST ${P}/renew/:id`]: () => ok({ ...CONTRACT, id: 42, number: 'HT202600042', origin: 'renewal' }),
    });
    renderWithProviders(<RenewDialog contract={CONTRACT} onClose={vi.fn()} />);
    expect(await screen.findByText(/starts on 2026-07-10/, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('Rent per period (yuan)')).toHaveValue('3000.00');
    expect(screen.getByLabelText('Deposit (yuan)')).toHaveValue('0.00');
    await userEvent.setup().click(okButton('Create the renewal'));
    await waitFor(() => expect(server.calls('POST', `${P}/renew/41`)).toHaveLength(1));
    expect(server.calls('POST', `${P}/renew/41`)[0]!.body).toMatchObject({
      type: 'longTerm',
      period: 'monthly',
      billing: 'prepaid',
      paymentDay: 5,
      startDate: '2026-07-10',
      endDate: '2027-01-06',
      rent: 3000,
      deposit: 0,
      managementFee: 200,
      clauses: ['车辆仅用于网约车运营'],
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/rentContract/detail/42'));
  }, 120_000);

  it("shows the server's refusal under its field and stays open", async () => {
    const onClose = vi.fn();
    fakeServer({
      [`POST ${P}/renew/:id`]: () => ({
        status: 400,
        body: {
          status: 400,
          message: 'The end date cannot be before the start date',
          errors: [{ path: 'endDate', message: 'The end date cannot be before the start date' }],
        },
      }),
    });
    renderWithProviders(<RenewDialog contract={CONTRACT} onClose={onClose} />);
    await screen.findByText(/starts on 2026-07-10/, {}, SLOW);
    await userEvent.setup().click(okButton('Create the renewal'));
    expect(
      await screen.findByText(
        'The end date cannot be before the start date',
        { selector: '.ant-form-item-explain-error' },
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  }, 120_000);
});

describe('the car change dialog', () => {
  it("offers the rent's other idle cars, needs a reason, and sends the change", async () => {
    const server = fakeServer({
      'POST /api/ccwadmin/rentCar/list': carsOf,
      [`POST ${P}/changeCar/:id`]: () => ok({ ...CONTRACT, id: 43, number: 'HT202600043', origin: 'carChange' }),
    });
    renderWithProviders(<ChangeCarDialog contract={CONTRACT} onClose={vi.fn()} />);
    expect(await screen.findByText(/deposit of 5000 yuan is not refunded/, {}, SLOW)).toBeInTheDocument();
    const u = userEvent.setup();
    await u.click(okButton('Change the car'));
    expect(await screen.findAllByText(/Please enter|required/i, {}, SLOW)).not.toHaveLength(0);
    expect(server.calls('POST', `${P}/changeCar/43`)).toHaveLength(0);
    await u.click(screen.getByRole('combobox', { name: 'New car' }));
    const listbox = await screen.findByRole('listbox', {}, SLOW);
    // The contract's own car and another rent's car are not offered.
    expect(within(document.body).queryByText('沪B·33333', { selector: '.ant-select-item-option-content' })).toBeNull();
    expect(listbox).toBeInTheDocument();
    await u.click(await screen.findByText('浙A·22222', { selector: '.ant-select-item-option-content' }, SLOW));
    // Searched on the server: idle cars of the contract's rent.
    expect(server.calls('POST', '/api/ccwadmin/rentCar/list')[0]!.body).toMatchObject({ status: ['idle'], rentId: 7 });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '发动机故障' } });
    await u.click(okButton('Change the car'));
    await waitFor(() => expect(server.calls('POST', `${P}/changeCar/41`)).toHaveLength(1));
    expect(server.calls('POST', `${P}/changeCar/41`)[0]!.body).toEqual({
      carId: 12,
      changeDate: dayjs().format('YYYY-MM-DD'),
      rent: 3000,
      reason: '发动机故障',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/rentContract/detail/43'));
  }, 120_000);
});

describe('temporary cars', () => {
  const TEMP: TempCar = {
    id: 5,
    contractId: 41,
    carId: 12,
    plate: '浙A22222',
    fromDate: '2026-02-01',
    toDate: '2026-03-01',
    reason: '原车大修',
    state: 'inUse',
    active: true,
    usagePeriodId: 77,
    endedAt: null,
    createdAt: '2026-02-01T02:00:00.000Z',
  };

  it('refuses an end before the start, then sends the period', async () => {
    const onClose = vi.fn();
    const server = fakeServer({
      'POST /api/ccwadmin/rentCar/list': carsOf,
      [`POST ${P}/tempCar/add/:id`]: () => ok([TEMP]),
    });
    renderWithProviders(<TempCarDialog contract={CONTRACT} onClose={onClose} />);
    await screen.findByText(/keeps 浙A12345/, {}, SLOW);
    await pick('Temporary car', '浙A·22222');
    const from = screen.getByLabelText('From');
    const u = userEvent.setup();
    await u.clear(from);
    await u.type(from, '2026-02-10{Enter}');
    await u.type(screen.getByLabelText('To'), '2026-02-01{Enter}');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '原车大修' } });
    await u.click(okButton('OK'));
    expect(await screen.findByText('The end cannot be before the start', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('POST', `${P}/tempCar/add/41`)).toHaveLength(0);
    await u.clear(screen.getByLabelText('To'));
    await u.type(screen.getByLabelText('To'), '2026-03-01{Enter}');
    await u.click(okButton('OK'));
    await waitFor(() => expect(server.calls('POST', `${P}/tempCar/add/41`)).toHaveLength(1));
    expect(server.calls('POST', `${P}/tempCar/add/41`)[0]!.body).toEqual({
      carId: 12,
      fromDate: '2026-02-10',
      toDate: '2026-03-01',
      reason: '原车大修',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  }, 120_000);

  it('lists them; only a clerk with the edit element adds one or ends one early', async () => {
    const server = fakeServer({
      [`GET ${P}/tempCars/:id`]: () =>
        ok([TEMP, { ...TEMP, id: 4, state: 'ended', active: false, toDate: '2026-01-20' }]),
      [`POST ${P}/tempCar/end/:id`]: () => ok([{ ...TEMP, active: false }]),
    });
    session.set({ user: user(['rentContract:view']) });
    const view = renderWithProviders(<TempCars c={CONTRACT} />);
    expect(await screen.findByText('2026-02-01 ~ 2026-03-01', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('In use')).toBeInTheDocument();
    expect(screen.getByText('Ended')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End early' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a temporary car' })).toBeNull();
    view.unmount();

    session.set({ user: user(['rentContract:view', 'rentContract:edit']) });
    renderWithProviders(<TempCars c={CONTRACT} />);
    const u = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Add a temporary car' }, SLOW)).toBeInTheDocument();
    await u.click(await screen.findByRole('button', { name: 'End early' }, SLOW));
    await u.click(await screen.findByRole('button', { name: 'OK' }, SLOW));
    await waitFor(() => expect(server.calls('POST', `${P}/tempCar/end/5`)).toHaveLength(1));
    expect(server.calls('POST', `${P}/tempCar/end/5`)[0]!.body).toEqual({});
  }, 120_000);

  it('books one that starts after today: the dialog says the car is reserved until its handover', async () => {
    const onClose = vi.fn();
    const later = dayjs().add(5, 'day').format('YYYY-MM-DD');
    const end = dayjs().add(20, 'day').format('YYYY-MM-DD');
    const server = fakeServer({
      'POST /api/ccwadmin/rentCar/list': carsOf,
      [`POST ${P}/tempCar/add/:id`]: () => ok([{ ...TEMP, state: 'booked', usagePeriodId: null, fromDate: later }]),
    });
    renderWithProviders(<TempCarDialog contract={CONTRACT} onClose={onClose} />);
    await screen.findByText(/keeps 浙A12345/, {}, SLOW);
    // Today: handed over at once, no booking notice.
    expect(screen.queryByText(/the car is booked \(reserved\)/)).toBeNull();
    await pick('Temporary car', '浙A·22222');
    const u = userEvent.setup();
    await u.clear(screen.getByLabelText('From'));
    await u.type(screen.getByLabelText('From'), `${later}{Enter}`);
    expect(await screen.findByText(/the car is booked \(reserved\)/, {}, SLOW)).toBeInTheDocument();
    await u.type(screen.getByLabelText('To'), `${end}{Enter}`);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '原车下周进厂' } });
    await u.click(okButton('OK'));
    await waitFor(() => expect(server.calls('POST', `${P}/tempCar/add/41`)).toHaveLength(1));
    expect(server.calls('POST', `${P}/tempCar/add/41`)[0]!.body).toEqual({
      carId: 12,
      fromDate: later,
      toDate: end,
      reason: '原车下周进厂',
    });
    expect(await screen.findByText('Temporary car booked', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  }, 120_000);

  it('shows bookings: hands one over from its first day, cancels one; a viewer may do neither', async () => {
    const today = dayjs().format('YYYY-MM-DD');
    const later = dayjs().add(3, 'day').format('YYYY-MM-DD');
    const due: TempCar = { ...TEMP, id: 6, state: 'booked', usagePeriodId: null, fromDate: today, plate: '浙A66666' };
    const ahead: TempCar = { ...due, id: 7, fromDate: later, plate: '浙A77777' };
    const server = fakeServer({
      [`GET ${P}/tempCars/:id`]: () => ok([ahead, due, { ...TEMP, id: 3, state: 'cancelled', active: false }]),
      [`POST ${P}/tempCar/start/:id`]: () => ok([{ ...due, state: 'inUse', usagePeriodId: 78 }]),
      [`POST ${P}/tempCar/cancel/:id`]: () => ok([{ ...ahead, state: 'cancelled', active: false }]),
    });
    session.set({ user: user(['rentContract:view']) });
    const view = renderWithProviders(<TempCars c={CONTRACT} />);
    expect(await screen.findAllByText('Booked', {}, SLOW)).toHaveLength(2);
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hand over' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    view.unmount();

    session.set({ user: user(['rentContract:view', 'rentContract:edit']) });
    renderWithProviders(<TempCars c={CONTRACT} />);
    const u = userEvent.setup();
    // Only the booking that starts today can be handed over; both can be cancelled.
    expect(await screen.findAllByRole('button', { name: 'Hand over' }, SLOW)).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Cancel booking' })).toHaveLength(2);
    const dueRow = screen.getByText('浙A·66666').closest('tr')!;
    await u.click(within(dueRow as HTMLElement).getByRole('button', { name: 'Hand over' }));
    await u.click(await screen.findByRole('button', { name: 'OK' }, SLOW));
    await waitFor(() => expect(server.calls('POST', `${P}/tempCar/start/6`)).toHaveLength(1));
    const aheadRow = screen.getByText('浙A·77777').closest('tr')!;
    await u.click(within(aheadRow as HTMLElement).getByRole('button', { name: 'Cancel booking' }));
    const confirms = await screen.findAllByRole('button', { name: 'OK' }, SLOW);
    await u.click(confirms[confirms.length - 1]!);
    await waitFor(() => expect(server.calls('POST', `${P}/tempCar/cancel/7`)).toHaveLength(1));
    expect(server.calls('POST', `${P}/tempCar/start/7`)).toHaveLength(0);
  }, 120_000);
});

describe('the bills of a contract ended by a car change', () => {
  const LINE = {
    id: 90,
    contractId: 41,
    type: 'rent' as const,
    period: 2,
    periodStart: '2026-02-10',
    periodEnd: '2026-02-19',
    dueDate: '2026-02-19',
    amount: 1000,
    paid: 0,
    outstanding: 1000,
    state: 'unpaid' as const,
    paidDate: null,
    accountId: null,
    lateFeeFor: null,
    overdueDays: 0,
    version: 1,
    remark: null,
  };
  const group = (state: 'signed' | 'completed') => [
    {
      id: 41,
      number: 'HT202600041',
      groupSeq: 1,
      origin: 'new',
      plate: '浙A12345',
      startDate: '2026-01-10',
      endDate: '2026-02-19',
      state: 'completed',
      rent: 3000,
      outstanding: 1000,
    },
    {
      id: 43,
      number: 'HT202600043',
      groupSeq: 2,
      origin: 'carChange',
      plate: '浙A22222',
      startDate: '2026-02-20',
      endDate: '2026-07-09',
      state,
      rent: 3000,
      outstanding: 0,
    },
  ];

  it('are collected while the group goes on in a signed contract, not after', async () => {
    session.set({ user: user(['rentContract:view', 'rentContract:collect']) });
    let state: 'signed' | 'completed' = 'signed';
    fakeServer({
      [`GET ${P}/lines/:id`]: () => ok([LINE]),
      [`GET ${P}/group/:id`]: () => ok(group(state)),
    });
    const ended = { ...CONTRACT, state: 'completed' as const, endDate: '2026-02-19' };
    const view = renderWithProviders(<Bills c={ended} />);
    expect(await screen.findByRole('button', { name: 'Collect' }, SLOW)).toBeInTheDocument();
    view.unmount();
    state = 'completed';
    renderWithProviders(<Bills c={ended} />);
    expect(await screen.findByText('2026-02-10 ~ 2026-02-19', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Collect' })).toBeNull());
  }, 120_000);
});
