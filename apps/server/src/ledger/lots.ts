import { fromUnits, toUnits } from '@vault/contract/money';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { assetLots, ledgerAccounts, lotTakes } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { Executor } from './accounts.ts';

/**
 * Acquisition lots of asset tokens (asset_lots): the holding period before redemption runs from each
 * lot's date, and members dispose of the oldest lots first. Which assets have lots is the catalogue's
 * knowledge, not the ledger's: it is passed to createLedger or registered here once (the catalogue
 * does so when it loads).
 */
export type LotRule = (q: Executor, asset: string) => Promise<boolean>;

let registered: LotRule | undefined;

/** The rule a ledger uses when createLedger is given none. */
export function registerLotRule(rule: LotRule) {
  registered = rule;
}

export const registeredLotRule: LotRule = (q, asset) => {
  // Failing loudly: a ledger silently without lots would make tokens redeemable at once.
  if (!registered) throw new Error('ledger: no lot rule registered (createLedger({ tracksLots }) or registerLotRule)');
  return registered(q, asset);
};

/** A new lot of `units` dated now: the holding period of what was just acquired starts here. */
export async function acquire(q: Executor, account: string, asset: string, units: bigint, entryId: string) {
  const amount = fromUnits(units);
  await q
    .insert(assetLots)
    .values({ id: newId(), accountId: account, asset, acquiredAt: new Date(), amount, remaining: amount, entryId });
}

/**
 * Takes `units` from the account's lots, oldest first, and records which lots the entry took (a
 * reversal gives them back). `first`: the lots an entry being reversed created are taken back before
 * any older one, so a correction keeps the member's holding period. The account must be locked.
 */
export async function consume(q: Executor, account: string, units: bigint, entryId: string, first?: string) {
  const lots = await q
    .select({ id: assetLots.id, remaining: assetLots.remaining })
    .from(assetLots)
    .where(and(eq(assetLots.accountId, account), gt(assetLots.remaining, '0')))
    .orderBy(
      ...(first ? [sql`${assetLots.entryId} = ${first} desc`] : []),
      asc(assetLots.acquiredAt),
      asc(assetLots.id),
    )
    .for('update');
  let left = units;
  const takes: { entryId: string; lotId: string; amount: string }[] = [];
  for (const lot of lots) {
    if (left === 0n) break;
    const remaining = toUnits(lot.remaining);
    const take = remaining < left ? remaining : left;
    await q
      .update(assetLots)
      .set({ remaining: fromUnits(remaining - take) })
      .where(eq(assetLots.id, lot.id));
    takes.push({ entryId, lotId: lot.id, amount: fromUnits(take) });
    left -= take;
  }
  if (takes.length > 0) await q.insert(lotTakes).values(takes);
}

/** Gives back what an entry took from lots, each to its own lot, so acquisition dates are kept. */
export async function restore(q: Executor, entryId: string) {
  await q.execute(sql`
    update asset_lots l set remaining = l.remaining + t.amount
    from (select lot_id, sum(amount) as amount from lot_takes where entry_id = ${entryId} group by lot_id) t
    where l.id = t.lot_id`);
}

export type MemberLine = { account: string; asset: string; units: bigint; member: boolean };

/**
 * What each member account gained or lost in an entry, per lot-tracked asset: a fee paid from what a
 * member receives in the same asset shrinks the new lot rather than eating an old one.
 */
export async function netByAccount(q: Executor, lines: MemberLine[], tracksLots: LotRule) {
  const net = new Map<string, { asset: string; units: bigint }>();
  for (const line of lines) {
    if (!line.member) continue;
    const sum = net.get(line.account) ?? { asset: line.asset, units: 0n };
    sum.units += line.units;
    net.set(line.account, sum);
  }
  const tracked = new Map<string, boolean>();
  for (const { asset } of net.values()) {
    if (!tracked.has(asset)) tracked.set(asset, await tracksLots(q, asset));
  }
  return [...net].filter(([, n]) => tracked.get(n.asset) && n.units !== 0n);
}

/**
 * Gives up to `units` back to the lots of `account` that `takenBy` took, the most recently acquired first
 * (the entry took the oldest first, so what comes back unsold is its newest part), dates kept. Returns the
 * units that did not fit. The caller gives back from one entry at most once (a marketplace ad closes once,
 * by a guarded UPDATE in the same transaction), and never more than the entry took.
 */
async function giveBack(q: Executor, account: string, units: bigint, takenBy: string) {
  const takes = await q
    .select({ lotId: lotTakes.lotId, amount: lotTakes.amount })
    .from(lotTakes)
    .innerJoin(assetLots, eq(assetLots.id, lotTakes.lotId))
    .where(and(eq(lotTakes.entryId, takenBy), eq(assetLots.accountId, account)))
    .orderBy(desc(assetLots.acquiredAt), desc(assetLots.id));
  let left = units;
  for (const take of takes) {
    if (left === 0n) break;
    const taken = toUnits(take.amount);
    const give = taken < left ? taken : left;
    await q
      .update(assetLots)
      .set({ remaining: sql`${assetLots.remaining} + ${fromUnits(give)}::numeric` })
      .where(eq(assetLots.id, take.lotId));
    left -= give;
  }
  return left;
}

/**
 * Lots follow the entry: what a member received is a new lot (or, with `lotsBackFrom`, first the lots that
 * entry took, dates kept), what they gave leaves oldest first.
 */
export async function moveLots(
  q: Executor,
  entryId: string,
  lines: MemberLine[],
  tracksLots: LotRule,
  lotsBackFrom?: string,
) {
  for (const [account, { asset, units }] of await netByAccount(q, lines, tracksLots)) {
    if (units > 0n) {
      const rest = lotsBackFrom ? await giveBack(q, account, units, lotsBackFrom) : units;
      if (rest > 0n) await acquire(q, account, asset, rest, entryId);
    } else await consume(q, account, -units, entryId);
  }
}

/** A member's unconsumed lots, oldest first (the holding period before redemption runs from each). */
export async function lotsOf(q: Executor, userId: string) {
  const rows = await q
    .select({ asset: assetLots.asset, remaining: assetLots.remaining, acquiredAt: assetLots.acquiredAt })
    .from(assetLots)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, assetLots.accountId))
    .where(and(eq(ledgerAccounts.userId, userId), gt(assetLots.remaining, '0')))
    .orderBy(asc(assetLots.acquiredAt), asc(assetLots.id));
  return rows.map((r) => ({ ...r, remaining: fromUnits(toUnits(r.remaining)) }));
}
