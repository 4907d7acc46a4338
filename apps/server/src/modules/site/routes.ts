import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { messageResponse } from '@vault/contract/schemas/common';
import { contactBody, inquiryBody, nativeToken, newsletterBody } from '@vault/contract/schemas/site';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Context } from '../../context.ts';
import { nativeTokens, newsletterSubscribers, siteMessages } from '../../db/schema.ts';
import { perHour, responses } from '../../http/schema.ts';
import { newId } from '../../lib/ids.ts';

/** The public site's calls: contact and FAQ forms, the newsletter field, the token carousel. */
export function siteRoutes(app: FastifyInstance, ctx: Context) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['site'];
  const config = { auth: 'public' as const, rateLimit: perHour(LIMITS.publicFormsPerIpPerHour) };

  r.post(
    '/api/site/contact',
    { config, schema: { tags, body: contactBody, response: responses({ 200: messageResponse }) } },
    async (req) => {
      await ctx.db.insert(siteMessages).values({ id: newId(), kind: 'contact', ip: req.ip, ...req.body });
      return { message: messages.contactSent };
    },
  );

  r.post(
    '/api/site/inquiry',
    { config, schema: { tags, body: inquiryBody, response: responses({ 200: messageResponse }) } },
    async (req) => {
      await ctx.db.insert(siteMessages).values({ id: newId(), kind: 'inquiry', ip: req.ip, ...req.body });
      return { message: messages.inquirySent };
    },
  );

  r.post(
    '/api/site/newsletter',
    { config, schema: { tags, body: newsletterBody, response: responses({ 200: messageResponse }) } },
    async (req) => {
      // The same answer whether or not the address was already subscribed.
      await ctx.db.insert(newsletterSubscribers).values({ email: req.body.email }).onConflictDoNothing();
      return { message: messages.newsletterSubscribed };
    },
  );

  r.get(
    '/api/native-token/get-all-native-tokens',
    {
      config: { auth: 'public' },
      schema: { tags: ['native-token'], response: responses({ 200: z.object({ data: z.array(nativeToken) }) }) },
    },
    async () => {
      const rows = await ctx.db
        .select()
        .from(nativeTokens)
        .where(eq(nativeTokens.isVisibleOnWeb, true))
        .orderBy(asc(nativeTokens.orderIndex));
      return {
        data: rows.map((t) => ({
          _id: t.id,
          coin: t.coinSymbol,
          coinSymbol: t.coinSymbol,
          name: t.name,
          displayName: t.displayName,
          shortName: t.shortName,
          displaySymbol: t.displaySymbol,
          description: t.description,
          type: t.type,
          icon: { url: t.iconUrl },
          coinColor: t.coinColor,
          price: t.price,
          multiplier: t.multiplier,
          decimals: t.decimals,
          orderIndex: t.orderIndex,
          isVisibleOnWeb: t.isVisibleOnWeb,
        })),
      };
    },
  );
}
