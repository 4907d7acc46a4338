import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Context } from './context.ts';
import type { Db } from './db/client.ts';
import { createEvents, eventScope } from './events/index.ts';
import { createJobQueue } from './jobs/queue.ts';
import { createLedger } from './ledger/index.ts';
import { makerCheckerService } from './modules/admin/maker-checker.ts';
import { adminService } from './modules/admin/service.ts';
import { adminAccountService } from './modules/admins/service.ts';
import { authService } from './modules/auth/service.ts';
import { sessionService } from './modules/auth/sessions.ts';
import { backofficeService } from './modules/backoffice/service.ts';
import { catalogueAdminService } from './modules/catalogue/admin.ts';
import { catalogueService } from './modules/catalogue/service.ts';
import { createPresence } from './modules/chat/presence.ts';
import { chatService } from './modules/chat/service.ts';
import { coinqvestService } from './modules/funding/coinqvest.ts';
import { cryptoDepositService } from './modules/funding/crypto-deposits.ts';
import { directWireService } from './modules/funding/direct-wires.ts';
import { goCardlessService } from './modules/funding/gocardless.ts';
import { onlinePurchaseService } from './modules/funding/online-purchases.ts';
import { paypalService } from './modules/funding/paypal.ts';
import { providerEventService } from './modules/funding/provider-events.ts';
import { purchaseDeskService } from './modules/funding/purchase-desk.ts';
import { purchaseTermsService } from './modules/funding/purchase-terms.ts';
import { remittanceService } from './modules/funding/remittance-addresses.ts';
import { transactionService } from './modules/funding/transactions.ts';
import { wireDeskService } from './modules/funding/wire-desk.ts';
import { marketplaceAdmin } from './modules/marketplace/admin.ts';
import { adService } from './modules/marketplace/ads.ts';
import { listingService } from './modules/marketplace/listing.ts';
import { tradeService } from './modules/marketplace/trades.ts';
import { membershipService } from './modules/membership/service.ts';
import { activationService } from './modules/native-wallet/activation.ts';
import { nativeWalletService } from './modules/native-wallet/service.ts';
import { notificationService } from './modules/notifications/service.ts';
import { acquireService } from './modules/opportunities/acquire.ts';
import { acquireDesk } from './modules/opportunities/acquire-desk.ts';
import { poolAdmin } from './modules/opportunities/pool-admin.ts';
import { poolService } from './modules/opportunities/pools.ts';
import { redeemAddressService } from './modules/redemption/redeem-addresses.ts';
import { redeemNetworkService } from './modules/redemption/redeem-networks.ts';
import { redemptionDesk } from './modules/redemption/redemption-desk.ts';
import { redemptionService } from './modules/redemption/redemptions.ts';
import { requestService } from './modules/requests/service.ts';
import { loadSecrets } from './modules/secrets/service.ts';
import { settingsService } from './modules/settings/service.ts';
import { siteService } from './modules/site/service.ts';
import { storageService } from './modules/storage/service.ts';
import { subscriptionDesk } from './modules/subscriptions/desk.ts';
import { planService } from './modules/subscriptions/plans.ts';
import { renewalService } from './modules/subscriptions/renewals.ts';
import { subscriptionService } from './modules/subscriptions/subscriptions.ts';
import { swapService } from './modules/swaps/service.ts';
import { transactionLogService } from './modules/transaction-log/service.ts';
import { userService } from './modules/user/service.ts';
import { walletService } from './modules/wallet/service.ts';
import { createCoinqvestClient } from './providers/coinqvest/adapter.ts';
import { coinqvestSettings, sandboxLink } from './providers/coinqvest/index.ts';
import { createGoCardless, gocardlessSettings } from './providers/gocardless/adapter.ts';
import { mailDelivery } from './providers/mail/delivery.ts';
import { createMailer } from './providers/mail/mailer.ts';
import { mailTransport } from './providers/mail/transport.ts';
import { paypalAdapter, paypalSettings } from './providers/paypal/adapter.ts';

/**
 * The composition root: the context and every service, built once, in dependency order. HTTP (app.ts),
 * the worker (worker.ts), the CLI (cli/) and the demo seed all take their services from here, so no
 * entry point wires a service by hand. The caller owns the database: `close()` stops what the container
 * started (the job queue, Redis), not the pool.
 */
export async function createContainer(opts: { config: Config; db: Db; log: Logger }) {
  const { config, db, log } = opts;
  const queue = await createJobQueue({ db, log });
  const transport = mailTransport({
    smtpUrl: config.SMTP_URL,
    dataDir: config.dataDir,
    devFiles: config.NODE_ENV === 'development',
    log,
  });
  // Connects on first use: the CLI and the worker never touch it.
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: true })
    : undefined;
  const ctx: Context = {
    config,
    db,
    log,
    events: createEvents(db, eventScope(config.REDIS_URL)),
    mailer: createMailer({ db, queue, delivers: transport !== null }),
    secrets: await loadSecrets(config, db),
    redis,
  };

  const ledger = createLedger(db);
  const sessions = sessionService(ctx);
  const settings = settingsService(ctx);
  const notifications = notificationService(ctx);
  const storage = storageService(ctx);
  const catalogue = catalogueService(db, ctx.events);
  const swaps = swapService(ctx, { ledger, catalogue, settings });
  const transactionLog = transactionLogService(ctx);
  // Money actions above the owners' threshold wait for a second administrator (credits, reversals, approvals).
  const makerChecker = makerCheckerService(ctx, { ledger, settings });
  const purchaseTerms = purchaseTermsService(db, catalogue);
  // Online purchases (issue 13): the shared core; PayPal (sandbox without credentials, off so in production).
  const onlinePurchases = onlinePurchaseService(ctx, { ledger, terms: purchaseTerms, catalogue });
  const providerEvents = providerEventService(ctx, { ledger, notifications });
  const paypalConfig = paypalSettings(config);
  const paypal = paypalService(ctx, {
    adapter: paypalConfig.mode === 'off' ? null : paypalAdapter(paypalConfig),
    purchases: onlinePurchases,
    events: providerEvents,
  });
  // COINQVEST (issue 13): the same; the sandbox's secret is generated once into the secrets table.
  const coinqvestConfig = await coinqvestSettings(config, db);
  const coinqvestLink = sandboxLink();
  const coinqvestClient =
    coinqvestConfig &&
    createCoinqvestClient({
      ...coinqvestConfig,
      ...(coinqvestConfig.mode === 'sandbox' ? { fetch: coinqvestLink.fetch } : {}),
    });
  // Members' own deposit addresses at COINQVEST, and what arrives at them (issue 13 item 4).
  const cryptoDeposits = cryptoDepositService(ctx, { client: coinqvestClient, catalogue, events: providerEvents });
  const coinqvest = coinqvestService(ctx, {
    settings: coinqvestConfig,
    client: coinqvestClient,
    purchases: onlinePurchases,
    events: providerEvents,
    deposits: cryptoDeposits,
  });
  // GoCardless (issue 13): our sandbox without a token, off in production without one.
  const gocardlessConfig = gocardlessSettings(config);
  const gocardless = goCardlessService(ctx, {
    client: gocardlessConfig && createGoCardless(gocardlessConfig),
    webhookSecret: gocardlessConfig?.webhookSecret ?? null,
    purchases: onlinePurchases,
    events: providerEvents,
  });
  const services = {
    sessions,
    settings,
    notifications,
    storage,
    catalogue,
    catalogueAdmin: catalogueAdminService(ctx, { catalogue, storage }),
    mail: mailDelivery({ db, log, transport }),
    auth: authService(ctx, sessions, notifications),
    user: userService(ctx, sessions, storage),
    site: siteService(ctx),
    membership: membershipService(ctx, storage),
    remittance: remittanceService(ctx, storage),
    redeemAddresses: redeemAddressService(ctx),
    // Redemption (issue 14): requests on hold, decided at the desk, crypto paid out through COINQVEST.
    redemptions: redemptionService(ctx, { ledger, catalogue, settings }),
    redemptionDesk: redemptionDesk(ctx, { ledger, catalogue, notifications, makerChecker, payouts: coinqvestClient }),
    redeemNetworks: redeemNetworkService(ctx, coinqvestClient),
    transactions: transactionService(ctx),
    purchaseTerms,
    directWires: directWireService(ctx, { ledger, settings, notifications, terms: purchaseTerms }),
    // Registers the wire receipt with the maker-checker (a receipt above the threshold waits).
    wireDesk: wireDeskService(ctx, { ledger, notifications, makerChecker }),
    // The back office's online purchases and provider events (issue 13 item 5), read only.
    purchaseDesk: purchaseDeskService(ctx),
    onlinePurchases,
    providerEvents,
    paypal,
    coinqvest,
    cryptoDeposits,
    /** The adapter's way to the COINQVEST sandbox of this process (app.ts mounts it). */
    coinqvestLink,
    gocardless,
    activation: activationService(ctx, { catalogue, ledger, ownDepositAddresses: coinqvestClient !== null }),
    nativeWallet: nativeWalletService(ctx, ledger, catalogue, notifications),
    // Without COINQVEST, the wallets show the platform's deposit addresses (an operator credits what arrives).
    wallet: walletService(ctx, { catalogue, ledger, settings, ownDepositAddresses: coinqvestClient !== null }),
    transactionLog,
    swaps,
    requests: requestService(ctx, ledger, notifications, swaps, makerChecker),
    admin: adminService(ctx, { sessions, settings, notifications, ledger, makerChecker }),
    admins: adminAccountService(ctx, sessions),
    backoffice: backofficeService(ctx, { ledger, sessions, transactionLog, notifications }),
    // Subscriptions (issue 16): plans, paid from Q to revenue; renewals by the renew-subscriptions job.
    plans: planService(ctx),
    subscriptions: subscriptionService(ctx, { ledger, notifications }),
    renewals: renewalService(ctx, { ledger, notifications }),
    subscriptionDesk: subscriptionDesk(ctx),
    // Opportunity pools and acquire requests (issue 17): pools are ledger assets; requests hold Q, reserve units.
    pools: poolService(ctx, { ledger }),
    acquire: acquireService(ctx, { ledger }),
    acquireDesk: acquireDesk(ctx, { ledger, notifications }),
    poolAdmin: poolAdmin(ctx, { ledger }),
    // The member marketplace (issue 17 items 4, 5, 8): ads whose units wait in escrow, trades, the back office's hide.
    marketplaceAds: adService(ctx, { ledger, catalogue }),
    marketplaceListing: listingService(ctx, { catalogue, pools: poolService(ctx, { ledger }) }),
    marketplaceTrades: tradeService(ctx, { ledger, catalogue, settings, notifications }),
    marketplaceAdmin: marketplaceAdmin(ctx, { ledger, catalogue, notifications }),
    // Chat (issue 15): rooms, messages, blocks, the support inbox; presence in Redis when configured.
    chat: chatService(ctx, { storage, presence: createPresence(redis) }),
  };

  return {
    config,
    db,
    log,
    ctx,
    queue,
    ledger,
    services,
    async close() {
      await queue.stop();
      redis?.disconnect();
    },
  };
}

export type Container = Awaited<ReturnType<typeof createContainer>>;
export type Services = Container['services'];
