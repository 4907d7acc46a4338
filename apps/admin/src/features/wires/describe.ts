import type { AdminWire } from '@vault/contract/schemas/funding';

/** What the wire pays for. */
export const TYPE_LABELS: Record<AdminWire['type'], string> = {
  tokenPurchase: 'Token purchase',
  walletActivation: 'Activation contribution',
  legacy: 'Legacy deposit',
};

/** Pending past its due date: the job expires it soon; the operator sees it first. */
export const isOverdue = (wire: AdminWire, now = Date.now()) =>
  wire.status === 'pending' && Date.parse(wire.dueAt) < now;

/** The remittance address on one line: street, city, state zip, country. */
export function addressLine(address: NonNullable<AdminWire['remittanceAddress']>) {
  return [address.streetAddress, address.city, `${address.state} ${address.zipCode}`.trim(), address.country]
    .filter(Boolean)
    .join(', ');
}

/** A wire may be recorded or rejected while unpaid, and also once expired (the money may arrive late). */
export const isUndecided = (wire: AdminWire) => wire.status === 'pending' || wire.status === 'expired';
