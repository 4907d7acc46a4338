import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** One cache for the whole app; logout and 401 clear it (spec 1 §4). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; network hiccups and 5xx get two more tries.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

export const queryKeys = {
  userInfo: ['user-info'] as const,
  settings: ['settings'] as const,
  maintenance: ['maintenance'] as const,
  notifications: ['notifications'] as const,
};
