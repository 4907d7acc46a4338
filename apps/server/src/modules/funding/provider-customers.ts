import type { OnlineMethod } from '@vault/contract/schemas/funding';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { providerCustomers } from '../../db/schema.ts';

type Q = Db | Tx;

/**
 * `provider_customers` (issue 13), owned by modules/funding: a member's customer at an online provider
 * (COINQVEST customer; GoCardless customer, mandate and pending redirect flow). One row per (member,
 * provider). Every other file reads and writes it through these functions.
 */
export type ProviderCustomer = typeof providerCustomers.$inferSelect;

/** The member's customer at this provider, or undefined. */
export async function providerCustomerOf(q: Q, userId: string, provider: OnlineMethod) {
  const [row] = await q
    .select()
    .from(providerCustomers)
    .where(and(eq(providerCustomers.userId, userId), eq(providerCustomers.provider, provider)));
  return row;
}

/**
 * Records the member's customer at this provider, the first one only: of two registrations at once the
 * second finds the first (`on conflict do nothing`) and the row answered is the stored one.
 */
export async function saveProviderCustomer(q: Q, userId: string, provider: OnlineMethod, customerId: string) {
  await q.insert(providerCustomers).values({ userId, provider, customerId }).onConflictDoNothing();
  return (await providerCustomerOf(q, userId, provider))!;
}

/** Sets fields of the member's row at this provider (created when missing): mandate, pending flow, customer. */
export async function updateProviderCustomer(
  q: Q,
  userId: string,
  provider: OnlineMethod,
  fields: Partial<Pick<ProviderCustomer, 'customerId' | 'mandateId' | 'pendingFlowId'>>,
) {
  const [row] = await q
    .insert(providerCustomers)
    .values({ userId, provider, ...fields })
    .onConflictDoUpdate({
      target: [providerCustomers.userId, providerCustomers.provider],
      set: { ...fields, updatedAt: new Date() },
    })
    .returning();
  return row!;
}
