import fc from 'fast-check';
import { expect } from 'vitest';

/**
 * An in-memory model of the ledger for the property tests, in bigint units of 1e-8: balances per
 * (asset, party), the entries with their legs, the holds. Parties are member ids or the system kinds
 * below; system accounts may go negative (the treasury issues, fees are paid into), members may not.
 */

export const TREASURY = 'treasury';
export const HOLDS = 'holds';
export const FEES = 'fees';
export const REVENUE = 'revenue';
/** Marketplace ads' units (issue 17): exactly the unsold units of open ads. */
export const ESCROW = 'escrow';
/** Opportunity units reserved by pending acquire requests (issue 17). */
export const RESERVED = 'reserved';
const SYSTEM = new Set([TREASURY, HOLDS, FEES, REVENUE, ESCROW, RESERVED]);
export const isSystem = (party: string) => SYSTEM.has(party);

export type ModelLeg = { party: string; asset: string; units: bigint };
export type ModelEntry = { id: string; kind: string; legs: ModelLeg[]; reversed: boolean };
export type ModelHold = {
  id: string;
  userId: string;
  asset: string;
  units: bigint;
  status: 'placed' | 'committed' | 'released';
};

export const REVERSIBLE = new Set(['credit', 'send', 'swap', 'fee']);

/** A marketplace ad as the module keeps it: its unsold units in escrow while open. */
export type ModelAd = {
  id: string;
  seller: string;
  asset: string;
  remaining: bigint;
  postEntryId: string;
  open: boolean;
};
/** An acquire request: units reserved and the payment on a hold until approved or rejected. */
export type ModelAcquire = { holdId: string; userId: string; asset: string; units: bigint };

export class Model {
  readonly balances = new Map<string, bigint>();
  readonly entries: ModelEntry[] = [];
  readonly holds: ModelHold[] = [];
  /** System idempotency keys spent (a subscription period paid), with the entry each one answered. */
  readonly systemKeys = new Map<string, string>();
  readonly ads: ModelAd[] = [];
  readonly acquires: ModelAcquire[] = [];

  balance(party: string, asset: string) {
    return this.balances.get(`${asset}|${party}`) ?? 0n;
  }

  /** Whether every member leg leaves its account ≥ 0 (legs of one account add up first). */
  affordable(legs: ModelLeg[]) {
    const after = new Map<string, bigint>();
    for (const { party, asset, units } of legs) {
      const key = `${asset}|${party}`;
      after.set(key, (after.get(key) ?? this.balance(party, asset)) + units);
    }
    return [...after].every(([key, value]) => isSystem(key.split('|')[1]!) || value >= 0n);
  }

  post(id: string, kind: string, legs: ModelLeg[]) {
    const sums = new Map<string, bigint>();
    for (const { asset, units } of legs) sums.set(asset, (sums.get(asset) ?? 0n) + units);
    for (const sum of sums.values()) expect(sum).toBe(0n);
    for (const { party, asset, units } of legs) {
      this.balances.set(`${asset}|${party}`, this.balance(party, asset) + units);
    }
    this.entries.push({ id, kind, legs, reversed: false });
  }

  placed(userId: string, asset: string) {
    return this.holds
      .filter((h) => h.userId === userId && h.asset === asset && h.status === 'placed')
      .reduce((sum, h) => sum + h.units, 0n);
  }
}

/** `units` of `asset` from one party to another. */
export const transfer = (from: string, to: string, asset: string, units: bigint): ModelLeg[] => [
  { party: from, asset, units: -units },
  { party: to, asset, units },
];

// ── commands ────────────────────────────────────────────────────────────────────────────────────────

/** Which of the run's two assets: 0 a plain one (no lots), 1 one with lots. */
type AssetIndex = 0 | 1;
export type Fee = { on: 'give' | 'receive'; units: bigint; to: typeof FEES | typeof REVENUE } | null;

export type Cmd =
  | { t: 'credit'; m: number; a: AssetIndex; units: bigint }
  | { t: 'creditBoth'; m: number; units: bigint; units2: bigint }
  | { t: 'send'; m: number; offset: number; a: AssetIndex; units: bigint }
  | { t: 'sendToSelf'; m: number; units: bigint }
  | { t: 'hold'; m: number; a: AssetIndex; units: bigint }
  | { t: 'commit'; pick: number; to: number }
  | { t: 'release'; pick: number }
  /** A redemption completing: the hold committed to the treasury less a fee (basis points) to the fees account. */
  | { t: 'redeem'; pick: number; feeBps: number }
  | { t: 'reverse'; pick: number }
  | { t: 'reverseOther'; pick: number }
  | { t: 'swap'; m: number; give: AssetIndex; units: bigint; units2: bigint; fee: Fee }
  | { t: 'fee'; m: number; a: AssetIndex; units: bigint; to: typeof FEES | typeof REVENUE }
  /**
   * A subscription period paid from the member to revenue (issue 16) under a system key per (member, period):
   * a period paid before answers its first entry and moves nothing; an unaffordable one spends no key.
   */
  | { t: 'subscription'; m: number; period: number; units: bigint }
  | { t: 'rollback'; m: number; offset: number; a: AssetIndex; units: bigint }
  /** A marketplace ad posted: `units` of asset `a` from the member to escrow (issue 17). */
  | { t: 'adPost'; m: number; a: AssetIndex; units: bigint }
  /**
   * A purchase from an ad by member `m`: at most what is left (a partial fill when less), paid `pay` units of the
   * other asset to the seller less a fee (basis points) to fees, in one entry. A closed ad, or the seller
   * buying, is refused by the module before the ledger (nothing posted).
   */
  | { t: 'adBuy'; pick: number; m: number; units: bigint; pay: bigint; feeBps: number }
  /** An ad deleted (or hidden): its unsold units back to the seller, their lots' dates kept, once. */
  | { t: 'adClose'; pick: number }
  /** An acquire request: units of asset `a` reserved from the treasury and `pay` of the other asset held. */
  | { t: 'acquire'; m: number; a: AssetIndex; units: bigint; pay: bigint }
  /** An acquire request decided: approved (units to the member, payment to the treasury) or rejected (both back). */
  | { t: 'acquireDecide'; pick: number; approve: boolean }
  | { t: 'unbalanced'; m: number; units: bigint };

// Amounts from 1 unit (0.00000001) to 10^10 units (100), in decimal strings with up to 8 decimals.
export const units = fc.oneof(
  { arbitrary: fc.constant(1n), weight: 1 },
  { arbitrary: fc.bigInt({ min: 1n, max: 1000n }), weight: 1 },
  { arbitrary: fc.bigInt({ min: 1n, max: 100n }).map((whole) => whole * 10n ** 8n), weight: 2 },
  { arbitrary: fc.bigInt({ min: 1n, max: 10n ** 10n }), weight: 6 },
);
export const memberIndex = fc.nat({ max: 3 });
const asset = fc.constantFrom<AssetIndex>(0, 1);
export const pick = fc.nat({ max: 1000 });
const feeTo = fc.constantFrom<typeof FEES | typeof REVENUE>(FEES, REVENUE);
const fee: fc.Arbitrary<Fee> = fc.option(
  fc.record({ on: fc.constantFrom<'give' | 'receive'>('give', 'receive'), units, to: feeTo }),
  { nil: null, freq: 3 },
);

export function commands(amount: fc.Arbitrary<bigint> = units, debit: fc.Arbitrary<bigint> = units) {
  const c = <T extends Cmd['t']>(t: T) => fc.constant(t);
  return fc.oneof(
    { arbitrary: fc.record({ t: c('credit'), m: memberIndex, a: asset, units: amount }), weight: 4 },
    { arbitrary: fc.record({ t: c('creditBoth'), m: memberIndex, units: amount, units2: amount }), weight: 1 },
    {
      arbitrary: fc.record({ t: c('send'), m: memberIndex, offset: fc.nat({ max: 2 }), a: asset, units: debit }),
      weight: 5,
    },
    { arbitrary: fc.record({ t: c('sendToSelf'), m: memberIndex, units: debit }), weight: 1 },
    { arbitrary: fc.record({ t: c('hold'), m: memberIndex, a: asset, units: debit }), weight: 3 },
    { arbitrary: fc.record({ t: c('commit'), pick, to: fc.nat({ max: 5 }) }), weight: 2 },
    { arbitrary: fc.record({ t: c('release'), pick }), weight: 2 },
    { arbitrary: fc.record({ t: c('redeem'), pick, feeBps: fc.nat({ max: 1000 }) }), weight: 2 },
    { arbitrary: fc.record({ t: c('reverse'), pick }), weight: 3 },
    { arbitrary: fc.record({ t: c('reverseOther'), pick }), weight: 1 },
    {
      arbitrary: fc.record({ t: c('swap'), m: memberIndex, give: asset, units: debit, units2: amount, fee }),
      weight: 4,
    },
    { arbitrary: fc.record({ t: c('fee'), m: memberIndex, a: asset, units: debit, to: feeTo }), weight: 2 },
    {
      arbitrary: fc.record({ t: c('subscription'), m: memberIndex, period: fc.nat({ max: 3 }), units: debit }),
      weight: 2,
    },
    {
      arbitrary: fc.record({ t: c('rollback'), m: memberIndex, offset: fc.nat({ max: 2 }), a: asset, units: debit }),
      weight: 1,
    },
    { arbitrary: fc.record({ t: c('unbalanced'), m: memberIndex, units: amount }), weight: 1 },
    { arbitrary: fc.record({ t: c('adPost'), m: memberIndex, a: asset, units: debit }), weight: 3 },
    {
      arbitrary: fc.record({
        t: c('adBuy'),
        pick,
        m: memberIndex,
        units: debit,
        pay: debit,
        feeBps: fc.nat({ max: 1000 }),
      }),
      weight: 4,
    },
    { arbitrary: fc.record({ t: c('adClose'), pick }), weight: 2 },
    { arbitrary: fc.record({ t: c('acquire'), m: memberIndex, a: asset, units: amount, pay: debit }), weight: 2 },
    { arbitrary: fc.record({ t: c('acquireDecide'), pick, approve: fc.boolean() }), weight: 2 },
  );
}

export const describeCmd = (cmd: Cmd, n: number) =>
  `#${n} ${JSON.stringify(cmd, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))}`;
