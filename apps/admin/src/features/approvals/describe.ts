import { compare, multiply } from '@vault/contract/money';
import type { AdminAction } from '@vault/contract/schemas/maker-checker';
import type { SendRequest } from '@vault/contract/schemas/wallet';
import { formatAmount, formatUsd } from '../../lib/format';

/** What a request moves, in words: "1.5 LXAG to someone@example.com", "10 LQ for 9.9 LAU". */
export function requestMoves(request: SendRequest) {
  const given = `${formatAmount(request.amount)} ${request.coin}`;
  if (request.kind === 'swap') {
    return request.toAmount && request.toCoin
      ? `${given} for ${formatAmount(request.toAmount)} ${request.toCoin}`
      : given;
  }
  return `${given} to ${request.to}`;
}

/**
 * A request's value as the maker-checker computes it (decision 0010): amount × the asset's current price,
 * half-up to the cent; a swap's larger side. Null when an asset has no price here.
 */
export function requestValue(request: SendRequest, prices: Map<string, string> | undefined): string | null {
  if (!prices) return null;
  const price = prices.get(request.coin);
  if (!price) return null;
  const given = multiply(request.amount, price, 2);
  if (request.kind !== 'swap' || !request.toAmount || !request.toCoin) return given;
  const toPrice = prices.get(request.toCoin);
  if (!toPrice) return given;
  const received = multiply(request.toAmount, toPrice, 2);
  return compare(received, given) > 0 ? received : given;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

export function actionKindLabel(action: AdminAction) {
  switch (action.kind) {
    case 'ledger.credit':
      return 'Credit tokens';
    case 'ledger.reverse':
      return 'Reverse an entry';
    case 'request.approve':
      return text(action.payload.requestKind) === 'swap' ? 'Approve a swap request' : 'Approve a send request';
    case 'wire.receive':
      return 'Record a direct wire';
    case 'redemption.approve':
      return action.payload.method === 'directWire' ? 'Accept a wire redemption' : 'Approve a redemption';
  }
}

/** The member an action concerns, when it names one (a credit's, a request's). */
export const actionMember = (action: AdminAction) => text(action.payload.email) || null;

/** What an action moves, in words, from its payload (schemas/maker-checker.ts says what each holds). */
export function actionMoves(action: AdminAction) {
  const p = action.payload;
  const amount = (value: unknown, asset: unknown) => `${formatAmount(text(value))} ${text(asset)}`;
  switch (action.kind) {
    case 'ledger.credit':
      return `${amount(p.amount, p.asset)} to ${text(p.email)}`;
    case 'ledger.reverse': {
      const moves = Array.isArray(p.moves) ? (p.moves as { asset?: unknown; amount?: unknown }[]) : [];
      const what = moves.map((m) => amount(m.amount, m.asset)).join(', ');
      return `Reverses a ${text(p.entryKind) || 'ledger'} entry${what ? ` (${what})` : ''}`;
    }
    case 'request.approve':
      return p.toAsset
        ? `${amount(p.amount, p.asset)} for ${amount(p.toAmount, p.toAsset)}`
        : `${amount(p.amount, p.asset)} to ${text(p.to)}`;
    case 'wire.receive':
      return `${formatUsd(text(p.receivedAmount))} received for ${text(p.orderId)} (${text(p.asset)})`;
    case 'redemption.approve':
      return `${amount(p.amount, p.asset)} (${formatUsd(text(p.usdValue))}) out of the vault${
        p.method === 'directWire' ? ' by direct wire' : ' through COINQVEST'
      }`;
  }
}
