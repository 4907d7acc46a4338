import { LIMITS } from '@vault/contract/constants';
import { messageResponse } from '@vault/contract/schemas/common';
import { contactBody, inquiryBody, newsletterBody } from '@vault/contract/schemas/site';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perHour, responses } from '../../http/schema.ts';
import type { SiteService } from './service.ts';

/** The public site's forms: contact, FAQ inquiry and the footer newsletter field. */
export function siteRoutes(app: FastifyInstance, site: SiteService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['site'];
  const config = { auth: 'public' as const, rateLimit: perHour(LIMITS.publicFormsPerIpPerHour) };
  const schema = { tags, response: responses({ 200: messageResponse }) };

  r.post('/api/site/contact', { config, schema: { ...schema, body: contactBody } }, (req) =>
    site.contact(req.body, req.ip),
  );
  r.post('/api/site/inquiry', { config, schema: { ...schema, body: inquiryBody } }, (req) =>
    site.inquiry(req.body, req.ip),
  );
  r.post('/api/site/newsletter', { config, schema: { ...schema, body: newsletterBody } }, (req) =>
    site.subscribe(req.body.email),
  );
}
