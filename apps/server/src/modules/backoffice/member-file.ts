import { redeemableOn, redemption } from '@vault/contract/holding-period';
import { add } from '@vault/contract/money';
import type { MemberDetail } from '@vault/contract/schemas/backoffice';
import type { Context } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { type Ledger, placedHolds } from '../../ledger/index.ts';
import { liveSessionsOf } from '../auth/session-list.ts';
import type { User } from '../auth/sessions.ts';
import { findMember } from '../members/directory.ts';
import { signedFileUrl } from '../storage/file-urls.ts';
import type { TransactionLogService } from '../transaction-log/service.ts';
import { withSignedSignature } from '../user/presenter.ts';
import { memberRow } from './members.ts';
import { isUuid } from './refs.ts';

/** How many of the newest history rows a member's file shows. */
const HISTORY_ROWS = 20;

type Json = Record<string, unknown> | null;
type Lot = { asset: string; remaining: string; acquiredAt: Date };

/** Per asset: the balance, what is on placed holds and, for assets with lots, what is redeemable now. */
function balanceRows(balances: Record<string, string>, held: Record<string, string>, lots: Lot[], now: Date) {
  const assets = [...new Set([...Object.keys(balances), ...Object.keys(held)])].sort();
  return assets.map((asset) => {
    const balance = balances[asset] ?? '0';
    const onHold = held[asset] ?? '0';
    const own = lots.filter((lot) => lot.asset === asset);
    return { asset, balance, held: onHold, redeemable: own.length > 0 ? redemption(own, balance, onHold, now) : null };
  });
}

/** The membership application as an administrator opens it: the signature through a URL signed for them. */
function membership(user: User, viewerId: string): MemberDetail['membership'] {
  const application = withSignedSignature((user.gpaData as Json) ?? null, viewerId);
  const draft = user.savedFormData as Json;
  const signature = user.sign ?? (typeof application?.signatureUrl === 'string' ? application.signatureUrl : null);
  return {
    application,
    submittedAt: typeof application?.submittedAt === 'string' ? application.submittedAt : null,
    signatureUrl: signature && signedFileUrl(signature, viewerId),
    draftStep: typeof draft?.step === 'number' ? draft.step : null,
    kyc: (user.kyc as Json) ?? null,
  };
}

/**
 * A member's whole file for the back office: profile, application, balances, holds, lots with their
 * redeemable dates, the newest history and the live sessions. Each part from its owner, in parallel.
 */
export function memberFile(ctx: Context, deps: { ledger: Ledger; transactionLog: TransactionLogService }) {
  const { db } = ctx;

  return {
    async detail(viewer: User, id: string): Promise<{ data: MemberDetail }> {
      if (!isUuid(id)) throw notFound();
      const user = await findMember(db, id);
      if (!user) throw notFound();
      const [balances, lots, holds, history, sessions] = await Promise.all([
        deps.ledger.balances(user.id),
        deps.ledger.lots(user.id),
        placedHolds(db, user.id),
        deps.transactionLog.logs(user.id, { page: 1, limit: HISTORY_ROWS }),
        liveSessionsOf(db, user.id),
      ]);
      const held: Record<string, string> = {};
      for (const hold of holds) held[hold.asset] = add(held[hold.asset] ?? '0', hold.amount);
      const now = new Date();
      return {
        data: {
          profile: {
            ...memberRow(user),
            emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
            profilePicture: user.profilePicture,
            isImported: user.isImported,
            isSubscriber: user.isSubscriber,
            walletActivatedAt: user.walletActivatedAt?.toISOString() ?? null,
            walletActivatedWith: user.walletActivatedWith,
          },
          membership: membership(user, viewer.id),
          balances: balanceRows(balances, held, lots, now),
          holds: holds.map((h) => ({ ...h, createdAt: h.createdAt.toISOString() })),
          lots: lots.map((lot) => {
            const on = redeemableOn(lot.acquiredAt);
            return {
              asset: lot.asset,
              remaining: lot.remaining,
              acquiredAt: lot.acquiredAt.toISOString(),
              redeemableOn: on.toISOString(),
              matured: on <= now,
            };
          }),
          history,
          sessions: sessions.map((s) => ({
            id: s.id,
            createdAt: s.createdAt.toISOString(),
            lastSeenAt: s.lastSeenAt.toISOString(),
            expiresAt: s.expiresAt.toISOString(),
            ip: s.ip,
            userAgent: s.userAgent,
          })),
        },
      };
    },
  };
}
