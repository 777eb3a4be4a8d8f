import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { fakeServer, ok } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { BookingDrawer } from '../components/booking-drawer';
import '../i18n';
import { API, ALL, QUOTE, SLOW, bookingDetail, paged, signInAs } from './fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

async function pick(label: string, option: string) {
  const u = userEvent.setup();
  await u.click(screen.getByRole('combobox', { name: label }));
  await u.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }, SLOW));
}

function server(quote = () => ok({ quote: QUOTE, available: 2 })) {
  return fakeServer({
    [`GET ${API}/shortStore/options`]: () => ok([{ id: 2, name: 'West Lake', rentId: 7, enabled: true }]),
    [`GET ${API}/rentCarType/list`]: () =>
      paged([
        { id: 5, carTypeName: 'Compact', monthlyRent: 3000, deposit: 3000, overspeedKmh: null, remark: null, cars: 9 },
      ]),
    [`GET ${API}/shortSetting/protection/list`]: () =>
      ok({
        rows: [
          {
            id: 1,
            name: 'Basic',
            dayPrice: 30,
            deductible: 1500,
            tyresGlass: false,
            enabled: true,
            sort: 0,
            version: 1,
          },
        ],
      }),
    [`GET ${API}/shortSetting/extra/list`]: () =>
      ok({
        rows: [
          { id: 4, name: 'Child seat', kind: 'childSeat', dayPrice: 10, maxPrice: null, enabled: true, version: 1 },
        ],
      }),
    [`POST ${API}/rentDriver/list`]: () => paged([{ id: 88, name: 'Li Ming', phone: '13812345678' }]),
    [`POST ${API}/shortBooking/quote`]: quote,
    [`POST ${API}/shortBooking/create`]: () => ok({ id: 31, code: 'S202612110001', quote: QUOTE }),
    [`POST ${API}/shortBooking/pay/31`]: () =>
      ok({
        orderId: 501,
        orderNo: 'O202612050001',
        amount: 5880,
        provider: 'sandbox',
        sandbox: true,
        codeUrl: 'http://localhost/pay/sandbox/O202612050001',
        qrImage: 'data:image/png;base64,iVBORw0KGgo=',
        payUrl: 'http://localhost/pay/sandbox/O202612050001',
        expiresAt: '2099-01-01T00:00:00.000Z',
      }),
    [`GET ${API}/order/pay/status/501`]: () =>
      ok({ orderId: 501, status: 'unpaid', payerState: 'waiting', paidAt: null, membershipTo: null }),
  });
}

async function fillStay() {
  const user = userEvent.setup();
  await screen.findByText('West Lake', {}, SLOW);
  await pick('Car type', 'Compact');
  await user.type(screen.getByLabelText('Pick-up'), '2026-12-11 10:00{Enter}');
  await user.type(screen.getByLabelText('Return'), '2026-12-14 10:00{Enter}');
  return user;
}

describe('the new booking drawer', () => {
  it('asks the quote as the stay is chosen, shows it, creates the booking and shows the QR code to pay', async () => {
    signInAs(ALL);
    const fake = server();
    const onDone = vi.fn();
    renderWithProviders(<BookingDrawer open storeId={2} onClose={() => undefined} onDone={onDone} quoteDelayMs={0} />);
    const user = await fillStay();
    // The quote: each day with its kind, the totals and what is paid now.
    const quote = await screen.findByTestId('quote', {}, SLOW);
    expect(within(quote).getByText('2026-12-13')).toBeInTheDocument();
    expect(within(quote).getByText('Special date')).toBeInTheDocument();
    expect(within(quote).getByTestId('pay-now')).toHaveTextContent('¥5,880.00');
    expect(screen.getByText('2 cars of this type free')).toBeInTheDocument();
    const asked = fake.calls('POST', `${API}/shortBooking/quote`).at(-1)!.body as Record<string, unknown>;
    expect(asked).toMatchObject({
      storeId: 2,
      carTypeId: 5,
      // The picker's times are the browser's local time.
      pickUpAt: new Date(2026, 11, 11, 10, 0).toISOString(),
      returnAt: new Date(2026, 11, 14, 10, 0).toISOString(),
      protectionId: null,
      extras: [],
      delivery: false,
    });
    // Protection and a child seat ask again.
    await pick('Protection', 'Basic (¥30 a day)');
    await user.type(screen.getByLabelText('Child seat'), '1');
    await waitFor(() =>
      expect(fake.calls('POST', `${API}/shortBooking/quote`).at(-1)!.body).toMatchObject({
        protectionId: 1,
        extras: [{ extraId: 4, count: 1 }],
      }),
    );
    // The renter, found by name.
    await user.type(screen.getByRole('combobox', { name: 'Find the renter' }), 'Li');
    await user.click(
      await screen.findByText('Li Ming 13812345678', { selector: '.ant-select-item-option-content' }, SLOW),
    );
    await user.click(screen.getByRole('button', { name: 'Create and pay' }));
    // The order's QR code and the sandbox page, the payment asked after.
    expect(await screen.findByTestId('pay-qr', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /sandbox/i })).toHaveAttribute(
      'href',
      'http://localhost/pay/sandbox/O202612050001',
    );
    await waitFor(() => expect(fake.calls('GET', `${API}/order/pay/status/501`).length).toBeGreaterThan(0), SLOW);
    expect(fake.calls('POST', `${API}/shortBooking/create`)[0]!.body).toMatchObject({
      storeId: 2,
      carTypeId: 5,
      driverId: 88,
      protectionId: 1,
      extras: [{ extraId: 4, count: 1 }],
    });
    expect(fake.calls('POST', `${API}/shortBooking/pay/31`)).toHaveLength(1);
    // Paid: the booking (asked again meanwhile) waits for its pick-up; the code goes away.
    fake.on({ [`GET ${API}/shortBooking/get/31`]: () => ok(bookingDetail('toPickUp')) });
    expect(await screen.findByText('Paid: the booking waits for its pick-up', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('pay-qr')).toBeNull(), SLOW);
    await user.click(screen.getByRole('button', { name: 'Open the booking' }));
    expect(onDone).toHaveBeenCalledWith(31);
  }, 120_000);

  it("offers the driver who already has the new renter's phone", async () => {
    signInAs(ALL);
    const fake = server();
    fake.on({
      [`POST ${API}/shortBooking/create`]: () => ({
        status: 409,
        body: {
          status: 409,
          message: 'A driver with this phone exists: Li Ming',
          code: 'shortTerm.renterExists',
          data: { driverId: 88, driverName: 'Li Ming' },
        },
      }),
    });
    renderWithProviders(
      <BookingDrawer open storeId={2} onClose={() => undefined} onDone={() => undefined} quoteDelayMs={0} />,
    );
    const user = await fillStay();
    await screen.findByTestId('quote', {}, SLOW);
    await user.click(screen.getByText('New renter'));
    await user.type(screen.getByLabelText('Name'), 'Li Ming');
    await user.type(screen.getByLabelText('Phone'), '13812345678');
    await user.type(screen.getByLabelText('ID number'), '110101199003074514');
    await user.click(screen.getByRole('button', { name: 'Create and pay' }));
    expect(await screen.findByText('A driver with this phone exists: Li Ming', {}, SLOW)).toBeInTheDocument();
    fake.on({ [`POST ${API}/shortBooking/create`]: () => ok({ id: 31, code: 'S202612110001', quote: QUOTE }) });
    await user.click(screen.getByRole('button', { name: 'Book for Li Ming' }));
    await user.click(screen.getByRole('button', { name: 'Create and pay' }));
    await waitFor(() => expect(fake.calls('POST', `${API}/shortBooking/create`)).toHaveLength(2), SLOW);
    const second = fake.calls('POST', `${API}/shortBooking/create`)[1]!.body as Record<string, unknown>;
    expect(second.driverId).toBe(88);
    expect(second.renter).toBeUndefined();
  }, 120_000);

  it('shows why a stay cannot be quoted, and creates nothing while no car is free', async () => {
    signInAs(ALL);
    const fake = server(() => ({
      status: 409,
      body: { status: 409, message: 'The store is closed at 22:00', code: 'shortTerm.outsideHours' },
    }));
    renderWithProviders(
      <BookingDrawer open storeId={2} onClose={() => undefined} onDone={() => undefined} quoteDelayMs={0} />,
    );
    await fillStay();
    expect(await screen.findByText('The store is closed at 22:00', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create and pay' })).toBeDisabled();
    fake.on({ [`POST ${API}/shortBooking/quote`]: () => ok({ quote: QUOTE, available: 0 }) });
    await userEvent.setup().type(screen.getByLabelText('Child seat'), '2');
    expect(await screen.findByText('No car of this type is free then', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create and pay' })).toBeDisabled();
    expect(fake.calls('POST', `${API}/shortBooking/create`)).toHaveLength(0);
  }, 120_000);

  it('sends a new renter with name, phone and ID number', async () => {
    signInAs(ALL);
    const fake = server();
    renderWithProviders(
      <BookingDrawer open storeId={2} onClose={() => undefined} onDone={() => undefined} quoteDelayMs={0} />,
    );
    const user = await fillStay();
    await screen.findByTestId('quote', {}, SLOW);
    await user.click(screen.getByText('New renter'));
    await user.type(screen.getByLabelText('Name'), 'Wang Fang');
    await user.type(screen.getByLabelText('Phone'), '13900000001');
    await user.type(screen.getByLabelText('ID number'), '110101199003074514');
    await user.click(screen.getByRole('button', { name: 'Create and pay' }));
    await waitFor(() => expect(fake.calls('POST', `${API}/shortBooking/create`)).toHaveLength(1), SLOW);
    const body = fake.calls('POST', `${API}/shortBooking/create`)[0]!.body as Record<string, unknown>;
    expect(body.renter).toEqual({ name: 'Wang Fang', phone: '13900000001', idNumber: '110101199003074514' });
    expect(body.driverId).toBeUndefined();
  }, 120_000);
});
