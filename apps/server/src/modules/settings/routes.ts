import { maintenanceResponse, settings } from '@vault/contract/schemas/site';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { responses } from '../../http/schema.ts';
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
}
