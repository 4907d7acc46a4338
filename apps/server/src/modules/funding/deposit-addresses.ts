import { and, asc, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cryptoDepositAddresses } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

/**
 * Members' own crypto deposit addresses (issue 13 item 4, decision 0013 "Crypto deposits"): the owner of
 * `crypto_deposit_addresses`. One is shown per network, the first the provider gave; every one it ever
 * gave stays, so whatever arrives at any of them is the member's.
 */

type Q = Db | Tx;
export type DepositAddress = { network: string; address: string; memo: string };

/**
 * The provider's network a coin is deposited on, or null when the provider gives no address for it (the
 * wallet then shows the platform's own address, whose deposits an operator credits). An ERC-20 token is
 * deposited to the member's Ethereum address.
 */
export function depositNetworkOf(coin: { coinSymbol: string; isErc20: boolean }): string | null {
  if (coin.coinSymbol === 'BTC') return 'BITCOIN';
  if (coin.coinSymbol === 'LTC') return 'LITECOIN';
  if (coin.coinSymbol === 'ETH' || coin.isErc20) return 'ETHEREUM';
  return null;
}

/**
 * For another module's statement (the dashboard's one prepared statement): the member's shown address of
 * each network as JSON text `{network: {address, memo}}` ('{}' when none). The statement never names the
 * table; the caller parses it with `readOwnAddresses`.
 */
export const ownAddressesOf = (userId: Placeholder | string) =>
  sql`(select coalesce(json_object_agg(d.network, json_build_object('address', d.address, 'memo', d.memo)), '{}')::text
       from (select distinct on (network) network, address, memo from crypto_deposit_addresses
             where user_id = ${userId} order by network, created_at, id) d)`;

export const readOwnAddresses = (text: string) => JSON.parse(text) as Record<string, DepositAddress>;

/** The member's shown address of each network, read on its own (`ownAddressesOf` in one statement). */
export async function ownAddresses(q: Q, userId: string) {
  const { rows } = await q.execute<{ addresses: string }>(sql`select ${ownAddressesOf(userId)} as addresses`);
  return readOwnAddresses(rows[0]!.addresses);
}

/**
 * Where a member deposits each coin, as their wallets show it: their own address of the coin's network;
 * '' when they have none yet (they ask for it); the platform's address (`depositAddress`) for a coin the
 * provider gives no address for, or when the provider is off (`providerOn` false).
 */
export function coinAddressFor(own: Record<string, DepositAddress>, providerOn: boolean) {
  return (coin: { coinSymbol: string; isErc20: boolean; depositAddress: string }) => {
    const network = depositNetworkOf(coin);
    if (!providerOn || !network) return coin.depositAddress;
    return own[network]?.address ?? '';
  };
}

/** The member's shown address on `network` (their first), or undefined. */
export async function firstAddress(q: Q, userId: string, network: string): Promise<DepositAddress | undefined> {
  const [row] = await q
    .select({
      network: cryptoDepositAddresses.network,
      address: cryptoDepositAddresses.address,
      memo: cryptoDepositAddresses.memo,
    })
    .from(cryptoDepositAddresses)
    .where(and(eq(cryptoDepositAddresses.userId, userId), eq(cryptoDepositAddresses.network, network)))
    .orderBy(asc(cryptoDepositAddresses.createdAt), asc(cryptoDepositAddresses.id))
    .limit(1);
  return row;
}

/**
 * Keeps an address the provider gave the member. Two first asks at once may each get one: both are kept
 * (either may receive), the first stays the one shown. An address already someone's is not taken over.
 */
export async function saveAddress(
  q: Q,
  input: DepositAddress & { userId: string; provider: 'coinqvest'; providerRef: string | null },
) {
  await q
    .insert(cryptoDepositAddresses)
    .values({ id: newId(), ...input })
    .onConflictDoNothing({
      target: [cryptoDepositAddresses.network, cryptoDepositAddresses.address, cryptoDepositAddresses.memo],
    });
}

/**
 * Whose address received a deposit: matched by address and memo, and by network when the provider names
 * one of ours. Undefined when it is no member's (the event then waits for the back office).
 */
export async function ownerOfAddress(q: Q, deposit: { address: string; memo: string; network?: string }) {
  const [row] = await q
    .select({ userId: cryptoDepositAddresses.userId, network: cryptoDepositAddresses.network })
    .from(cryptoDepositAddresses)
    .where(
      and(
        eq(cryptoDepositAddresses.address, deposit.address),
        eq(cryptoDepositAddresses.memo, deposit.memo),
        deposit.network ? eq(cryptoDepositAddresses.network, deposit.network) : undefined,
      ),
    )
    .limit(1);
  return row;
}
