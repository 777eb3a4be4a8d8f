import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { fakeServer, ok } from '../../../test/fake-server';
import { signedIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { LicenceModal } from '../components/licence-modal';
import '../i18n';

const SLOW = { timeout: 20_000 };

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('the licence form', () => {
  it("checks the contracts' rules before sending: a transport certificate needs its number and expiry", async () => {
    signedIn();
    const server = fakeServer({ 'POST /api/ccwadmin/rentCarLicense/save': () => ok({}) });
    const onClose = vi.fn();
    renderWithProviders(<LicenceModal carId={1} licence={null} kind="transport" onClose={onClose} />);
    const user = userEvent.setup();
    const number = await screen.findByLabelText('Number', {}, SLOW);
    await user.type(number, '33');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At least 4 characters', {}, SLOW)).toBeInTheDocument();
    await user.clear(number);
    await user.type(number, '330100123456');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give the expiry date of the transport certificate', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(onClose).not.toHaveBeenCalled());
    expect(server.calls('POST', '/api/ccwadmin/rentCarLicense/save')).toHaveLength(0);
  }, 120_000);
});
