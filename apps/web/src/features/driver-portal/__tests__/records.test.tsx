import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PortalViolation } from '@fleetdesk/contracts/driver-portal';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { mayProve } from '../pages/records-page';
import { driverSignedIn, FIRST, portalServer, SLOW } from './fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

const violation = (patch: Partial<PortalViolation> & Pick<PortalViolation, 'id'>): PortalViolation => ({
  plate: '浙AD12345',
  occurredAt: '2026-11-02T01:30:00.000Z',
  place: 'Wensan Road',
  offence: 'Running a red light',
  fine: 200,
  points: 6,
  handled: false,
  proof: null,
  ...patch,
});

const picture = (name: string) => new File(['png'], name, { type: 'image/png' });

describe('the proof that a violation was handled', () => {
  it('is offered on an unhandled violation without a proof waiting for review', () => {
    expect(mayProve(violation({ id: 1 }))).toBe(true);
    expect(mayProve(violation({ id: 2, handled: true }))).toBe(false);
    const proof = { files: ['a'], note: null, at: '2026-11-03T00:00:00Z' };
    expect(mayProve(violation({ id: 3, proof: { ...proof, state: 'pending' } }))).toBe(false);
    expect(mayProve(violation({ id: 4, proof: { ...proof, state: 'rejected' } }))).toBe(true);
  });

  it('uploads 1-6 pictures and sends them with a note', async () => {
    driverSignedIn();
    let uploads = 0;
    const server = portalServer({
      'GET /api/driver/violations': () =>
        ok([
          violation({ id: 1 }),
          violation({
            id: 2,
            handled: false,
            proof: { state: 'pending', files: ['x'], note: null, at: '2026-11-03T00:00:00Z' },
          }),
          violation({ id: 3, handled: true }),
        ]),
      'POST /api/driver/files': () => {
        uploads++;
        return ok({
          url: `driver/proof-${uploads}.png`,
          signedUrl: `http://localhost/files/proof-${uploads}.png?sig=1`,
          name: `proof-${uploads}.png`,
          size: 3,
        });
      },
      'POST /api/driver/violations/:id/proof': () => ok(null),
    });
    renderApp('/driver/records');
    const first = await screen.findByTestId('dp-violation-1', {}, FIRST);
    expect(within(first).getByText('Not handled')).toBeInTheDocument();
    expect(within(screen.getByTestId('dp-violation-2')).getByText('Waiting for review')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('dp-violation-2')).queryByRole('button', { name: 'Upload proof of handling' }),
    ).toBeNull();
    expect(
      within(screen.getByTestId('dp-violation-3')).queryByRole('button', { name: 'Upload proof of handling' }),
    ).toBeNull();

    const user = userEvent.setup();
    await user.click(within(first).getByRole('button', { name: 'Upload proof of handling' }));
    const form = await screen.findByTestId('dp-proof-form', {}, SLOW);
    // Nothing picked: the contracts' rule says so, nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Send for review' }));
    expect(await within(form).findByText('Upload 1 to 6 pictures')).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText('Add pictures'), {
      target: { files: [picture('a.png'), picture('b.png')] },
    });
    expect(await within(form).findByRole('img', { name: 'Picture 2' })).toHaveAttribute(
      'src',
      'http://localhost/files/proof-2.png?sig=1',
    );
    const upload = server.calls('POST', '/api/driver/files')[0]!;
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    expect(upload.headers.get('X-User-Type')).toBe('driver');
    await user.type(within(form).getByLabelText('Note (optional)'), 'Paid at the police station');
    await user.click(within(form).getByRole('button', { name: 'Send for review' }));
    await waitFor(() => expect(server.calls('POST', '/api/driver/violations/1/proof')).toHaveLength(1));
    const sent = server.calls('POST', '/api/driver/violations/1/proof')[0]!.body as { files: string[]; note: string };
    expect([...sent.files].sort()).toEqual(['driver/proof-1.png', 'driver/proof-2.png']);
    expect(sent.note).toBe('Paid at the police station');
    await waitFor(() => expect(screen.queryByTestId('dp-proof-form')).toBeNull());
    // The list is read again.
    await waitFor(() => expect(server.calls('GET', '/api/driver/violations').length).toBeGreaterThanOrEqual(2));
  }, 60_000);

  it('lists the accidents read only, and says when there are none', async () => {
    driverSignedIn();
    portalServer({
      'GET /api/driver/violations': () => ok([]),
      'GET /api/driver/accidents': () =>
        ok([
          {
            id: 5,
            plate: '浙AD12345',
            occurredAt: '2026-10-02T01:30:00.000Z',
            place: 'Ring road',
            description: 'Rear-ended at a light',
            responsibility: 'Minor',
            state: 'Closed',
            claimState: 'Paid',
          },
        ]),
    });
    renderApp('/driver/records');
    expect(await screen.findByText('No violations', {}, FIRST)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Accidents' }));
    const row = await screen.findByTestId('dp-accident-5', {}, SLOW);
    expect(within(row).getByText('Rear-ended at a light')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).toBeNull();
  });
});
