import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  overviewResponse,
  type RecordReservesBody,
  recordReservesResponse,
  reservesResponse,
} from '@vault/contract/schemas/backoffice';
import { api, queryString } from '../../lib/api';

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

export const reservesKey = ['reserves'] as const;

/** GET /api/admin/reserves?asset&page&limit: an asset's records, newest first. */
export function useReserveHistory(asset: string, page: number, limit: number) {
  return useQuery({
    queryKey: [...reservesKey, asset, page, limit],
    queryFn: () => api(`admin/reserves${queryString({ asset, page, limit })}`, reservesResponse),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/reserves; afterwards the overview and the histories are asked again. */
export function useRecordReserves() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordReservesBody) => api('admin/reserves', recordReservesResponse, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: overviewKey }),
        queryClient.invalidateQueries({ queryKey: reservesKey }),
      ]),
  });
}
