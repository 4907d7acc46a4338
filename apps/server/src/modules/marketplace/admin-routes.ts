import { adminAdChanged, adminAdsQuery, adminAdsResponse, hideAdBody } from '@vault/contract/schemas/marketplace';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCaller } from '../../http/auth.ts';
import { responses } from '../../http/schema.ts';
import type { MarketplaceAdmin } from './admin.ts';

const tags = ['back office'];
const read = { auth: 'admin' as const, permission: 'members.read' as const };
/** Taking a member's ad down is acting on a member (as blocking is): operators and up. */
const manage = { auth: 'admin' as const, permission: 'members.manage' as const };
const params = z.object({ id: z.uuid() });

/** The back office's marketplace (issue 17 item 8): the ads, and hiding an abusive one (audited). */
export function marketplaceAdminRoutes(app: FastifyInstance, admin: MarketplaceAdmin) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/marketplace/ads',
    {
      config: read,
      schema: {
        tags,
        summary: 'Marketplace ads, newest first (optionally of one status), with owner and number of trades',
        querystring: adminAdsQuery,
        response: responses({ 200: adminAdsResponse }),
      },
    },
    (req) => admin.list(req.query.status, req.query.page, req.query.limit),
  );

  r.post(
    '/api/admin/marketplace/ads/:id/hide',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Hide an abusive ad: its unsold units return from escrow to the owner in one entry, the reason is kept ' +
          'and audited, the owner is notified. Once',
        params,
        body: hideAdBody,
        response: responses({ 200: adminAdChanged }),
      },
    },
    (req) => admin.hide(adminCaller(req).user, req.params.id, req.body.reason),
  );
}
