import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessages, chatRoomMembers } from '../../db/schema.ts';

/**
 * Whether `viewerId` is a member of a room where the attachment stored at `storedPath` was sent: storage's
 * `mayView` asks this for uploads of kind chat (its owner and administrators are decided there).
 */
export async function mayViewAttachment(db: Db, storedPath: string, viewerId: string): Promise<boolean> {
  const [row] = await db
    .select({ x: sql`1` })
    .from(chatMessages)
    .innerJoin(
      chatRoomMembers,
      and(eq(chatRoomMembers.roomId, chatMessages.roomId), eq(chatRoomMembers.userId, viewerId)),
    )
    .where(eq(chatMessages.attachment, storedPath))
    .limit(1);
  return Boolean(row);
}
