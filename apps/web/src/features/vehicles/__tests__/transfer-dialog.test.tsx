import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { carDetail, carRoutes, SLOW } from './detail-fixtures';

const TRANSFER = '/api/ccwadmin/rentCar/transfer/1';

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('the transfer dialog', () => {
  it("offers the user's other rents and sends the one chosen with the remark", async () => {
    signedIn();
    const server = sessionServer(
      ADMIN,
      carRoutes({
        'GET /api/ccwadmin/rentCar/1': () => ok(carDetail()),
        [`POST ${TRANSFER}`]: () => ok(carDetail({ rentId: 8, rentName: 'Demo Rentals Shanghai' })),
      }),
    );
    renderApp('/rentCar/car/1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Transfer/ }, SLOW));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Now in: Demo Rentals Hangzhou')).toBeInTheDocument();
    // Nothing chosen: the dialog asks for a rent.
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(
      await within(dialog).findByText('Choose the rent to move the car to', {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'To rent' }));
    // The car's own rent is not offered.
    expect(
      screen.queryByText('Demo Rentals Hangzhou (Hangzhou)', { selector: '.ant-select-item-option-content' }),
    ).toBeNull();
    await user.click(
      await screen.findByText('Demo Rentals Shanghai (Shanghai)', { selector: '.ant-select-item-option-content' }),
    );
    await user.type(within(dialog).getByLabelText('Remark'), 'Shanghai needs EVs');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(server.calls('POST', TRANSFER)).toHaveLength(1));
    const call = server.calls('POST', TRANSFER)[0]!;
    expect(call.query.get('rentId')).toBe('8');
    expect(call.body).toEqual({ remark: 'Shanghai needs EVs' });
    expect(await screen.findByText('浙A·D12345 moved to Demo Rentals Shanghai')).toBeInTheDocument();
  });

  it('tells that the transfer was sent for approval when the car did not move', async () => {
    signedIn();
    sessionServer(
      ADMIN,
      carRoutes({
        'GET /api/ccwadmin/rentCar/1': () => ok(carDetail()),
        [`POST ${TRANSFER}`]: () => ok({ ...carDetail(), transferApproval: { id: 31, status: 'pending' } }),
      }),
    );
    renderApp('/rentCar/car/1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Transfer/ }, SLOW));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'To rent' }));
    await user.click(
      await screen.findByText('Demo Rentals Shanghai (Shanghai)', { selector: '.ant-select-item-option-content' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(
      await screen.findByText(
        'The transfer of 浙A·D12345 to Demo Rentals Shanghai was sent for approval; the car moves once it is approved',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('浙A·D12345 moved to Demo Rentals Shanghai')).toBeNull();
  });

  it('shows a field error of the server on the rent', async () => {
    signedIn();
    sessionServer(
      ADMIN,
      carRoutes({
        'GET /api/ccwadmin/rentCar/1': () => ok(carDetail()),
        [`POST ${TRANSFER}`]: () => ({
          status: 400,
          body: { status: 400, message: 'Bad request', errors: [{ path: 'rentId', message: 'No such rent' }] },
        }),
      }),
    );
    renderApp('/rentCar/car/1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Transfer/ }, SLOW));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'To rent' }));
    await user.click(
      await screen.findByText('Demo Rentals Shanghai (Shanghai)', { selector: '.ant-select-item-option-content' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText('No such rent')).toBeInTheDocument();
  });
});
