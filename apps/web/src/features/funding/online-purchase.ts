import { useQuery } from '@tanstack/react-query';
import { messages } from '@vault/contract/messages';
import type { OnlinePurchaseState } from '@vault/contract/schemas/funding';
import { ApiError, api } from '../../lib/api';

/**
 * The online purchases (issue 13, spec 2 §4): PayPal and COINQVEST are paid in the provider's window; this
 * app follows the purchase's state until the provider's verified event settles it.
 */
export type OnlineProvider = 'paypal' | 'coinqvest';
export type PurchaseState = OnlinePurchaseState['data'];

/** How often a pending purchase is asked again (the realtime bridge's refresh of ['purchases'] comes first). */
export const PURCHASE_POLL_MS = 3_000;

/**
 * Under ['purchases']: the realtime bridge invalidates that root when a purchase is issued, rejected or
 * expired, so an open status view follows at once; it also asks every few seconds while pending.
 */
export const onlinePurchaseKey = (provider: OnlineProvider, ref: string) =>
  ['purchases', 'online', provider, ref] as const;

/** PayPal's state is read by PayPal's order id; COINQVEST's by our purchase id. */
const statePath = (provider: OnlineProvider, ref: string) =>
  provider === 'paypal' ? `paypal/order/${encodeURIComponent(ref)}` : `coinqvest/purchase/${encodeURIComponent(ref)}`;

/** The purchase as it is now, asked again while it is pending. */
export const usePurchaseState = (provider: OnlineProvider, ref: string | null, enabled = true) =>
  useQuery({
    queryKey: onlinePurchaseKey(provider, ref ?? ''),
    queryFn: () => api<OnlinePurchaseState>(statePath(provider, ref!)).then((r) => r.data),
    enabled: Boolean(ref) && enabled,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'pending' ? false : PURCHASE_POLL_MS),
    refetchIntervalInBackground: true,
  });

/** Spec 2 §8: a payment provider's failure shows the server's message, or else 'something error occurred'. */
export const providerErrorText = (error: unknown) =>
  error instanceof ApiError && error.body.message ? error.body.message : messages.onlinePurchaseFailed;
