import {
  adChanged,
  adCreated,
  adIdParams,
  adResponse,
  createAdBody,
  deleteAdQuery,
  exchangeBody,
  exchangeResponse,
  listingQuery,
  listingResponse,
  ownAdsQuery,
  ownAdsResponse,
  toggleAdBody,
} from '@vault/contract/schemas/marketplace';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../http/auth.ts';
import { idempotencyHeaders, idempotencyOf } from '../../http/idempotency.ts';
import { perHour, perMinute, responses } from '../../http/schema.ts';
import type { AdService } from './ads.ts';
import type { ListingService } from './listing.ts';
import type { TradeService } from './trades.ts';

/** Ads a member may post in an hour: far above honest use, a bound on escrow entries made by a script. */
const ADS_PER_HOUR = 30;
/** Purchases a member may make in a minute. */
const TRADES_PER_MINUTE = 30;
/** Toggles and deletes a member may make in a minute. */
const CHANGES_PER_MINUTE = 60;

/**
 * The member marketplace (spec 2 §7 "Opportunity tokens and marketplace"), behind the membership data gate,
 * members only; each ad is checked to be the caller's where it must be (others: 404). Posting and buying need
 * an activated vault (403 NOT_ACTIVATED); buying pool units also a subscription (403 SUBSCRIPTION_REQUIRED).
 */
export function marketplaceRoutes(
  app: FastifyInstance,
  deps: { ads: AdService; listing: ListingService; trades: TradeService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['marketplace'];
  const config = { auth: 'member' as const, membership: true };
  const limited = (name: string, limit: ReturnType<typeof perHour>) =>
    app.rateLimit({ ...limit, keyGenerator: (req) => `marketplace-${name}:${caller(req).user.id}` });

  r.get(
    '/api/marketplace/listing',
    {
      config,
      schema: {
        tags,
        summary:
          'Other members’ active ads with units left (Acquire mode): filter recently_listed | price_low_to_high | ' +
          'price_high_to_low, price bounds in Q, keyword (token or pool name, description)',
        querystring: listingQuery,
        response: responses({ 200: listingResponse }),
      },
    },
    (req) => deps.listing.listing(caller(req).user, req.query),
  );

  r.get(
    '/api/marketplace/ad',
    {
      config,
      schema: {
        tags,
        summary: 'The caller’s own ads (Exchange mode), newest first: active, deactivated and sold out',
        querystring: ownAdsQuery,
        response: responses({ 200: ownAdsResponse }),
      },
    },
    (req) => deps.listing.own(caller(req).user, req.query.page, req.query.limit),
  );

  r.get(
    '/api/marketplace/ad/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One ad: an active one, or any of the caller’s own; else 404',
        params: adIdParams,
        response: responses({ 200: adResponse }),
      },
    },
    (req) => deps.listing.one(caller(req).user, req.params.id),
  );

  r.post(
    '/api/marketplace/ad',
    {
      config,
      onRequest: limited('ads', perHour(ADS_PER_HOUR)),
      schema: {
        tags,
        summary:
          'Post a sell ad: the units (an asset token, or units of an opportunity pool) move to escrow at once. ' +
          'Activated members only. Idempotency-Key: see the header',
        headers: idempotencyHeaders,
        body: createAdBody,
        response: responses({ 200: adCreated }),
      },
    },
    (req) => deps.ads.create(caller(req).user, req.body, idempotencyOf(req)),
  );

  r.patch(
    '/api/marketplace/ad',
    {
      config,
      onRequest: limited('changes', perMinute(CHANGES_PER_MINUTE)),
      schema: {
        tags,
        summary: 'Activate or deactivate one of the caller’s ads (a deactivated ad cannot be bought)',
        body: toggleAdBody,
        response: responses({ 200: adChanged }),
      },
    },
    (req) => deps.ads.toggle(caller(req).user, req.body),
  );

  r.delete(
    '/api/marketplace/ad',
    {
      config,
      onRequest: limited('changes', perMinute(CHANGES_PER_MINUTE)),
      schema: {
        tags,
        summary: 'Delete one of the caller’s ads: its unsold units return from escrow',
        querystring: deleteAdQuery,
        response: responses({ 200: adChanged }),
      },
    },
    (req) => deps.ads.remove(caller(req).user, req.query.ad_id),
  );

  r.post(
    '/api/marketplace/exchange',
    {
      config,
      onRequest: limited('trades', perMinute(TRADES_PER_MINUTE)),
      schema: {
        tags,
        summary:
          'Get Now: take units of another member’s active ad, paid in Q (numShares × pricePerShare, to the cent). ' +
          'Activated members only; pool units need a subscription. Idempotency-Key: see the header',
        headers: idempotencyHeaders,
        body: exchangeBody,
        response: responses({ 200: exchangeResponse }),
      },
    },
    (req) => deps.trades.exchange(caller(req).user, req.body, idempotencyOf(req)),
  );
}
