import type { AdminRedemption, RedemptionStatus } from '@vault/contract/schemas/redemption';
import { METHOD_LABELS } from '../../components/redemption-cells';

/** A status's colour: pending and accepted wait (blue, amber), completed (Approved) green, the rest red. */
export const REDEMPTION_STATUS_TONES = {
  pending: 'info',
  accepted: 'warning',
  completed: 'success',
  rejected: 'danger',
  expired: 'danger',
} as const satisfies Record<RedemptionStatus, string>;

/** The method on one line: "COINQVEST · BANK" for a network, "Direct wire" for a wire. */
export const methodLine = (r: Pick<AdminRedemption, 'method' | 'targetNetwork'>) =>
  r.method === 'crypto' && r.targetNetwork ? `${METHOD_LABELS.crypto} · ${r.targetNetwork}` : METHOD_LABELS[r.method];

/** What an operator may do with a request now (besides Reject): approve it, retry its payout, or mark it paid. */
export type RedemptionStep = { action: 'approve' | 'retry' | 'paid'; label: string };

/**
 * The decisions a request allows (redemption-desk.ts): pending → approve (a crypto request is paid out at
 * once, a wire is accepted) or reject; an accepted wire → mark paid or reject; an accepted crypto request
 * not paid out yet (approved by a second administrator, or a payout COINQVEST did not take) → pay out or
 * reject. Nothing else.
 */
export function stepsOf(r: Pick<AdminRedemption, 'method' | 'status' | 'payoutRef' | 'payoutStatus'>): {
  step: RedemptionStep | null;
  reject: boolean;
} {
  if (r.status === 'pending')
    return {
      step: { action: 'approve', label: r.method === 'crypto' ? 'Approve and pay out' : 'Accept' },
      reject: true,
    };
  if (r.status === 'accepted' && r.method === 'directWire')
    return { step: { action: 'paid', label: 'Mark paid' }, reject: true };
  // Accepted by a second administrator (above the threshold) and not paid out yet, or a payout that failed.
  // Rejecting is offered only while no payout can have been made: none asked, or COINQVEST refused it (FAILED:
  // no answer came, it may have paid; the server refuses a rejection then too).
  if (r.status === 'accepted' && r.method === 'crypto' && !r.payoutRef)
    return {
      step: { action: 'retry', label: r.payoutStatus ? 'Retry payout' : 'Pay out' },
      reject: r.payoutStatus === null || r.payoutStatus === 'REFUSED',
    };
  return { step: null, reject: false };
}

/** A request an operator still has to act on. */
export const isOpen = (r: Pick<AdminRedemption, 'method' | 'status' | 'payoutRef' | 'payoutStatus'>) =>
  stepsOf(r).step !== null;

/** Words for the target account's and the redeem address's fields (spec 2 §4 Target-network forms, §5). */
const FIELD_LABELS: Record<string, string> = {
  address: 'Address',
  pixKey: 'PIX key',
  taxId: 'Tax id',
  cbu: 'CBU',
  cuitPersonal: 'CUIT (personal)',
  cuitCompany: 'CUIT (company)',
  account: 'Stellar account',
  asset: 'Asset',
  memo: 'Memo',
  memoType: 'Memo type',
  name: 'Name',
  accountTitle: 'Account title',
  phoneNumber: 'Phone',
  accountNumber: 'Account number',
  aba: 'ABA',
  swiftBic: 'SWIFT / BIC',
  routingCode: 'Routing code',
  bankName: 'Bank name',
  bankAddress: 'Bank address',
  zellePay: 'Zelle',
};
/** Snapshot bookkeeping, not part of where the money goes. */
const SKIPPED = new Set(['_id', 'id', 'userId', 'createdAt', 'updatedAt', 'deletedAt']);

/** "swiftBic" → "Swift bic" for a field without words of its own. */
const humanise = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Every field of a target account or a redeem address snapshot, as [label, value], in the record's order:
 * empty values and bookkeeping left out, anything not a string written as JSON.
 */
export function accountFields(record: Record<string, unknown> | null): [string, string][] {
  if (!record) return [];
  return Object.entries(record)
    .filter(([key, value]) => !SKIPPED.has(key) && value !== null && value !== undefined && value !== '')
    .map(([key, value]) => [
      FIELD_LABELS[key] ?? humanise(key),
      typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : JSON.stringify(value),
    ]);
}
