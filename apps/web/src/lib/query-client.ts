import { QueryClient } from '@tanstack/react-query';

/**
 * The request layer already shows every failure; asking again would show it twice (and a timeout is 60 s),
 * so queries do not retry by themselves: the screens offer a retry button.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
