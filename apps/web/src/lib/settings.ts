import { useQuery } from '@tanstack/react-query';
import type { Settings } from '@vault/contract/schemas/site';
import { api } from './api';
import { queryKeys } from './query-client';
import { useSession } from './session';

/** Platform settings (master wallets, support e-mail, ...), fetched once signed in and kept (spec 1 §3). */
export function useSettings() {
  const { token } = useSession();
  return useQuery({
    queryKey: queryKeys.settings,
    queryFn: () => api<Settings>('settings'),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}
