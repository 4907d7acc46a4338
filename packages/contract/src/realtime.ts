/**
 * socket.io messages, written once for the server (realtime/gateway.ts) and the web app (lib/socket.ts).
 * Member events go out on the channel named by the member's e-mail (spec 1 §7); prices, the same for
 * everyone, on a channel of their own.
 */

/** Who an event is about: the member whose channel carries it. */
export type EventUser = { _id: string; email: string };

export type MemberEvent =
  /** The account was blocked: the app shows the reason and logs out (spec 1 §8, spec 2 §9). */
  | { type: 'userBlocked'; user: EventUser; blockReason: string }
  /** A notification was created: the bell refetches. */
  | { type: 'notification'; user: EventUser; notification: { _id: string; message: string; createdAt: string } }
  /** Balances changed (spec 1 §7): every open wallet screen refetches. */
  | { type: 'nativeWalletUpdate'; user: EventUser }
  /** Opportunity-token balances changed (spec 1 §7); refreshes like nativeWalletUpdate. */
  | { type: 'nftBalanceUpdated'; user: EventUser }
  /** The vault was activated (spec 1 §4). */
  | { type: 'walletActivated'; user: EventUser };

export type MemberEventType = MemberEvent['type'];

/** The channel every member's socket listens on for price changes. */
export const PRICES_CHANNEL = 'pricesUpdated';
export type PricesEvent = { type: 'pricesUpdated'; coinSymbol: string };

/**
 * The channel every member's socket listens on for a notification written to every member at once (the back
 * office's "to all members"): the bell refetches. Each member's copy is their own row; the event carries the
 * text, not an id.
 */
export const BROADCAST_CHANNEL = 'notificationBroadcast';
export type BroadcastEvent = { type: 'notificationBroadcast'; message: string; createdAt: string };

/** What the client sends after connecting (kept for the spec's client; the server trusts the token only). */
export const USER_CONNECT = 'user-connect';
export type UserConnect = { userId: string };
