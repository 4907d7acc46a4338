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
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { type Container, createContainer } from './container.ts';
import type { Db } from './db/client.ts';
import { startDelivery } from './events/index.ts';
import { registerAuth } from './http/auth.ts';
import { frameworkErrors, registerErrorHandler } from './http/errors.ts';
import { registerJsonBody } from './http/json-body.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { adminAuthRoutes } from './modules/admins/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { backofficeRoutes } from './modules/backoffice/routes.ts';
import { catalogueAdminRoutes } from './modules/catalogue/admin-routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { chatAdminRoutes } from './modules/chat/admin-routes.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { purchaseDeskRoutes, wireDeskRoutes } from './modules/funding/admin-routes.ts';
import { coinqvestRoutes } from './modules/funding/coinqvest-routes.ts';
import { goCardlessRoutes } from './modules/funding/gocardless-routes.ts';
import { paypalRoutes } from './modules/funding/paypal-routes.ts';
import { remittanceRoutes } from './modules/funding/remittance-routes.ts';
import { fundingRoutes } from './modules/funding/routes.ts';
import { transactionRoutes } from './modules/funding/transaction-routes.ts';
import { marketplaceAdminRoutes } from './modules/marketplace/admin-routes.ts';
import { marketplaceRoutes } from './modules/marketplace/routes.ts';
import { membershipRoutes } from './modules/membership/routes.ts';
import { nativeWalletRoutes } from './modules/native-wallet/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { opportunityAdminRoutes } from './modules/opportunities/admin-routes.ts';
import { opportunityRoutes } from './modules/opportunities/routes.ts';
import { redeemAddressRoutes } from './modules/redemption/redeem-address-routes.ts';
import { redemptionAdminRoutes } from './modules/redemption/redemption-admin-routes.ts';
import { redemptionRoutes } from './modules/redemption/redemption-routes.ts';
import { requestRoutes } from './modules/requests/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { siteRoutes } from './modules/site/routes.ts';
import { storageRoutes } from './modules/storage/routes.ts';
import { subscriptionAdminRoutes } from './modules/subscriptions/admin-routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/routes.ts';
import { swapRoutes } from './modules/swaps/routes.ts';
import { transactionLogRoutes } from './modules/transaction-log/routes.ts';
import { userRoutes } from './modules/user/routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { registerCoinqvestSandbox } from './providers/coinqvest/index.ts';
import { gocardlessSandbox } from './providers/gocardless/sandbox.ts';
import { paypalSettings } from './providers/paypal/adapter.ts';
import { registerPaypalSandbox } from './providers/paypal/sandbox.ts';
import { attachRealtime } from './realtime/gateway.ts';

/** JSON bodies are small in this API; files go through multipart with their own limit. */
const BODY_LIMIT = 100 * 1024;

/**
 * Builds the whole server (HTTP API, realtime, web app) on an open database: it registers routes with the
 * container's services. Tests build it too, usually from `{ config, db, log }`, in which case it builds the
 * container and closes it with the app; given a container, the caller owns it (main.ts).
 */
export async function buildApp(opts: { container: Container } | { config: Config; db: Db; log: Logger }) {
  const ownsContainer = !('container' in opts);
  const container = 'container' in opts ? opts.container : await createContainer(opts);
  const { config, db, log, ctx, services } = container;
  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await registerSecurityHeaders(app);

  await app.register(rateLimit, {
    global: false,
    redis: ctx.redis,
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
  const { sessions, settings, notifications, storage, catalogue, activation } = services;
  registerAuth(app, sessions, { maintenance: () => settings.maintenance() });
  authRoutes(app, services.auth, sessions);
  userRoutes(app, services.user);
  storageRoutes(app, storage);
  notificationRoutes(app, notifications);
  settingsRoutes(app, settings);
  siteRoutes(app, services.site);
  membershipRoutes(app, services.membership);
  catalogueRoutes(app, catalogue, activation);
  catalogueAdminRoutes(app, services.catalogueAdmin);
  nativeWalletRoutes(app, services.nativeWallet, activation);
  walletRoutes(app, services.wallet);
  transactionLogRoutes(app, services.transactionLog);
  remittanceRoutes(app, services.remittance);
  redeemAddressRoutes(app, services.redeemAddresses);
  redemptionRoutes(app, services.redemptions, services.redeemNetworks);
  redemptionAdminRoutes(app, services.redemptionDesk);
  transactionRoutes(app, services.transactions);
  fundingRoutes(app, { terms: services.purchaseTerms, wires: services.directWires });
  wireDeskRoutes(app, services.wireDesk);
  purchaseDeskRoutes(app, services.purchaseDesk);
  paypalRoutes(app, services.paypal);
  goCardlessRoutes(app, services.gocardless);
  coinqvestRoutes(app, services.coinqvest, services.cryptoDeposits);
  requestRoutes(app, services.requests);
  swapRoutes(app, services.swaps);
  adminRoutes(app, services.admin);
  adminAuthRoutes(app, services.admins);
  backofficeRoutes(app, services.backoffice);
  subscriptionRoutes(app, { plans: services.plans, subscriptions: services.subscriptions });
  subscriptionAdminRoutes(app, { plans: services.plans, desk: services.subscriptionDesk });
  opportunityRoutes(app, { pools: services.pools, acquire: services.acquire });
  opportunityAdminRoutes(app, { pools: services.pools, poolAdmin: services.poolAdmin, desk: services.acquireDesk });
  marketplaceRoutes(app, {
    ads: services.marketplaceAds,
    listing: services.marketplaceListing,
    trades: services.marketplaceTrades,
  });
  marketplaceAdminRoutes(app, services.marketplaceAdmin);
  chatRoutes(app, services.chat);
  chatAdminRoutes(app, services.chat, storage);
  if (!config.GOCARDLESS_ACCESS_TOKEN) await app.register(gocardlessSandbox(config)); // issue 13: our GoCardless sandbox
  await registerCoinqvestSandbox(app, { config, db, log, link: services.coinqvestLink }); // without credentials
  // issue 13: our PayPal sandbox at /sandbox/paypal, without PayPal credentials, never in production
  if (paypalSettings(config).mode === 'sandbox')
    await registerPaypalSandbox(app, {
      publicUrl: config.publicUrl,
      webhookUrl: `${config.publicUrl}/api/webhooks/paypal`,
      log,
    });

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
  await registerWebApp(app, { web: config.WEB_DIST, admin: config.ADMIN_DIST });

  const realtime = attachRealtime(app.server, ctx, sessions, services.chat);
  // This process holds sockets: it delivers its scope's events (events/delivery.ts) to the gateway.
  const delivery = startDelivery({ pool: db.$client, scope: ctx.events.scope, deliver: ctx.events.deliver, log });
  await delivery.ready;
  app.addHook('onClose', async () => {
    await delivery.stop();
    await realtime.close();
    if (ownsContainer) await container.close();
  });

  return { app, ctx, notifications, container, delivery };
}
