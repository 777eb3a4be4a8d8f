import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PortalDocument } from '@fleetdesk/contracts/driver-portal';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { driverSignedIn, fieldFailure, FIRST, portalServer, SLOW } from './fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

const DOCS: PortalDocument[] = [
  {
    kind: 'licence',
    number: '330106198503074417',
    expiry: '2026-12-01',
    licenceClass: 'C1',
    frontUrl: 'http://localhost/files/lic-front.png?sig=1',
    backUrl: null,
    submission: null,
  },
  {
    kind: 'idCard',
    number: '330106198503074417',
    expiry: null,
    licenceClass: null,
    frontUrl: null,
    backUrl: null,
    submission: { id: 4, state: 'pending', note: null, at: '2026-11-10T02:00:00.000Z' },
  },
];

describe('the driver’s documents', () => {
  it('checks an update before sending it, then sends it for review; a pending one cannot be sent again', async () => {
    driverSignedIn();
    let uploads = 0;
    let refuse = true;
    const server = portalServer({
      'GET /api/driver/documents': () => ok(DOCS),
      'POST /api/driver/files': () => {
        uploads++;
        return ok({
          url: `driver/doc-${uploads}.png`,
          signedUrl: `http://localhost/f/doc-${uploads}.png`,
          name: 'x',
          size: 1,
        });
      },
      'POST /api/driver/documents': () => {
        if (refuse) {
          refuse = false;
          return fieldFailure([{ path: 'expiry', message: 'The licence must still be valid' }]);
        }
        return ok(null);
      },
    });
    renderApp('/driver/documents');
    const idCard = await screen.findByTestId('dp-document-idCard', {}, FIRST);
    const pending = within(idCard).getByRole('button', { name: 'Under review' });
    expect(pending).toBeDisabled();

    const licence = screen.getByTestId('dp-document-licence');
    expect(within(licence).getByText('C1')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(licence).getByRole('button', { name: 'Send an update' }));
    const form = within(licence).getByTestId('dp-document-form-licence');
    await user.clear(within(form).getByLabelText('Number'));
    await user.click(within(form).getByRole('button', { name: 'Send for review' }));
    // The number is required, and so are both photos (the contracts' rule).
    await waitFor(() => expect(within(form).getAllByText('Required')).toHaveLength(3), SLOW);
    expect(server.calls('POST', '/api/driver/documents')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Number'), '330106198503074418');
    await user.clear(within(form).getByLabelText('Licence class'));
    await user.type(within(form).getByLabelText('Licence class'), 'a1');
    fireEvent.change(within(form).getByLabelText('Valid until'), { target: { value: '2032-05-01' } });
    fireEvent.change(within(form).getByLabelText('Upload front'), {
      target: { files: [new File(['1'], 'f.png', { type: 'image/png' })] },
    });
    await within(form).findByRole('img', { name: 'Picture 1' });
    fireEvent.change(within(form).getByLabelText('Upload back'), {
      target: { files: [new File(['2'], 'b.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(within(form).getAllByRole('img')).toHaveLength(2));
    await user.click(within(form).getByRole('button', { name: 'Send for review' }));
    // The server's field error under its field.
    expect(await within(form).findByText('The licence must still be valid', {}, SLOW)).toBeInTheDocument();
    // (the loading icon stays in the button's name while its closing motion runs in the test DOM)
    await user.click(within(form).getByRole('button', { name: /Send for review/ }));
    await waitFor(() => expect(server.calls('POST', '/api/driver/documents')).toHaveLength(2));
    expect(server.calls('POST', '/api/driver/documents')[1]!.body).toEqual({
      kind: 'licence',
      number: '330106198503074418',
      licenceClass: 'A1',
      expiry: '2032-05-01',
      frontUrl: 'driver/doc-1.png',
      backUrl: 'driver/doc-2.png',
    });
    await waitFor(() => expect(within(licence).queryByTestId('dp-document-form-licence')).toBeNull());
  }, 60_000);
});
