import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  LOG_PAGE_SIZE,
  type LogsQuery,
  type Sparklines,
  type TokenSend,
  type TransactionLog,
} from '@vault/contract/schemas/wallet';
import { api } from '../../lib/api';
import { currencyInfoKey, WALLET_QUERY_ROOT } from '../../lib/wallet-data';

export { useCurrencyInfo, WALLETS_NOT_LOADED } from '../../lib/wallet-data';

/** Cache keys of the wallet screens; realtime wallet events invalidate `walletKeys.all`. */
export const walletKeys = {
  all: WALLET_QUERY_ROOT,
  currencyInfo: currencyInfoKey,
  tokenSends: ['wallet', 'token-sends'] as const,
  sparklines: (symbol: string) => ['wallet', 'sparklines', symbol] as const,
  /** Infinite lists of logs (a key of their own: an infinite query's cache differs from a single page's). */
  logPages: (query: LogFilter) => ['wallet', 'log-pages', query] as const,
};

/** How many of the newest token sends /token-history asks for (the server's default, said explicitly). */
export const TOKEN_SENDS_LIMIT = 100;

export const useTokenSends = () =>
  useQuery({
    queryKey: walletKeys.tokenSends,
    queryFn: () =>
      api<{ data: TokenSend[] }>(`transaction-log/native-token-send?limit=${TOKEN_SENDS_LIMIT}`).then((r) => r.data),
  });

export const useSparklines = (symbol: string) =>
  useQuery({ queryKey: walletKeys.sparklines(symbol), queryFn: () => api<Sparklines>(`coin/sparklines/${symbol}`) });

/** One page of transaction-log/user/logs. */
const fetchLogs = (query: Partial<LogsQuery>) => {
  const params = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  return api<{ data: TransactionLog[]; total: number }>(`transaction-log/user/logs?${params}`);
};

type LogFilter = Omit<Partial<LogsQuery>, 'page' | 'limit'>;

/**
 * The page after the loaded ones, or none: none when the last page came back empty (nothing more, whatever
 * the total said) or everything the total counts is loaded.
 */
export function nextLogPage(last: { data: unknown[]; total: number }, pages: { data: unknown[] }[]) {
  const loaded = pages.reduce((n, p) => n + p.data.length, 0);
  return last.data.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
}

/** Transaction logs page by page (30 a page, spec 2 §9), newest first, for infinite scroll. */
export const useLogPages = (filter: LogFilter) =>
  useInfiniteQuery({
    queryKey: walletKeys.logPages(filter),
    queryFn: ({ pageParam }) => fetchLogs({ ...filter, page: pageParam, limit: LOG_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextLogPage,
  });
