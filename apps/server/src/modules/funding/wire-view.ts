import { normalize } from '@vault/contract/money';
import type { DirectWireRequest } from '@vault/contract/schemas/funding';
import type { Db, Tx } from '../../db/client.ts';
import type { purchases } from '../../db/schema.ts';
import { assetsShown } from '../catalogue/service.ts';
import { addressesByIds } from './remittance-addresses.ts';

export type PurchaseRow = typeof purchases.$inferSelect;

const decimal = (value: string | null) => (value === null ? null : normalize(value));

/**
 * Wires as the member (and the back office) sees them: the token's names and icon from the catalogue, the
 * remittance address it was made with through its owner's accessor (deleted ones too), in parallel.
 */
export async function presentWires(q: Db | Tx, rows: PurchaseRow[]): Promise<DirectWireRequest[]> {
  if (rows.length === 0) return [];
  const symbols = [...new Set(rows.map((r) => r.asset))];
  const addressIds = [...new Set(rows.flatMap((r) => (r.remittanceAddressId ? [r.remittanceAddressId] : [])))];
  const [shown, addresses] = await Promise.all([assetsShown(q, symbols), addressesByIds(q, addressIds)]);
  const tokens = new Map(shown.tokens.map((t) => [t.symbol, t]));
  const byId = new Map(addresses.map((a) => [a.id, a]));
  return rows.map((row) => {
    const token = tokens.get(row.asset);
    const address = row.remittanceAddressId ? byId.get(row.remittanceAddressId) : undefined;
    return {
      _id: row.id,
      orderId: row.orderId,
      status: row.status,
      method: row.method,
      type: row.type,
      amount: normalize(row.amountUsd),
      tokenAmount: normalize(row.tokenAmount),
      tokenRate: normalize(row.tokenRate),
      wireFee: normalize(row.feeUsd),
      token: {
        coinSymbol: row.asset,
        shortName: token?.shortName ?? row.asset,
        decimals: token?.decimals ?? 8,
        icon: { url: token?.icon ?? '' },
      },
      remittanceAddress: address
        ? {
            _id: address.id,
            name: address.name,
            country: address.country,
            email: address.email,
            streetAddress: address.streetAddress,
            city: address.city,
            state: address.state,
            zipCode: address.zipCode,
          }
        : null,
      toName: address?.name ?? null,
      dueAt: row.dueAt.toISOString(),
      receivedAmount: decimal(row.receivedUsd),
      issuedAmount: decimal(row.issuedAmount),
      rejectionReason: row.rejectionReason,
      subscription: null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** How a due date reads in a notice: '2026-11-26 08:00 UTC'. */
export const dueText = (due: Date) => `${due.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
