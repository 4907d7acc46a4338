import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { SANDBOX_PREFIX } from './adapter.ts';

/**
 * The GoCardless sandbox's state (sandbox.ts): its ids, its resources as it keeps them in memory (bounded: the
 * oldest entries go first), and the small checks every part of it shares.
 */

export const MAX_ENTRIES = 5000;
export const CURRENCIES = ['AUD', 'CAD', 'DKK', 'EUR', 'GBP', 'NZD', 'SEK', 'USD'];
export const ID_CHARS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const newId = (prefix: string) =>
  prefix + Array.from({ length: 12 }, () => ID_CHARS[randomInt(ID_CHARS.length)]).join('');
export const ID = /^[A-Z]{2}[0-9A-Z]{1,30}$/;

export type Flow = {
  id: string;
  description: string | null;
  sessionToken: string;
  successRedirectUrl: string;
  prefilled: Record<string, string>;
  createdAt: string;
  state: 'created' | 'approved' | 'cancelled' | 'completed';
  creditor: string;
  customer?: string;
  bankAccount?: string;
  mandate?: string;
};
export type Payment = {
  id: string;
  amount: number;
  currency: string;
  status: string;
  description: string | null;
  metadata: Record<string, string>;
  mandate: string;
  creditor: string;
  chargeDate: string;
  createdAt: string;
};
export type SandboxEvent = {
  id: string;
  created_at: string;
  resource_type: string;
  action: string;
  links: Record<string, string>;
  details: { origin: string; cause: string; description: string };
  metadata: Record<string, string>;
};
export type Delivery = {
  id: string;
  events: string[];
  attempts: { at: string; status: number }[];
  outcome: 'pending' | 'delivered' | 'refused' | 'gave_up';
};

/** A bounded map: inserting beyond the bound drops the oldest entry. */
export class Bounded<V> extends Map<string, V> {
  override set(key: string, value: V) {
    super.set(key, value);
    if (this.size > MAX_ENTRIES) this.delete(this.keys().next().value as string);
    return this;
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const shortString = (v: unknown, max: number) => typeof v === 'string' && v.length > 0 && v.length <= max;

export type Mandate = { id: string; customer: string; status: string };

/** Everything one sandbox holds (one per server process). */
export type SandboxState = {
  flows: Bounded<Flow>;
  payments: Bounded<Payment>;
  mandates: Bounded<Mandate>;
  /** Idempotency-Key → the resource it created (per endpoint). */
  keys: Bounded<string>;
  deliveries: Bounded<Delivery>;
  creditor: string;
  /** The site's own origin: the only place a flow may send the payer back to. */
  ownOrigin: string;
  /** The sandbox's own URL of a path under it. */
  at: (path: string) => string;
};

export function sandboxState(publicUrl: string): SandboxState {
  return {
    flows: new Bounded<Flow>(),
    payments: new Bounded<Payment>(),
    mandates: new Bounded<Mandate>(),
    keys: new Bounded<string>(),
    deliveries: new Bounded<Delivery>(),
    creditor: newId('CR'),
    ownOrigin: new URL(publicUrl).origin,
    at: (path: string) => `${publicUrl}${SANDBOX_PREFIX}${path}`,
  };
}

/** A route's :id when it has the shape of a GoCardless id, otherwise ''. */
export const param = (request: FastifyRequest) => {
  const value = (request.params as { id?: unknown }).id;
  return typeof value === 'string' && ID.test(value) ? value : '';
};

/** Every sandbox route: public (GoCardless' own auth is checked by the API routes) and out of the API docs. */
export const SANDBOX_ROUTE = { config: { auth: 'public' as const }, schema: { hide: true } as const };
