import { membershipDraft, membershipForm } from '@vault/contract/schemas/membership';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { responses } from '../../http/schema.ts';
import type { MembershipService } from './service.ts';

const saved = z.object({ message: z.string(), data: z.record(z.string(), z.unknown()) });

export function membershipRoutes(app: FastifyInstance, membership: MembershipService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['membership'];
  const config = { auth: 'member' as const };

  r.post(
    '/api/gpalevel/draft',
    {
      config,
      schema: {
        tags,
        summary: 'Save the application as it is (each Next, and Save & Exit)',
        body: membershipDraft,
        response: responses({ 200: saved }),
      },
    },
    (req) => membership.saveDraft(caller(req).user, req.body),
  );

  r.post(
    '/api/gpalevel/save',
    {
      config,
      schema: {
        tags,
        summary: 'Submit the whole application',
        body: membershipForm,
        response: responses({ 200: saved }),
      },
    },
    (req) => membership.submit(caller(req).user, req.body),
  );
}
