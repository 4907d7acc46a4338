import { messages } from '@vault/contract/messages';
import type { BackofficeMember, MembersQuery } from '@vault/contract/schemas/backoffice';
import type { Context } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { audit } from '../admin/audit.ts';
import type { SessionService, User } from '../auth/sessions.ts';
import { findMember, searchMembers } from '../members/directory.ts';
import { hasMembershipData } from '../membership/service.ts';
import { isUuid } from './refs.ts';

/** A member as the back office lists them. */
export const memberRow = (user: User): BackofficeMember => ({
  id: user.id,
  email: user.email,
  name: user.name,
  type: user.type,
  createdAt: user.createdAt.toISOString(),
  emailVerified: user.emailVerifiedAt !== null,
  isBlocked: user.isBlocked,
  blockReason: user.blockReason,
  isWalletActivated: user.isWalletActivated,
  hasMembershipData: hasMembershipData(user),
});

/** The member list (search, status, sort, paging) and ending a member's sessions. */
export function memberDesk(ctx: Context, deps: { sessions: SessionService }) {
  const { db } = ctx;

  return {
    async list(query: MembersQuery) {
      const { rows, total } = await searchMembers(
        db,
        { search: query.search || undefined, status: query.status },
        { sort: query.sort, limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { data: rows.map(memberRow), total, page: query.page, limit: query.limit };
    },

    /**
     * Ends every session of a member (a lost phone, a suspected takeover): revoked, their audit row and the
     * event that closes their open sockets in one transaction. The member may log in again.
     */
    async revokeSessions(actor: User, id: string, reason: string) {
      if (!isUuid(id)) throw notFound();
      const revoked = await db.transaction(async (tx) => {
        const member = await findMember(tx, id);
        if (!member) throw notFound();
        const rows = await deps.sessions.revokeAllIn(tx, member.id).returning();
        await audit(tx, actor, 'member.sessions.revoke', member.id, { reason, revoked: rows.length });
        await ctx.events.emit('sessionsRevoked', { userId: member.id }, tx);
        return rows.length;
      });
      return { message: messages.sessionsRevokedByAdmin, data: { revoked } };
    },
  };
}
