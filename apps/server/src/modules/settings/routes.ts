import type { Permission } from '@vault/contract/schemas/admin-auth';
import {
  adminSettingsResponse,
  adminSettingsUpdated,
  bankDetailsBody,
  directWireBody,
  marketplaceFeeBody,
  masterWalletsBody,
  redemptionFeeBody,
} from '@vault/contract/schemas/settings-admin';
import { maintenanceResponse, settings } from '@vault/contract/schemas/site';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../http/auth.ts';
import { responses } from '../../http/schema.ts';
import { settingsAdminService } from './admin.ts';
import type { SettingsService } from './service.ts';

export function settingsRoutes(app: FastifyInstance, service: SettingsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];
  r.get(
    '/api/settings',
    { config: { auth: 'member', essential: true }, schema: { tags, response: responses({ 200: settings }) } },
    () => service.all(),
  );
  r.get(
    '/api/settings/get-maintenance',
    { config: { auth: 'public' }, schema: { tags, response: responses({ 200: maintenanceResponse }) } },
    async () => ({ maintenance: (await service.all()).maintenance }),
  );

  // The back office's Settings screen (issue 11 item 3): read by every administrator who reads members, set by
  // owners (settings.manage), one section per call, each audited with the values before and after.
  const admin = settingsAdminService(service);
  const needs = (permission: Permission) => ({ auth: 'admin' as const, permission });
  const adminTags = ['back office'];
  const saved = responses({ 200: adminSettingsUpdated });
  r.get(
    '/api/admin/settings',
    {
      config: needs('members.read'),
      schema: {
        tags: adminTags,
        summary: 'The platform settings: maintenance, bank details, the direct wire fee and days, master wallets',
        response: responses({ 200: adminSettingsResponse }),
      },
    },
    () => admin.view(),
  );
  r.put(
    '/api/admin/settings/bank-details',
    {
      config: needs('settings.manage'),
      schema: {
        tags: adminTags,
        summary:
          'The accounts members pay into (spec 2 §3): zellePay, the domestic and the international direct wire ' +
          'account (routing number check digit, SWIFT/BIC 8 or 11); audited with the values before and after',
        body: bankDetailsBody,
        response: saved,
      },
    },
    (req) => admin.bankDetails(caller(req).user, req.body),
  );
  r.put(
    '/api/admin/settings/direct-wire',
    {
      config: needs('settings.manage'),
      schema: {
        tags: adminTags,
        summary: 'The direct wire fee (USD, a decimal string) and the days a direct wire request stays open; audited',
        body: directWireBody,
        response: saved,
      },
    },
    (req) => admin.directWire(caller(req).user, req.body),
  );
  r.put(
    '/api/admin/settings/redemption-fee',
    {
      config: needs('settings.manage'),
      schema: {
        tags: adminTags,
        summary:
          'The redemption fee in percent (0 to 10, 2 decimals), taken in the redeemed token when a request ' +
          'completes; each request keeps the rate it was made at; audited',
        body: redemptionFeeBody,
        response: saved,
      },
    },
    (req) => admin.redemptionFee(caller(req).user, req.body),
  );
  r.put(
    '/api/admin/settings/marketplace-fee',
    {
      config: needs('settings.manage'),
      schema: {
        tags: adminTags,
        summary:
          'The marketplace fee in percent (0 to 10, 2 decimals), kept from the seller’s proceeds of each trade, ' +
          'in Q, for the fees account; audited',
        body: marketplaceFeeBody,
        response: saved,
      },
    },
    (req) => admin.marketplaceFee(caller(req).user, req.body),
  );
  r.put(
    '/api/admin/settings/master-wallets',
    {
      config: needs('settings.manage'),
      schema: {
        tags: adminTags,
        summary: 'The platform deposit addresses (Bitcoin; Ethereum, also for ERC-20 tokens); audited',
        body: masterWalletsBody,
        response: saved,
      },
    },
    (req) => admin.masterWallets(caller(req).user, req.body),
  );
}
