import type { Context } from '../../context.ts';
import { audit } from '../admin/audit.ts';
import type { User } from '../auth/sessions.ts';
import { activeMemberIds } from '../members/directory.ts';
import type { NotificationService } from '../notifications/service.ts';

/**
 * Notifications to every member (issue 11: "to one member or to all"; one member's is admin/service.ts
 * `notify`). The rows (one INSERT … SELECT over the members' module's active members), the one event that
 * tells every open screen and the audit row with the text commit together.
 */
export function noticeDesk(ctx: Context, deps: { notifications: NotificationService }) {
  return {
    async notifyAll(actor: User, message: string) {
      const { recipients } = await ctx.db.transaction(async (tx) => {
        const sent = await deps.notifications.notifyAll(message, activeMemberIds(), tx);
        await audit(tx, actor, 'notification.broadcast', null, { message, recipients: sent.recipients });
        return sent;
      });
      return {
        message: `Notification sent to ${recipients.toLocaleString('en-US')} member${recipients === 1 ? '' : 's'}`,
        data: { recipients },
      };
    },
  };
}
