import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { API, E, FIRST, flow, panel, SLOW } from './fixtures';

const CONTRACT = {
  id: 9,
  number: 'HT202600009',
  driverId: 4,
  driverName: 'Wang Jianguo',
  carId: 11,
  plate: '浙AD12345',
  state: 'signed',
  dispatched: true,
  attachments: [],
  clauses: [],
};

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('the contract page', () => {
  it('has the e-signature tab, which links to a new notarization application of the contract', async () => {
    signedIn();
    sessionServer(ADMIN, {
      [`GET ${E}/:id`]: () => ok(panel({ current: flow({ state: 'completed' }) })),
      [`GET ${API}/rentContract/accounts`]: () => ok([]),
      [`GET ${API}/rentContract/:id`]: () => ok(CONTRACT),
      'GET /api/ccwgps/risk/contract/:id': () => ok(null),
      [`GET ${API}/notarization/list`]: () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 20 }),
      [`GET ${API}/notarization/options`]: () =>
        ok({ provider: { name: 'sandbox', sandbox: true }, unitPrice: 50, balance: 320, offices: [] }),
    });
    renderApp('/rentContract/detail/9?tab=esign');
    const tab = await screen.findByRole('tab', { name: 'E-signature' }, FIRST);
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const panelView = await screen.findByTestId('esign-tab', {}, SLOW);
    expect(within(panelView).getByText('QS202612010001')).toBeInTheDocument();
    await userEvent.setup().click(within(panelView).getByRole('link', { name: /Apply for notarization/ }));
    // The new application's form, the contract filled in.
    const dialog = await screen.findByRole('dialog', {}, FIRST);
    expect(await within(dialog).findByText('HT202600009 · Wang Jianguo · 浙A·D12345', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/notarization?contractId=9&new=1');
  }, 180_000);
});
