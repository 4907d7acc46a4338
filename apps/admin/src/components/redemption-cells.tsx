import { add, compare } from '@vault/contract/money';
import type { AdminRedemption, RedemptionMethod } from '@vault/contract/schemas/redemption';
import { formatAmount, formatDay } from '../lib/format';
import { Badge } from './badge';

/**
 * A redeem request's cells (issue 14 item 6), shared by the Redemptions desk and the Approvals queue, which
 * lists the pending requests with the member's lots, the network and target account and the payout's state.
 */

/** How the request is paid: COINQVEST (a crypto network, PIX, a bank, Stellar) or our bank's wire. */
export const METHOD_LABELS: Record<RedemptionMethod, string> = {
  crypto: 'COINQVEST',
  directWire: 'Direct wire',
};

/** The member of a request, or what stands in when their account is gone. */
export const memberOf = (r: AdminRedemption) => r.member ?? { name: 'Closed account', email: '—' };

/** The payout's state at COINQVEST, red when it was refused or went unanswered; a dash before any payout. */
export function PayoutState({ state }: { state: string | null }) {
  return state ? (
    <Badge tone={state === 'FAILED' || state === 'REFUSED' ? 'danger' : 'neutral'}>{state}</Badge>
  ) : (
    <span className="text-ink-subtle">—</span>
  );
}

/**
 * A long account or address kept to its ends ("285059…5201"), the whole of it on hover: a list tells one
 * request from another by it; the dialog shows it in full.
 */
export function ShortAccount({ value }: { value: string }) {
  if (!value) return null;
  const short = value.length > 14 ? `${value.slice(0, 6)}…${value.slice(-4)}` : value;
  return (
    <span className="block break-all font-mono text-xs text-ink-subtle" title={value}>
      {short}
    </span>
  );
}

/**
 * How the request is paid, with the network (COINQVEST) or "Our bank" (a wire) under it, and where to when
 * `target` is asked for (the short account or redeem address the API gives in `streetAddress`).
 */
export function MethodCell({ redemption: r, target = false }: { redemption: AdminRedemption; target?: boolean }) {
  return (
    <span className="block whitespace-nowrap">
      {METHOD_LABELS[r.method]}
      <span className="block text-xs text-ink-subtle">
        {r.method === 'crypto' ? (r.targetNetwork ?? '—') : 'Our bank'}
      </span>
      {target ? <ShortAccount value={r.streetAddress} /> : null}
    </span>
  );
}

/**
 * The member's lots of the token in short: how much is redeemable now (amber when less than the request,
 * which is still among the lots while it is held) and the day the next lot becomes redeemable. Decimal
 * strings added as such; a token without a holding period says so.
 */
export function LotsSummary({ redemption: r, now = Date.now() }: { redemption: AdminRedemption; now?: number }) {
  const symbol = r.token.coinSymbol;
  if (r.lots === null) return <span className="text-ink-muted">No holding period</span>;
  if (r.lots.length === 0) return <span className="text-ink-muted">No lots of {symbol}</span>;
  let redeemable = '0';
  let next: string | null = null;
  for (const lot of r.lots) {
    if (Date.parse(lot.redeemableOn) <= now) redeemable = add(redeemable, lot.remaining);
    else if (next === null || lot.redeemableOn < next) next = lot.redeemableOn;
  }
  const enough = compare(redeemable, r.amount) >= 0;
  return (
    <span className="block whitespace-nowrap tabular-nums">
      <span className={enough ? 'text-ink' : 'font-medium text-warning'}>
        {formatAmount(redeemable)} {symbol} redeemable now
      </span>
      <span className="block text-xs text-ink-subtle">
        {next ? `Next lot ${formatDay(next)}` : 'No lot still held'}
      </span>
    </span>
  );
}
