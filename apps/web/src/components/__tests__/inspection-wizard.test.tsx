import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { request } from '../../lib/request';
import { session } from '../../lib/session';
import { fakeServer } from '../../test/fake-server';
import { signedIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { InspectionWizard, type InspectionBody } from '../inspection-wizard/inspection-wizard';

const SLOW = { timeout: 20_000 };

beforeEach(async () => {
  await setLanguage('en-US');
  signedIn();
  // The inspector is the user signed in (no address book: the staff list is not asked).
  session.set({
    user: {
      id: 1,
      name: 'Admin',
      username: 'admin',
      phone: '13800000000',
      email: null,
      avatar: null,
      roles: ['admin'],
      menus: [],
      elements: {},
      tenantId: 3,
      tenantName: 'Demo Rentals',
      rentCode: 'HZ',
      rentId: 7,
      rentName: 'Hangzhou',
      rentCity: 'Hangzhou',
      shortRentName: 'Hangzhou',
      rents: [],
    },
    tenantElements: null,
  });
});

describe('the shared inspection wizard', () => {
  it('hands a return with its damage deduction to onSubmit and closes once the call is done', async () => {
    fakeServer();
    const sent: InspectionBody[] = [];
    const onSubmit = vi.fn(async (body: InspectionBody) => {
      sent.push(body);
      return { ok: true };
    });
    const onClose = vi.fn();
    renderWithProviders(
      <InspectionWizard kind="return" lastMileage={500} title="Return the car" onSubmit={onSubmit} onClose={onClose} />,
    );
    expect(await screen.findByText('Return the car', {}, SLOW)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Mileage (km)'), '730');
    const deduction = screen.getByLabelText('Damage deduction (yuan)');
    await user.clear(deduction);
    await user.type(deduction, '120.5');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Click a part of the car outline to add a damage mark', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('No damage', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(sent[0]).toMatchObject({ mileage: 730, energyLevel: 100, damageDeduction: 120.5, damageMarks: [] });
  }, 60_000);

  it('keeps a refusal of the call inside the wizard and stays open', async () => {
    fakeServer({
      'POST /api/x/pickUp': () => ({ status: 409, body: { status: 409, message: 'The car is taken' } }),
    });
    const onClose = vi.fn();
    renderWithProviders(
      <InspectionWizard
        kind="dispatch"
        lastMileage={0}
        onSubmit={(body, silent) => request('/api/x/pickUp', { method: 'POST', json: body, silent })}
        onClose={onClose}
      />,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mileage (km)', {}, SLOW), '10');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Click a part of the car outline to add a damage mark', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The car is taken', {}, SLOW)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    // Not a damage deduction on a dispatch.
    expect(screen.queryByText('Damage deduction (yuan)')).toBeNull();
  }, 60_000);
});
