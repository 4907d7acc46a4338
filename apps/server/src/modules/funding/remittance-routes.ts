import { messageResponse } from '@vault/contract/schemas/common';
import {
  remittanceAddressBody,
  remittanceAddressesResponse,
  remittanceAddressResponse,
} from '@vault/contract/schemas/funding';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { perHour, responses } from '../../http/schema.ts';
import type { RemittanceService } from './remittance-addresses.ts';

const addressParams = z.object({ id: z.uuid() });
const detailResponse = z.object({ data: remittanceAddressResponse.shape.data });

/**
 * New addresses a member may save in an hour: far above what anyone types by hand, low enough that a script
 * cannot churn signatures and rows (each one takes an upload into use for good).
 */
const ADDRESSES_PER_MEMBER_PER_HOUR = 60;

/** Remittance addresses (spec 2 §7): the member's own, and nobody else's (404). */
export function remittanceRoutes(app: FastifyInstance, remittance: RemittanceService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['funding'];
  const config = { auth: 'member' as const };
  // Counted per member, after the session check (a route's onRequest follows the app's); Redis shares it.
  const createRate = app.rateLimit({
    ...perHour(ADDRESSES_PER_MEMBER_PER_HOUR),
    keyGenerator: (req) => `remittance-addresses:${caller(req).user.id}`,
  });

  r.get(
    '/api/remittance-addresses',
    {
      config,
      schema: {
        tags,
        summary: 'The member’s remittance addresses, newest first (signatureUrl: a signed URL for them)',
        response: responses({ 200: remittanceAddressesResponse }),
      },
    },
    (req) => remittance.list(caller(req).user),
  );

  r.post(
    '/api/remittance-addresses',
    {
      config,
      onRequest: createRate,
      schema: {
        tags,
        summary:
          'Save a remittance address; signatureUrl is what storage/upload/base64 (type=directWire) answered. ' +
          'The first address (or one added while none is starred) becomes the primary',
        body: remittanceAddressBody,
        response: responses({ 200: remittanceAddressResponse }),
      },
    },
    (req) => remittance.create(caller(req).user, req.body),
  );

  r.get(
    '/api/remittance-addresses/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One of the member’s remittance addresses (the detail view)',
        params: addressParams,
        response: responses({ 200: detailResponse }),
      },
    },
    (req) => remittance.detail(caller(req).user, req.params.id),
  );

  r.delete(
    '/api/remittance-addresses/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a remittance address (the cross); deleting the primary leaves none starred',
        params: addressParams,
        response: responses({ 200: messageResponse }),
      },
    },
    (req) => remittance.remove(caller(req).user, req.params.id),
  );

  r.post(
    '/api/remittance-addresses/:id/primary',
    {
      config,
      schema: {
        tags,
        summary: 'Star a remittance address: it becomes the primary, the one a direct wire uses',
        params: addressParams,
        response: responses({ 200: remittanceAddressResponse }),
      },
    },
    (req) => remittance.makePrimary(caller(req).user, req.params.id),
  );
}
