import { messages } from '@vault/contract/messages';
import type { Context } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import type { SessionService, User } from '../auth/sessions.ts';
import * as accounts from '../members/accounts.ts';
import type { StorageService } from '../storage/service.ts';
import { toUserInfo } from './presenter.ts';

export function userService(ctx: Context, sessions: SessionService, storage: StorageService) {
  const { db } = ctx;
  return {
    async rename(me: User, name: string) {
      const user = await accounts.rename(db, me.id, name);
      return { message: messages.nameUpdated, data: toUserInfo(user) };
    },

    /**
     * Only a picture this member uploaded as a profile picture can become it. The one it replaces is no
     * longer in use: released, so the clean-up frees its space in the member's storage quota.
     */
    async setProfilePicture(me: User, url: string) {
      const picture = await storage.use(me.id, url, 'profilePicture');
      if (!picture) throw notFound();
      const { user, previous } = await accounts.setProfilePicture(db, me.id, picture);
      if (previous && previous !== picture) await storage.release(me.id, previous, 'profilePicture');
      return { message: messages.pictureUpdated, data: toUserInfo(user) };
    },

    /**
     * Anonymised in place rather than removed: later money records keep their owner, and the e-mail
     * address is free for a new sign-up. Pictures and signatures are personal data: the files go too,
     * public and private.
     */
    async deleteAccount(me: User) {
      await accounts.anonymise(db, me.id);
      await sessions.revokeAll(me.id);
      await storage.removeAllOf(me.id);
      return { message: messages.accountDeleted };
    },
  };
}

export type UserService = ReturnType<typeof userService>;
