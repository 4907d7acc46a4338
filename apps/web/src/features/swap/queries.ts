import { useQuery } from '@tanstack/react-query';
import type { NativeToken } from '@vault/contract/schemas/site';
import type { SwapFlow, SwapQuote } from '@vault/contract/schemas/swap';
import { api } from '../../lib/api';
import { WALLET_QUERY_ROOT } from '../../lib/wallet-data';

/**
 * Cache keys under the wallet root: the realtime bridge refreshes everything there when a balance or a price
 * changes, so the rate shown follows an administrator's new price at once.
 */
export const swapKeys = {
  rate: (flow: SwapFlow, from: string, to: string) => [...WALLET_QUERY_ROOT, 'swap-rate', flow, from, to] as const,
  tokens: [...WALLET_QUERY_ROOT, 'swap-tokens'] as const,
};

/** How often the rate shown is asked again while the screen is open (a quote is firm for a minute). */
const RATE_REFRESH_MS = 30_000;

/** A quote for `amount` of `from` into `to` (native-token/rates/{flow}/swap). */
export const fetchQuote = (flow: SwapFlow, from: string, to: string, amount: string) =>
  api<{ data: SwapQuote }>(`native-token/rates/${flow}/swap?${new URLSearchParams({ from, to, amount })}`).then(
    (r) => r.data,
  );

/** The rate shown on the screen: the spec's preview for amount 1 (spec 2 §7). */
export const useSwapRate = (flow: SwapFlow, from: string | undefined, to: string | undefined) =>
  useQuery({
    queryKey: swapKeys.rate(flow, from ?? '', to ?? ''),
    queryFn: () => fetchQuote(flow, from!, to!, '1'),
    enabled: Boolean(from && to),
    refetchInterval: RATE_REFRESH_MS,
    retry: 1,
  });

/** The catalogue's tokens: what can be received (an sdira member's wallets do not list asset tokens). */
export const useSwapTokens = () =>
  useQuery({
    queryKey: swapKeys.tokens,
    queryFn: () => api<{ data: NativeToken[] }>('native-token/get-all-native-tokens').then((r) => r.data),
  });

/** validate-swap (spec 2 §4: the asset swap asks it before confirming and shows its message when false). */
export const validateSwap = (flow: SwapFlow, from: string, to: string, amount: string) =>
  api<{ status: boolean; message: string }>(
    `native-wallet/validate-swap?${new URLSearchParams({ flow, from, to, amount })}`,
  );
