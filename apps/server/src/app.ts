import { mkdirSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { messages } from '@vault/contract/messages';
import '@vault/contract/zod';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Context } from './context.ts';
import type { Db } from './db/client.ts';
import { registerAuth } from './http/auth.ts';
import { frameworkErrors, registerErrorHandler } from './http/errors.ts';
import { registerJsonBody } from './http/json-body.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import { createLedger } from './ledger/ledger.ts';
import { EventBus } from './lib/events.ts';
import { sharedSecret } from './lib/secrets.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { adminService } from './modules/admin/service.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { authService } from './modules/auth/service.ts';
import { sessionService } from './modules/auth/sessions.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { catalogueService } from './modules/catalogue/service.ts';
import { membershipRoutes } from './modules/membership/routes.ts';
import { membershipService } from './modules/membership/service.ts';
import { activationService } from './modules/native-wallet/activation.ts';
import { nativeWalletRoutes } from './modules/native-wallet/routes.ts';
import { nativeWalletService } from './modules/native-wallet/service.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { notificationService } from './modules/notifications/service.ts';
import { requestRoutes } from './modules/requests/routes.ts';
import { requestService } from './modules/requests/service.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { settingsService } from './modules/settings/service.ts';
import { siteRoutes } from './modules/site/routes.ts';
import { siteService } from './modules/site/service.ts';
import { storageRoutes } from './modules/storage/routes.ts';
import { storageService } from './modules/storage/service.ts';
import { transactionLogRoutes } from './modules/transaction-log/routes.ts';
import { transactionLogService } from './modules/transaction-log/service.ts';
import { userRoutes } from './modules/user/routes.ts';
import { userService } from './modules/user/service.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { walletService } from './modules/wallet/service.ts';
import { createMailer } from './providers/mail/mailer.ts';
import { attachRealtime } from './realtime/gateway.ts';

/** JSON bodies are small in this API; files go through multipart with their own limit. */
const BODY_LIMIT = 100 * 1024;

/** Builds the whole server (HTTP API, realtime, web app) on an open database. Tests build it too. */
export async function buildApp(opts: { config: Config; db: Db; log: Logger }) {
  const { config, db, log } = opts;
  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: Context = {
    config,
    db,
    log,
    events: new EventBus(),
    mailer: createMailer({
      db,
      log,
      smtpUrl: config.SMTP_URL,
      dataDir: config.dataDir,
      devFiles: config.NODE_ENV === 'development',
    }),
    secrets: {
      jwt: config.JWT_SECRET ?? (await sharedSecret(db, 'jwt')),
      hmac: await sharedSecret(db, 'hmac'),
      altcha: await sharedSecret(db, 'altcha'),
    },
  };

  await registerSecurityHeaders(app);

  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'vault-rl:',
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: `${messages.tooManyRequests} (try again in ${context.after})`,
    }),
  });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Vault platform API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  // /api/docs shows public routes without the bearer lock.
  app.addHook('onRoute', (route) => {
    if (route.config?.auth === 'public' && route.schema) route.schema.security = [];
  });
  registerErrorHandler(app);
  registerJsonBody(app);
  const sessions = sessionService(ctx);
  const settings = settingsService(ctx);
  registerAuth(app, sessions, { maintenance: () => settings.maintenance() });

  const notifications = notificationService(ctx);
  authRoutes(app, authService(ctx, sessions, notifications), sessions);
  const storage = storageService(ctx);
  userRoutes(app, userService(ctx, sessions, storage));
  storageRoutes(app, storage);
  notificationRoutes(app, notifications);
  settingsRoutes(app, settings);
  siteRoutes(app, siteService(ctx));
  membershipRoutes(app, membershipService(ctx, storage));
  const ledger = createLedger(db);
  const catalogue = catalogueService(db, ctx.events);
  const activation = activationService(ctx, { catalogue, ledger });
  catalogueRoutes(app, catalogue, activation);
  nativeWalletRoutes(app, nativeWalletService(ctx, ledger, catalogue, notifications), activation);
  walletRoutes(app, walletService(ctx, { catalogue, ledger, settings }));
  transactionLogRoutes(app, transactionLogService(ctx));
  requestRoutes(app, requestService(ctx, ledger, notifications));
  adminRoutes(app, adminService(ctx, { sessions, settings, notifications, ledger }));

  app.get('/api/health', { config: { auth: 'public' }, schema: { tags: ['health'] } }, async () => {
    await db.execute(sql`select 1`);
    return { status: 'ok' };
  });

  // Only public uploads (profile pictures) lie here; private ones (signatures) are served by the storage
  // module through signed URLs. Those stored here before that change move out first.
  const uploadsDir = path.join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  await storage.movePrivateFilesOutOfPublicFolder();
  // Files and API docs are public: their routes come from plugins, so this context marks them so.
  await app.register(async (files) => {
    files.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: 'public' };
    });
    await files.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list' } });
    await files.register(fastifyStatic, { root: uploadsDir, prefix: '/uploads/', decorateReply: false, index: false });
  });
  await registerWebApp(app, config.WEB_DIST);

  const realtime = attachRealtime(app.server, ctx, sessions);
  app.addHook('onClose', async () => {
    await realtime.close();
    redis?.disconnect();
  });

  return { app, ctx, notifications };
}
