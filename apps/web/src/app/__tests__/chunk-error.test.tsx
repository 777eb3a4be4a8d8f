import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { lazyPage } from '../../lib/lazy-page';
import { ChunkErrorBoundary } from '../chunk-error-boundary';

beforeEach(async () => {
  await setLanguage('en-US');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

function renderPage(load: () => Promise<never>) {
  const Page = lazyPage(load);
  render(
    <ChunkErrorBoundary>
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>
    </ChunkErrorBoundary>,
  );
}

describe('a screen group that fails to load', () => {
  it('offers a reload instead of a blank page (ChunkLoadError)', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')));
    expect(await screen.findByText('The page could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalled();
  });

  it('treats a failed style chunk the same way (CSS_CHUNK_LOAD_FAILED)', async () => {
    renderPage(() => Promise.reject(new Error('Unable to preload CSS for /assets/x.css')));
    expect(await screen.findByText('The page could not be loaded')).toBeInTheDocument();
  });

  it('says so plainly when a screen crashes for another reason', async () => {
    renderPage(() => Promise.reject(new Error('boom')));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});
