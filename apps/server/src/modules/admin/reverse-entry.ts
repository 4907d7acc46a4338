import { messages } from '@vault/contract/messages';
import { add, isPositive } from '@vault/contract/money';
import type { Db } from '../../db/client.ts';
import type { Events } from '../../events/index.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { entryById, entryKinds, type LedgerTx } from '../../ledger/index.ts';
import type { User } from '../auth/sessions.ts';
import { partiesByIds } from '../members/accounts.ts';
import { audit } from './audit.ts';

/** What the reversal's entry says to the members in it (the administrator's reason stays in the audit log). */
const REVERSAL_MEMO = 'Correction by the back office';

/**
 * Checks that an entry may be reversed from the back office: it exists (404), was not reversed yet (409),
 * and its kind is reversible (400: holds resolve instead). Answers its kind and what it moved: the sum of
 * its positive postings per asset, which the maker-checker values.
 */
export async function checkReversal(db: Db, entryId: string) {
  const entry = await entryById(db, entryId);
  if (!entry) throw notFound();
  if (entry.reversedBy) throw conflict(messages.entryAlreadyReversed, 'ALREADY_REVERSED');
  if (!entryKinds.kinds().find((k) => k.kind === entry.kind)?.reversible) {
    throw badRequest(messages.entryNotReversible, 'NOT_REVERSIBLE');
  }
  const moved = new Map<string, string>();
  for (const p of entry.postings) {
    if (isPositive(p.amount)) moved.set(p.asset, add(moved.get(p.asset) ?? '0', p.amount));
  }
  return { entryKind: entry.kind, moves: [...moved].map(([asset, amount]) => ({ asset, amount })) };
}

/**
 * The reversal inside the caller's ledger transaction (ledger `reverse`: every posting negated, lots given
 * back, at most once; an overdraft of a member who spent what the entry gave them is INSUFFICIENT_BALANCE),
 * its audit row (`extra`: what a maker-checker approval adds) and the open screens of every member in it told.
 */
export async function reverseIn(
  tx: LedgerTx,
  events: Events,
  actor: User,
  entryId: string,
  reason: string,
  extra: Record<string, unknown> = {},
) {
  const { entryId: reversalId } = await tx.reverse(entryId, actor.id, REVERSAL_MEMO);
  const entry = await entryById(tx.db, entryId);
  const memberIds = [...new Set(entry!.postings.flatMap((p) => (p.userId ? [p.userId] : [])))];
  await audit(tx.db, actor, 'ledger.reverse', entryId, { reversalId, reason, members: memberIds, ...extra });
  for (const member of await partiesByIds(tx.db, memberIds)) {
    await events.emit('walletUpdated', { userId: member.id, email: member.email }, tx.db);
  }
  return { entryId, reversalId };
}
