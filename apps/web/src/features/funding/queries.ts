import { useQuery } from '@tanstack/react-query';
import type { DirectWireRequest, PurchaseTerms, RemittanceAddress } from '@vault/contract/schemas/funding';
import type { NativeToken } from '@vault/contract/schemas/site';
import { api } from '../../lib/api';
import { WALLET_QUERY_ROOT } from '../../lib/wallet-data';

/**
 * Cache keys of the funding screens. Terms, the catalogue and wires live under the wallet root: the realtime
 * bridge refreshes everything there when a price or a balance changes, so the rate and the first-purchase
 * minimum shown follow an administrator's new price, and a wire's status follows its decision.
 */
export const fundingKeys = {
  tokens: [...WALLET_QUERY_ROOT, 'purchase-tokens'] as const,
  terms: (token: string) => [...WALLET_QUERY_ROOT, 'purchase-terms', token] as const,
  wire: (id: string) => [...WALLET_QUERY_ROOT, 'direct-wire', id] as const,
  remittanceAddresses: ['remittance-addresses'] as const,
};

/** The catalogue (spec 2 §7): only tokens visible on the web are offered, in display order. */
export const usePurchaseTokens = () =>
  useQuery({
    queryKey: fundingKeys.tokens,
    queryFn: () =>
      api<{ data: NativeToken[] }>('native-token/get-all-native-tokens').then((r) =>
        r.data.filter((t) => t.isVisibleOnWeb).sort((a, b) => a.orderIndex - b.orderIndex),
      ),
  });

/** What the amount form checks before settlement: the rate, the first asset purchase's minimum, activation. */
export const usePurchaseTerms = (token: string | undefined) =>
  useQuery({
    queryKey: fundingKeys.terms(token ?? ''),
    queryFn: () =>
      api<{ data: PurchaseTerms }>(`purchases/terms?${new URLSearchParams({ token: token! })}`).then((r) => r.data),
    enabled: Boolean(token),
  });

/** The member's remittance addresses; the starred one (isPrimary) is what a wire is made from. */
export const useRemittanceAddresses = () =>
  useQuery({
    queryKey: fundingKeys.remittanceAddresses,
    queryFn: () => api<{ data: RemittanceAddress[] }>('remittance-addresses').then((r) => r.data),
  });

/** One direct wire request of the member (its status changes when an operator records or rejects it). */
export const useDirectWire = (id: string | undefined, initialData: DirectWireRequest | undefined) =>
  useQuery({
    queryKey: fundingKeys.wire(id ?? ''),
    queryFn: () => api<{ data: DirectWireRequest }>(`direct-wires/${encodeURIComponent(id!)}`).then((r) => r.data),
    enabled: Boolean(id),
    initialData,
    // What the answer to the POST said is fresh: ask again only on the next visit or a realtime refresh.
    initialDataUpdatedAt: initialData ? Date.now() : undefined,
  });
