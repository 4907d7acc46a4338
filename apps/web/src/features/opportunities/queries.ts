import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { opportunityTokensResponse } from '@vault/contract/schemas/opportunities';
import { LOG_PAGE_SIZE, logsResponse } from '@vault/contract/schemas/wallet';
import { api } from '../../lib/api';
import { WALLET_QUERY_ROOT } from '../../lib/wallet-data';

/**
 * Opportunity reads (issue 17). Both live under the wallet root: a request made, approved or rejected and a
 * trade are balance changes, and the realtime bridge refreshes everything under that root on
 * nativeWalletUpdate and nftBalanceUpdated, so the remaining units, the member's units and the pool's
 * history follow live.
 */
export const opportunityKeys = {
  pools: [...WALLET_QUERY_ROOT, 'opportunities'] as const,
  history: (poolId: string) => [...WALLET_QUERY_ROOT, 'opportunities', 'history', poolId] as const,
};

/** GET /nft-token: every pool with its remaining units and the caller's own. */
export const usePools = () =>
  useQuery({
    queryKey: opportunityKeys.pools,
    queryFn: async () => opportunityTokensResponse.parse(await api('nft-token')).data,
  });

/** The member's transactions in one pool's units (transaction-log/user/logs?nftTokenId), 30 a page, newest first. */
export const usePoolHistory = (poolId: string) =>
  useInfiniteQuery({
    queryKey: opportunityKeys.history(poolId),
    queryFn: async ({ pageParam }) =>
      logsResponse.parse(
        await api(
          `transaction-log/user/logs?${new URLSearchParams({
            nftTokenId: poolId,
            page: String(pageParam),
            limit: String(LOG_PAGE_SIZE),
          })}`,
        ),
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      return last.data.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
    },
  });
