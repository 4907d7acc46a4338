import { useQuery } from '@tanstack/react-query';
import { overviewResponse } from '@vault/contract/schemas/backoffice';
import { api } from '../../lib/api';

export const overviewKey = ['overview'] as const;

/**
 * GET /api/admin/overview: the figures of the first screen. Not refreshed on a timer: a screen left open
 * would keep the administrator's session alive past its idle limit. Refresh asks again.
 */
export function useOverview() {
  return useQuery({
    queryKey: overviewKey,
    queryFn: async () => (await api('admin/overview', overviewResponse)).data,
  });
}
