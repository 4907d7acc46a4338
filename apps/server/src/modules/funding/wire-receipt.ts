import type { Context } from '../../context.ts';
import { clearing, type LedgerTx } from '../../ledger/index.ts';
import type { User } from '../auth/sessions.ts';
import type { NotificationService } from '../notifications/service.ts';
import { issuePurchaseIn, wireDecided } from './settlement.ts';

export { announce, wireDecided } from './settlement.ts';

/** Where wired money is owed from: negative by what was issued against wires, until the bank settles it. */
export const WIRE_CLEARING = clearing('wire');

/**
 * Records a wire as received inside the caller's ledger transaction (the route's, or a maker-checker
 * decision's), through the shared settlement (settlement.ts `issuePurchaseIn`): the wire's row is locked
 * first, so of two operators at once the second waits, then finds it decided (409) and issues nothing. ONE
 * entry 'purchase' from clearing:wire, the fee in Q to fees; activation by contribution. `extra` goes to the
 * audit row 'wire.receive'.
 */
export async function receiveIn(
  ctx: Context,
  notifications: NotificationService,
  tx: LedgerTx,
  actor: User,
  id: string,
  receivedAmount: string,
  extra: Record<string, unknown> = {},
) {
  const issued = await issuePurchaseIn(ctx, notifications, tx, {
    purchaseId: id,
    receivedUsd: receivedAmount,
    actor,
    clearing: WIRE_CLEARING,
    auditAction: 'wire.receive',
    // An online purchase is settled by its provider's verified event only, never recorded by hand.
    methods: ['directWire', 'legacy'],
    extra,
  });
  if (!issued) throw wireDecided();
  return issued;
}
