import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { fieldFailure, PROFILE, SLOW } from './fixtures';

const COMPANY = '/api/ccwadmin/setting/company';

beforeEach(async () => {
  await setLanguage('en-US');
});

const form = () => document.querySelector<HTMLElement>('form[aria-label="Company profile"]')!;

describe('the company profile', () => {
  it('is read-only without oaSetting:edit, and the roles tab is missing without oaSetting:role', async () => {
    signedIn();
    sessionServer({ menus: ['oaSetting'], elements: ['oaSetting:view'] }, { [`GET ${COMPANY}`]: () => ok(PROFILE) });
    renderApp('/oaSetting');
    await screen.findByText('Unified social credit code', {}, SLOW);
    expect(within(form()).getByText(/changing it needs the right to edit/)).toBeInTheDocument();
    expect(within(form()).getByLabelText('Company name')).toBeDisabled();
    expect(within(form()).getByLabelText('Company name')).toHaveValue('Demo Rentals');
    expect(within(form()).getByLabelText('Unified social credit code')).toBeDisabled();
    expect(within(form()).queryByText('Save')).toBeNull();
    expect(within(form()).queryByText('Upload')).toBeNull();
    expect(within(form()).getByAltText('Logo')).toHaveAttribute('src', PROFILE.logoUrl);
    expect(screen.getByText('Business rules')).toBeInTheDocument();
    expect(screen.queryByText('Roles')).toBeNull();
  });

  it("saves the profile; the contracts check the credit code, the server's field errors show", async () => {
    signedIn();
    let answer: 'ok' | 'fail' = 'fail';
    const server = sessionServer(ADMIN, {
      [`GET ${COMPANY}`]: () => ok(PROFILE),
      [`PUT ${COMPANY}`]: (req) =>
        answer === 'fail'
          ? fieldFailure([{ path: 'shortName', message: 'This short name is taken' }])
          : ok({ ...PROFILE, ...(req.body as object) }),
    });
    renderApp('/oaSetting');
    await screen.findByText('Unified social credit code', {}, SLOW);
    const user = userEvent.setup();
    const code = within(form()).getByLabelText('Unified social credit code');
    await user.clear(code);
    await user.type(code, '12345');
    const save = within(form()).getByText('Save', { selector: 'button span' }).closest('button')!;
    await user.click(save);
    expect(await within(form()).findByText('Enter the 18-character unified social credit code')).toBeInTheDocument();
    expect(server.calls('PUT', COMPANY)).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '91330100mA2XXXXX0X'.toUpperCase());
    await user.clear(within(form()).getByLabelText('Contact phone'));
    await user.click(save);
    expect(await within(form()).findByText('This short name is taken')).toBeInTheDocument();
    expect(server.calls('PUT', COMPANY)[0]!.body).toEqual({
      name: 'Demo Rentals',
      shortName: 'Demo',
      logo: 'oss://image/logo.png',
      licenceNo: '91330100MA2XXXXX0X',
      licenceImage: null,
      timeZone: 'Asia/Shanghai',
      contactName: 'Zhang Wei',
      contactPhone: null,
    });
    answer = 'ok';
    await user.click(save);
    expect(await screen.findByText('The company profile is saved')).toBeInTheDocument();
    await waitFor(() => expect(server.calls('PUT', COMPANY)).toHaveLength(2));
  });
});
