import { messages } from '@vault/contract/messages';
import { normalize } from '@vault/contract/money';
import type { RecordReservesBody, ReserveRecord, ReservesQuery } from '@vault/contract/schemas/backoffice';
import { decimalsMessage, fitsDecimals } from '@vault/contract/schemas/ledger';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { reserveRecords } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { audit } from '../admin/audit.ts';
import type { User } from '../auth/sessions.ts';
import { lookupAsset } from '../catalogue/service.ts';
import { partiesByIds } from '../members/accounts.ts';

type Row = typeof reserveRecords.$inferSelect;

/** The latest record of each asset that has one (asset, amount, as_of): the overview's reserves. */
export const latestReservesSql = sql`
  select distinct on (asset) asset, amount, as_of
  from reserve_records
  order by asset, recorded_at desc, id desc`;

/** The day after today (UTC): a record may be dated today wherever its owner is, never later. */
const latestDay = (now: Date) => new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);

/**
 * Reserves recorded (issue 11 item 3): what the platform holds outside the ledger (metal in a vault,
 * dollars at a bank), as owners count or attest it. Append-only: each record becomes the asset's current
 * figure, the older ones stay as its history. A record and its audit row (with the figure it replaced)
 * commit together, under a per-asset lock so concurrent records each see the one before.
 */
export function reserveDesk(ctx: Context) {
  const { db } = ctx;

  async function present(rows: Row[]): Promise<ReserveRecord[]> {
    const ids = [...new Set(rows.map((r) => r.recordedBy))];
    const people = new Map((await partiesByIds(db, ids)).map((p) => [p.id, p]));
    return rows.map((r) => {
      const who = people.get(r.recordedBy);
      return {
        id: r.id,
        asset: r.asset,
        amount: normalize(r.amount),
        asOf: r.asOf,
        note: r.note,
        recordedBy: who ? { id: who.id, email: who.email, name: who.name } : null,
        recordedAt: r.recordedAt.toISOString(),
      };
    });
  }

  return {
    async record(actor: User, body: RecordReservesBody, now = new Date()) {
      const facts = await lookupAsset(db, body.asset);
      if (!facts) throw badRequest(messages.unknownAsset, 'UNKNOWN_ASSET', { asset: messages.unknownAsset });
      if (!fitsDecimals(body.amount, facts.decimals)) {
        const message = decimalsMessage(facts.decimals);
        throw badRequest(message, 'TOO_MANY_DECIMALS', { amount: message });
      }
      if (body.asOf > latestDay(now)) {
        const message = 'The day cannot be in the future';
        throw badRequest(message, 'VALIDATION', { asOf: message });
      }
      const amount = normalize(body.amount);
      const row = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reserves:${body.asset}`}))`);
        const [previous] = await tx
          .select()
          .from(reserveRecords)
          .where(eq(reserveRecords.asset, body.asset))
          .orderBy(desc(reserveRecords.recordedAt), desc(reserveRecords.id))
          .limit(1);
        const [inserted] = await tx
          .insert(reserveRecords)
          .values({
            id: newId(),
            asset: body.asset,
            amount,
            asOf: body.asOf,
            note: body.note,
            recordedBy: actor.id,
            // The clock after the lock: the newest record is always the last one committed.
            recordedAt: sql`clock_timestamp()`,
          })
          .returning();
        await audit(tx, actor, 'reserves.record', body.asset, {
          asset: body.asset,
          amount,
          asOf: body.asOf,
          note: body.note,
          previous: previous ? { id: previous.id, amount: normalize(previous.amount), asOf: previous.asOf } : null,
        });
        return inserted!;
      });
      const [data] = await present([row]);
      return { message: `Reserves of ${body.asset} recorded`, data: data! };
    },

    async list(query: ReservesQuery) {
      const where: SQL | undefined = query.asset ? and(eq(reserveRecords.asset, query.asset)) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(reserveRecords)
          .where(where)
          .orderBy(desc(reserveRecords.recordedAt), desc(reserveRecords.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(reserveRecords).where(where),
      ]);
      return { data: await present(rows), total: total?.n ?? 0, page: query.page, limit: query.limit };
    },
  };
}
