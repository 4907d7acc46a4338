import { messageResponse } from '@vault/contract/schemas/common';
import {
  redeemAddressBody,
  redeemAddressDetailResponse,
  redeemAddressesResponse,
  redeemAddressResponse,
} from '@vault/contract/schemas/redeem-addresses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { perHour, responses } from '../../http/schema.ts';
import type { RedeemAddressService } from './redeem-addresses.ts';

const addressParams = z.object({ id: z.uuid() });

/** New redeem addresses a member may save in an hour: far above what anyone types by hand. */
const ADDRESSES_PER_MEMBER_PER_HOUR = 60;
/** Edits a member may make in an hour: a few per address kept, not a script rewriting rows. */
const EDITS_PER_MEMBER_PER_HOUR = 120;

/**
 * Redeem addresses (spec 2 §7 `direct-wires/withdraw…`, the spec's paths): the member's own, and nobody else's
 * (404). Delete and detail are `direct-wires/withdraw/{id}`, as the spec has them.
 */
export function redeemAddressRoutes(app: FastifyInstance, addresses: RedeemAddressService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['redemption'];
  const config = { auth: 'member' as const };
  // Counted per member, after the session check (a route's onRequest follows the app's); Redis shares it.
  const createRate = app.rateLimit({
    ...perHour(ADDRESSES_PER_MEMBER_PER_HOUR),
    keyGenerator: (req) => `redeem-addresses:${caller(req).user.id}`,
  });
  const editRate = app.rateLimit({
    ...perHour(EDITS_PER_MEMBER_PER_HOUR),
    keyGenerator: (req) => `redeem-address-edits:${caller(req).user.id}`,
  });

  r.get(
    '/api/direct-wires/withdraw/address',
    {
      config,
      schema: {
        tags,
        summary: 'The member’s redeem addresses (the bank accounts they redeem to by direct wire), newest first',
        response: responses({ 200: redeemAddressesResponse }),
      },
    },
    (req) => addresses.list(caller(req).user),
  );

  r.post(
    '/api/direct-wires/withdraw/address',
    {
      config,
      onRequest: createRate,
      schema: {
        tags,
        summary: 'Save a redeem address (phoneNumber in E.164; aba, swiftBic, routingCode and phoneNumber optional)',
        body: redeemAddressBody,
        response: responses({ 200: redeemAddressResponse }),
      },
    },
    (req) => addresses.create(caller(req).user, req.body),
  );

  r.put(
    '/api/direct-wires/withdraw/address/:id',
    {
      config,
      onRequest: editRate,
      schema: {
        tags,
        summary: 'Edit one of the member’s redeem addresses: every field is replaced',
        params: addressParams,
        body: redeemAddressBody,
        response: responses({ 200: redeemAddressResponse }),
      },
    },
    (req) => addresses.update(caller(req).user, req.params.id, req.body),
  );

  r.get(
    '/api/direct-wires/withdraw/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One of the member’s redeem addresses (the detail view)',
        params: addressParams,
        response: responses({ 200: redeemAddressDetailResponse }),
      },
    },
    (req) => addresses.detail(caller(req).user, req.params.id),
  );

  r.delete(
    '/api/direct-wires/withdraw/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete one of the member’s redeem addresses',
        params: addressParams,
        response: responses({ 200: messageResponse }),
      },
    },
    (req) => addresses.remove(caller(req).user, req.params.id),
  );
}
