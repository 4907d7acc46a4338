import { messages } from '@vault/contract/messages';
import { normalize } from '@vault/contract/money';
import type { AdminCreditBody } from '@vault/contract/schemas/ledger';
import type { Db } from '../../db/client.ts';
import type { Events } from '../../events/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { type Ledger, type LedgerTx, move, treasury } from '../../ledger/index.ts';
import type { User } from '../auth/sessions.ts';
import { assertFitsDecimals, lookupAsset } from '../catalogue/service.ts';
import { findByEmail } from '../members/accounts.ts';
import { audit } from './audit.ts';

/** A credit whose member, asset and amount were checked: what `creditIn` posts (and a waiting action keeps). */
export type Credit = {
  userId: string;
  email: string;
  asset: string;
  /** Canonical decimal string. */
  amount: string;
  memo: string | null;
  reason: string;
};

/** Checks a credit's body: the member (404 when unknown or deleted), the asset (400), its decimals (400). */
export async function checkCredit(db: Db, body: AdminCreditBody): Promise<Credit> {
  const member = await findByEmail(db, body.email);
  // Tokens go to members only: an administrator has no vault.
  if (member?.role !== 'member') throw notFound(messages.userNotFound);
  // Any token or coin of the catalogue: before deposits exist, crypto holdings are issued this way too.
  const asset = await lookupAsset(db, body.asset);
  if (!asset) throw badRequest(messages.unknownAsset, 'UNKNOWN_ASSET', { asset: messages.unknownAsset });
  assertFitsDecimals(asset, body.amount);
  return {
    userId: member.id,
    email: member.email,
    asset: body.asset,
    amount: normalize(body.amount),
    memo: body.memo ?? null,
    reason: body.reason,
  };
}

/**
 * The credit inside the caller's ledger transaction: the entry from the treasury, its audit row (`extra`:
 * what a maker-checker approval adds: the action, the maker, the checker's reason) and the member's open
 * screens told, all committing together. `actor` null is an operator at the command line.
 */
export async function creditIn(
  tx: LedgerTx,
  events: Events,
  actor: User | null,
  credit: Credit,
  extra: Record<string, unknown> = {},
) {
  const credited = await tx.post({
    kind: 'credit',
    legs: move(treasury, { userId: credit.userId }, credit.asset, credit.amount),
    createdBy: actor?.id ?? null,
    memo: credit.memo ?? undefined,
  });
  await audit(tx.db, actor, 'ledger.credit', credit.userId, {
    entryId: credited.entryId,
    asset: credit.asset,
    amount: credit.amount,
    memo: credit.memo,
    reason: credit.reason,
    via: actor ? 'api' : 'cli',
    ...extra,
  });
  // The member's open dashboards show the new balance at once (from the CLI too).
  await events.emit('walletUpdated', { userId: credit.userId, email: credit.email }, tx.db);
  return credited;
}

/** The answer to a credit that ran: the message and the member's balance after it. */
export async function credited(ledger: Ledger, credit: Pick<Credit, 'userId' | 'email' | 'asset'>, entryId: string) {
  const balance = (await ledger.balances(credit.userId, [credit.asset]))[credit.asset] ?? '0';
  return { entryId, balance };
}

/**
 * Issues tokens from the treasury to a member at once (issue 4 item 9): `npm run ledger -- credit` comes
 * here; the admin API does too below the maker-checker threshold (modules/admin/service.ts). The entry and
 * its audit row are one transaction; a repeated key answers the first entry without running again.
 */
export async function issueTokens(
  { db, ledger, events }: { db: Db; ledger: Ledger; events: Events },
  actor: User | null,
  body: AdminCreditBody,
  idempotency?: { key: string; requestHash: string },
) {
  const credit = await checkCredit(db, body);
  const { entryId } = await ledger.transact((tx) => creditIn(tx, events, actor, credit), {
    // The key is the credited member's, as a credit's always was.
    key: idempotency && { userId: credit.userId, ...idempotency },
  });
  return {
    message: `${body.amount} ${body.asset} credited to ${credit.email}`,
    data: await credited(ledger, credit, entryId),
    member: { id: credit.userId, email: credit.email },
  };
}
