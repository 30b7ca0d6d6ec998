import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // Refusals (4xx) are answers, not glitches: only retry once on network trouble or 5xx.
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
