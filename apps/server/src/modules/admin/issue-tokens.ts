import { messages } from '@vault/contract/messages';
import type { AdminCreditBody } from '@vault/contract/schemas/ledger';
import type { Db } from '../../db/client.ts';
import type { Events } from '../../events/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { type Ledger, move, treasury } from '../../ledger/index.ts';
import type { User } from '../auth/sessions.ts';
import { assertFitsDecimals, lookupAsset } from '../catalogue/service.ts';
import { findByEmail } from '../members/accounts.ts';
import { audit } from './audit.ts';

/**
 * Issues tokens from the treasury to a member, before funding exists (issue 4 item 9): the admin API
 * and `npm run ledger -- credit` both come here, and both leave an audit row.
 */
export async function issueTokens(
  { db, ledger, events }: { db: Db; ledger: Ledger; events: Events },
  actor: User | null,
  body: AdminCreditBody,
  idempotency?: { key: string; requestHash: string },
) {
  const member = await findByEmail(db, body.email);
  if (!member) throw notFound(messages.userNotFound);
  // Any token or coin of the catalogue: before deposits exist, crypto holdings are issued this way too.
  const asset = await lookupAsset(db, body.asset);
  if (!asset) throw badRequest(messages.unknownAsset, 'UNKNOWN_ASSET', { asset: messages.unknownAsset });
  assertFitsDecimals(asset, body.amount);
  // The audit row is written in the credit's transaction: no tokens issued without it, and one row for
  // a repeated key (which answers the first entry without running this again).
  const { entryId } = await ledger.transact(
    async (tx) => {
      const credited = await tx.post({
        kind: 'credit',
        legs: move(treasury, { userId: member.id }, body.asset, body.amount),
        createdBy: actor?.id ?? null,
        memo: body.memo,
      });
      await audit(tx.db, actor, 'ledger.credit', member.id, {
        entryId: credited.entryId,
        asset: body.asset,
        amount: body.amount,
        memo: body.memo ?? null,
        via: actor ? 'api' : 'cli',
      });
      // The member's open dashboards show the new balance at once (from the CLI too).
      await events.emit('walletUpdated', { userId: member.id, email: member.email }, tx.db);
      return credited;
    },
    // The key is the credited member's, as a credit's always was.
    { key: idempotency && { userId: member.id, ...idempotency } },
  );
  const balance = (await ledger.balances(member.id, [body.asset]))[body.asset] ?? '0';
  return {
    message: `${body.amount} ${body.asset} credited to ${member.email}`,
    data: { entryId, balance },
    member: { id: member.id, email: member.email },
  };
}
