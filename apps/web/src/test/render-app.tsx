import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { AppRoutes } from '../app/root';
import { createQueryClient } from '../lib/query-client';
import { LocationProbe } from './render';

/** The whole route table, as the browser gets it, at a starting path. */
export function renderApp(route: string) {
  const client = createQueryClient();
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>
          <Suspense fallback={null}>
            <AppRoutes />
          </Suspense>
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}
