import { messages } from '@vault/contract/messages';
import type { ContactBody, InquiryBody } from '@vault/contract/schemas/site';
import type { Context } from '../../context.ts';
import { newsletterSubscribers, siteMessages } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

/** What visitors send from the public site, kept for the back office. */
export function siteService(ctx: Context) {
  return {
    async contact(body: ContactBody, ip: string) {
      await ctx.db.insert(siteMessages).values({ id: newId(), kind: 'contact', ip, ...body });
      return { message: messages.contactSent };
    },
    async inquiry(body: InquiryBody, ip: string) {
      await ctx.db.insert(siteMessages).values({ id: newId(), kind: 'inquiry', ip, ...body });
      return { message: messages.inquirySent };
    },
    /** The same answer whether or not the address was already subscribed. */
    async subscribe(email: string) {
      await ctx.db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
      return { message: messages.newsletterSubscribed };
    },
  };
}

export type SiteService = ReturnType<typeof siteService>;
