import { useQuery } from '@tanstack/react-query';
import type { NativeToken } from '@vault/contract/schemas/site';
import { api } from '../../lib/api';

/** Native tokens shown on the public site: only isVisibleOnWeb, in orderIndex order (spec 2 §7). */
export function useNativeTokens() {
  return useQuery({
    queryKey: ['native-tokens', 'public'],
    queryFn: async () => {
      const res = await api<{ data: NativeToken[] }>('native-token/get-all-native-tokens');
      return res.data.filter((t) => t.isVisibleOnWeb).sort((a, b) => a.orderIndex - b.orderIndex);
    },
    // prices move slowly; once a minute keeps the carousel fresh without hammering the server
    refetchInterval: 60_000,
    // one quick retry, then the carousel shows its error state with a Try again button
    retry: 1,
  });
}
