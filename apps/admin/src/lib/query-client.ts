import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** One cache for the back office; signing out (and any 401) clears it, so no screen shows the last person's data. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; network hiccups and 5xx get two more tries.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
      staleTime: 15_000,
    },
  },
});
