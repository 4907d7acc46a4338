import { rm } from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@vault/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { uploads, users } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { SessionService, User } from '../auth/sessions.ts';
import { toUserInfo } from './presenter.ts';

export function userService(ctx: Context, sessions: SessionService) {
  const { db } = ctx;
  return {
    async rename(me: User, name: string) {
      const [user] = await db.update(users).set({ name }).where(eq(users.id, me.id)).returning();
      return { message: messages.nameUpdated, data: toUserInfo(user!) };
    },

    /** Only a picture this member uploaded as a profile picture can become it. */
    async setProfilePicture(me: User, url: string) {
      const fileName = url.slice('/uploads/'.length);
      const [own] = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.fileName, fileName), eq(uploads.userId, me.id), eq(uploads.kind, 'profilePicture')));
      if (!own) throw notFound();
      const [user] = await db.update(users).set({ profilePicture: url }).where(eq(users.id, me.id)).returning();
      return { message: messages.pictureUpdated, data: toUserInfo(user!) };
    },

    /**
     * Anonymised in place rather than removed: later money records keep their owner, and the e-mail
     * address is free for a new sign-up. Pictures and signatures are personal data: the files go too.
     */
    async deleteAccount(me: User) {
      await db
        .update(users)
        .set({
          deletedAt: sql`now()`,
          email: `deleted+${me.id}@deleted.invalid`,
          name: 'Deleted member',
          passwordHash: '!',
          profilePicture: null,
          savedFormData: null,
          kyc: null,
          gpaData: null,
          sign: null,
        })
        .where(eq(users.id, me.id));
      await sessions.revokeAll(me.id);
      const removed = await db
        .delete(uploads)
        .where(eq(uploads.userId, me.id))
        .returning({ fileName: uploads.fileName });
      await Promise.all(removed.map((f) => rm(path.join(ctx.config.dataDir, 'uploads', f.fileName), { force: true })));
      return { message: messages.accountDeleted };
    },
  };
}

export type UserService = ReturnType<typeof userService>;
