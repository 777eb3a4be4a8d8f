import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { GpsMap } from '../components/gps-map';

/** Leaflet asks tiles only of a box with a size; happy-dom lays nothing out. */
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(512);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(384);
});
afterEach(() => vi.restoreAllMocks());

/** happy-dom has no canvas: the map is drawn without cars and routes (the tiles are what is tested). */
const ROUTE = null;
const tilesOf = (box: HTMLElement) => [...box.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];

describe('the map’s tiles', () => {
  it('says so when its tiles fail to load, and asks them again on retry', async () => {
    await setLanguage('en-US');
    renderWithProviders(
      <GpsMap cars={[]} tiles="osm" selected={null} onSelect={() => undefined} route={ROUTE} label="Map" />,
    );
    const map = screen.getByTestId('gps-map');
    await waitFor(() => expect(tilesOf(map).length).toBeGreaterThan(0));
    const first = tilesOf(map);
    expect(first[0]!.src).toMatch(/^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/);
    expect(screen.queryByTestId('gps-tiles-failed')).not.toBeInTheDocument();
    // The tile address fails (no network, the provider down): the browser fires `error` on the tile.
    for (const img of first) fireEvent.error(img);
    const alert = await screen.findByTestId('gps-tiles-failed');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent('The map tiles did not load');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByTestId('gps-tiles-failed')).not.toBeInTheDocument());
    // Asked again: new tile images, and one that loads keeps the message away even if another fails.
    await waitFor(() => expect(tilesOf(map).length).toBeGreaterThan(0));
    const again = tilesOf(map);
    fireEvent.load(again[0]!);
    for (const img of again.slice(1)) fireEvent.error(img);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('gps-tiles-failed')).not.toBeInTheDocument();
  }, 60_000);

  it('without tiles there is nothing to fail', async () => {
    await setLanguage('zh-CN');
    renderWithProviders(
      <GpsMap cars={[]} tiles="none" selected={null} onSelect={() => undefined} route={ROUTE} label="地图" />,
    );
    const map = screen.getByTestId('gps-map');
    await new Promise((r) => setTimeout(r, 50));
    expect(tilesOf(map)).toHaveLength(0);
    expect(screen.queryByTestId('gps-tiles-failed')).not.toBeInTheDocument();
  }, 60_000);
});
