import { rm } from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@vault/contract/messages';
import { messageResponse } from '@vault/contract/schemas/common';
import { editUserBody, updateProfilePictureBody, userInfo, userInfoResponse } from '@vault/contract/schemas/user';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Context } from '../../context.ts';
import { uploads, users } from '../../db/schema.ts';
import { caller } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { responses } from '../../http/schema.ts';
import type { SessionService } from '../auth/sessions.ts';
import { gpaDataOf, toUserInfo } from './presenter.ts';

const withUser = z.object({ message: z.string(), data: userInfo });

export function userRoutes(app: FastifyInstance, ctx: Context, sessions: SessionService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];
  const config = { auth: 'member' as const };

  r.get('/api/user/info', { config, schema: { tags, response: responses({ 200: userInfoResponse }) } }, async (req) => {
    const { user } = caller(req);
    return { user: toUserInfo(user), gpaData: gpaDataOf(user) };
  });

  r.post(
    '/api/user/edit',
    { config, schema: { tags, body: editUserBody, response: responses({ 200: withUser }) } },
    async (req) => {
      const [user] = await ctx.db
        .update(users)
        .set({ name: req.body.name })
        .where(eq(users.id, caller(req).user.id))
        .returning();
      return { message: messages.nameUpdated, data: toUserInfo(user!) };
    },
  );

  r.post(
    '/api/user/update-profile-picture',
    { config, schema: { tags, body: updateProfilePictureBody, response: responses({ 200: withUser }) } },
    async (req) => {
      const me = caller(req).user;
      const fileName = req.body.profilePicture.slice('/uploads/'.length);
      // Only a picture this member uploaded can become their profile picture.
      const [own] = await ctx.db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.fileName, fileName), eq(uploads.userId, me.id), eq(uploads.kind, 'profilePicture')));
      if (!own) throw notFound();
      const [user] = await ctx.db
        .update(users)
        .set({ profilePicture: req.body.profilePicture })
        .where(eq(users.id, me.id))
        .returning();
      return { message: messages.pictureUpdated, data: toUserInfo(user!) };
    },
  );

  r.post(
    '/api/user/delete-account',
    { config, schema: { tags, response: responses({ 200: messageResponse }) } },
    async (req) => {
      const me = caller(req).user;
      // Anonymised in place rather than removed: later money records keep their owner, and the
      // e-mail address is free for a new sign-up.
      await ctx.db
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
      // Pictures and signatures are personal data: the files go with the account.
      const removed = await ctx.db
        .delete(uploads)
        .where(eq(uploads.userId, me.id))
        .returning({ fileName: uploads.fileName });
      await Promise.all(removed.map((f) => rm(path.join(ctx.config.dataDir, 'uploads', f.fileName), { force: true })));
      return { message: messages.accountDeleted };
    },
  );
}
