import { fillMessage, messages } from '@vault/contract/messages';
import { divideDown, isPositive } from '@vault/contract/money';
import type { DepositAddress } from '@vault/contract/schemas/wallet';
import type { Context } from '../../context.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { type CoinqvestClient, CoinqvestError } from '../../providers/coinqvest/adapter.ts';
import type { CoinqvestEvent } from '../../providers/coinqvest/webhook.ts';
import type { User } from '../auth/sessions.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { findLiveById } from '../members/accounts.ts';
import { depositNetworkOf, firstAddress, ownerOfAddress, saveAddress } from './deposit-addresses.ts';
import { providerCustomerOf } from './provider-customers.ts';
import type { ProviderEventService } from './provider-events.ts';

type Deps = { client: CoinqvestClient | null; catalogue: CatalogueService; events: ProviderEventService };
type DepositEvent = Extract<CoinqvestEvent, { kind: 'deposit' }>;

/** The networks we ask the provider for addresses on; a deposit event naming another is matched without it. */
const OUR_NETWORKS = new Set(['BITCOIN', 'ETHEREUM', 'LITECOIN']);

const unavailable = () => new AppError(503, 'PROVIDER_UNAVAILABLE', messages.depositAddressUnavailable);

/**
 * Crypto deposits to members' own addresses (issue 13 item 4, decision 0013 "Crypto deposits"). A member
 * asks for their address of a coin (the receive screen, the activation panel); the first ask gets one from
 * the provider (POST /deposit-address), kept for good. The provider reports what arrives with a signed
 * DEPOSIT_COMPLETED; a verified one whose address is a member's and whose asset is a coin of that address's
 * network is credited once (provider-events.ts `creditDeposit`). Anything else stays recorded, unprocessed,
 * for the back office.
 */
export function cryptoDepositService(ctx: Context, deps: Deps) {
  const { catalogue, events } = deps;

  /** A coin shown on the web, and the network the provider gives its addresses on. */
  async function depositableCoin(coinSymbol: string) {
    const coin = (await catalogue.snapshot()).coins.find((c) => c.coinSymbol === coinSymbol && c.isVisibleOnWeb);
    if (!coin) throw badRequest(messages.unknownAsset, 'UNKNOWN_ASSET', { coinSymbol: messages.unknownAsset });
    const network = depositNetworkOf(coin);
    if (!network)
      throw badRequest(messages.coinNotDepositable, 'COIN_NOT_DEPOSITABLE', {
        coinSymbol: messages.coinNotDepositable,
      });
    return { coin, network };
  }

  return {
    /**
     * POST coinqvest/deposit-address: the member's address for the coin's network, made at the provider on
     * the first ask (tagged with their COINQVEST customer when they are one). Their open screens refetch
     * the wallets, which now show it.
     */
    async depositAddress(me: User, coinSymbol: string): Promise<DepositAddress> {
      const { network } = await depositableCoin(coinSymbol);
      const known = await firstAddress(ctx.db, me.id, network);
      if (known) return { coinSymbol, ...known };
      if (!deps.client) throw unavailable();
      const customer = await providerCustomerOf(ctx.db, me.id, 'coinqvest');
      let made: { id: string | null; address: string; memo: string };
      try {
        made = await deps.client.createDepositAddress({
          network,
          ...(customer?.customerId ? { customerId: customer.customerId } : {}),
        });
      } catch (error) {
        if (!(error instanceof CoinqvestError)) throw error;
        ctx.log.warn({ kind: error.kind, status: error.status, errors: error.errors }, 'coinqvest: no deposit address');
        throw unavailable();
      }
      await saveAddress(ctx.db, {
        userId: me.id,
        provider: 'coinqvest',
        network,
        address: made.address,
        memo: made.memo,
        providerRef: made.id,
      });
      const shown = await firstAddress(ctx.db, me.id, network);
      if (!shown) throw unavailable();
      await ctx.events.emit('walletUpdated', { userId: me.id, email: me.email });
      return { coinSymbol, ...shown };
    },

    /**
     * A verified DEPOSIT_COMPLETED: credited when the address is a member's and the asset (its code before
     * any ':issuer') a coin of that address's network, cut down to the coin's decimals. False when it is
     * left for the back office (unknown address or asset, a member gone, less than one unit).
     */
    async credit(event: DepositEvent): Promise<boolean> {
      const { deposit } = event;
      const memo = deposit.memo ?? '';
      const network =
        typeof deposit.network === 'string' && OUR_NETWORKS.has(deposit.network) ? deposit.network : undefined;
      if (!deposit.address) return false;
      const owner = await ownerOfAddress(ctx.db, { address: deposit.address, memo, network });
      if (!owner) return false;
      const symbol = deposit.assetCode.split(':')[0]!.toUpperCase();
      const coin = (await catalogue.snapshot()).coins.find((c) => c.coinSymbol === symbol);
      if (!coin || depositNetworkOf(coin) !== owner.network) return false;
      const amount = divideDown(deposit.amount, '1', coin.decimals);
      if (!isPositive(amount)) return false;
      const member = await findLiveById(ctx.db, owner.userId);
      if (member?.role !== 'member') return false;
      await events.creditDeposit({
        provider: 'coinqvest',
        eventId: event.eventId,
        member,
        asset: symbol,
        amount,
        metadata: { depositId: deposit.id, network: owner.network, address: deposit.address },
        notice: fillMessage(messages.cryptoDepositNotice, { amount, symbol }),
      });
      return true;
    },
  };
}

export type CryptoDepositService = ReturnType<typeof cryptoDepositService>;
