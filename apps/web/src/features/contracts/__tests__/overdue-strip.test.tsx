import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ContractRiskSummary } from '@fleetdesk/contracts/gps-risk';
import { setLanguage } from '../../../lib/i18n';
import { fakeServer, ok } from '../../../test/fake-server';
import { signedIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { OverdueStrip } from '../components/overdue-strip';

const SLOW = { timeout: 20_000 };
const PATH = '/api/ccwgps/risk/contract/6';
const where = () => screen.getByTestId('location').textContent ?? '';

const summary = (patch: Partial<ContractRiskSummary> = {}): ContractRiskSummary => ({
  contractId: 6,
  contractNo: 'HT202600006',
  carId: 11,
  plate: '浙AF20318',
  overdueAmount: 47200,
  overdueDays: 33,
  gpsVisible: true,
  riskCase: { id: 5, state: 'open', rule: 'geofenceExitOverdue', raisedAt: '2026-11-26T02:00:00Z' },
  position: {
    deviceId: 6,
    imei: '644960770006',
    lat: 30.52,
    lon: 120.61,
    at: '2026-11-26T02:00:00Z',
    speed: 37.6,
    online: false,
    address: '浙江省杭州市拱墅区（距石祥路约 25.1 公里）',
    addressSandbox: true,
  },
  ...patch,
});

describe('the overdue strip of a contract', () => {
  it('says the days and the amount, links the risk case and the car on the map, with the address (Chinese)', async () => {
    await setLanguage('zh-CN');
    signedIn();
    const s = fakeServer({ [`GET ${PATH}`]: () => ok(summary()) });
    renderWithProviders(<OverdueStrip contractId={6} />, { route: '/rentContract/detail/6' });
    const strip = await screen.findByTestId('overdue-strip', undefined, SLOW);
    expect(within(strip).getByTestId('overdue-strip-figures')).toHaveTextContent('逾期 33 天 · 欠款 ¥47,200.00');
    expect(within(strip).getByTestId('overdue-strip-case')).toHaveTextContent('#5 · 欠租驶出围栏 · 待处置');
    expect(within(strip).getByTestId('overdue-strip-case').closest('a')).toHaveAttribute(
      'href',
      '/riskGpsMap/risk?case=5',
    );
    expect(within(strip).getByTestId('overdue-strip-address')).toHaveTextContent(
      '浙江省杭州市拱墅区（距石祥路约 25.1 公里）',
    );
    expect(within(strip).getByText('沙箱')).toBeInTheDocument();
    expect(within(strip).getByText(/离线 · 最后速度 38 km\/h/)).toBeInTheDocument();
    await userEvent.setup().click(within(strip).getByTestId('overdue-strip-map'));
    await waitFor(() => expect(where()).toBe('/riskGpsMap?imei=644960770006'));
    expect(s.calls('GET', PATH)).toHaveLength(1);
  }, 60_000);

  it('an online car, no case, coordinates when there is no address (English)', async () => {
    await setLanguage('en-US');
    signedIn();
    fakeServer({
      [`GET ${PATH}`]: () =>
        ok(summary({ riskCase: null, position: { ...summary().position!, online: true, speed: 52, address: null } })),
    });
    renderWithProviders(<OverdueStrip contractId={6} />);
    const strip = await screen.findByTestId('overdue-strip', undefined, SLOW);
    expect(within(strip).getByTestId('overdue-strip-figures')).toHaveTextContent('33 days overdue · ¥47,200.00 owed');
    expect(within(strip).getByText('No risk case')).toBeInTheDocument();
    expect(within(strip).getByTestId('overdue-strip-address')).toHaveTextContent('30.52000, 120.61000');
    expect(within(strip).queryByText('sandbox')).not.toBeInTheDocument();
    expect(within(strip).getByText(/online · 52 km\/h/)).toBeInTheDocument();
  }, 60_000);

  it('shows only the figures to a user without the risk screens, and nothing for a contract not overdue', async () => {
    await setLanguage('en-US');
    signedIn();
    const s = fakeServer({
      [`GET ${PATH}`]: () => ok(summary({ gpsVisible: false, riskCase: null, position: null })),
      'GET /api/ccwgps/risk/contract/7': () =>
        ok(summary({ contractId: 7, overdueAmount: 0, overdueDays: 0, riskCase: null })),
    });
    renderWithProviders(
      <>
        <OverdueStrip contractId={6} />
        <div data-testid="paid">
          <OverdueStrip contractId={7} />
        </div>
      </>,
    );
    const strip = await screen.findByTestId('overdue-strip', undefined, SLOW);
    expect(within(strip).getByTestId('overdue-strip-figures')).toHaveTextContent('33 days overdue');
    expect(within(strip).queryByTestId('overdue-strip-position')).not.toBeInTheDocument();
    expect(within(strip).queryByText('No risk case')).not.toBeInTheDocument();
    await waitFor(() => expect(s.calls('GET', '/api/ccwgps/risk/contract/7')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByTestId('overdue-strip')).toHaveLength(1);
    expect(screen.getByTestId('paid')).toBeEmptyDOMElement();
  }, 60_000);
});
