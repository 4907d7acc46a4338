import { fillMessage, messages } from '@vault/contract/messages';
import { compare, fromUnits, multiply, SCALE, toFixed, toUnits } from '@vault/contract/money';
import { SILVER_SYMBOL, ACTIVATION_SILVER_TOKENS as SILVER_TOKENS } from '@vault/contract/schemas/funding';
import type { ActivationAsset } from '@vault/contract/schemas/wallet';
import type { Context } from '../../context.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { acquiredAtLeast, acquiredBalance, type Ledger } from '../../ledger/index.ts';
import type { User } from '../auth/sessions.ts';
import type { CatalogueService, CoinRow, TokenRow } from '../catalogue/service.ts';
import { coinAddressFor, ownAddresses } from '../funding/deposit-addresses.ts';
import { activateVault, isVaultActivated } from '../members/accounts.ts';
import { toUserInfo } from '../user/presenter.ts';
import { vaultAddress } from '../wallet/address.ts';

/**
 * Activation needs a contribution worth 21 silver asset tokens (spec 1 §1, spec 2 §9), XAG's price setting the
 * value: the contract's constants (schemas/funding.ts), which the purchase flow's minimums share.
 */
export const ACTIVATION_SILVER_TOKENS = BigInt(SILVER_TOKENS);
export { SILVER_SYMBOL };

/** 21 × the silver price, in USD to the cent (half-up). */
export const activationUsd = (silverPrice: string) => multiply(ACTIVATION_SILVER_TOKENS.toString(), silverPrice, 2);

/**
 * Units of a coin worth 21 silver tokens: 21 × silver price / coin price, rounded UP to the coin's
 * decimals, so holding exactly this amount is always enough and one smallest unit less never is.
 * Computed on bigint units; no floating point.
 */
export function requiredAmount(silverPrice: string, coinPrice: string, decimals: number): string {
  const places = BigInt(Math.min(Math.max(decimals, 0), SCALE));
  const numerator = ACTIVATION_SILVER_TOKENS * toUnits(silverPrice) * 10n ** places;
  const denominator = toUnits(coinPrice);
  const smallestUnits = (numerator + denominator - 1n) / denominator;
  return fromUnits(smallestUnits * 10n ** (BigInt(SCALE) - places));
}

/**
 * Which holdings prove a contribution: liquidity and asset tokens and every crypto coin; legacy (sdira)
 * tokens too, for sdira members, whose contributions are held in them. Never a token or coin hidden from
 * the web (isVisibleOnWeb false).
 */
const acceptsToken = (me: User, token: Pick<TokenRow, 'type' | 'isVisibleOnWeb'>) =>
  token.isVisibleOnWeb &&
  (token.type === 'liquidity' || token.type === 'asset' || (token.type === 'sdira' && me.type === 'sdira'));
const acceptsCoin = (coin: Pick<CoinRow, 'isVisibleOnWeb'>) => coin.isVisibleOnWeb;

type Snapshot = { tokens: TokenRow[]; coins: CoinRow[] };

/**
 * The coins a member can activate with, the amount of each needed and what they hold, from data the
 * caller already read (the dashboard reads it once for everything). Empty when silver has no price.
 */
export function activationAssets(
  me: User,
  secret: string,
  snapshot: Snapshot,
  balances: Record<string, string>,
  /** Where the member deposits a coin (funding/deposit-addresses.ts `coinAddressFor`). */
  coinAddress: (coin: CoinRow) => string,
): ActivationAsset[] {
  const silver = snapshot.tokens.find((t) => t.coinSymbol === SILVER_SYMBOL);
  if (!silver) return [];
  const tokens = snapshot.tokens.filter((t) => acceptsToken(me, t));
  return [
    ...tokens.map((t) => ({
      coinSymbol: t.coinSymbol,
      name: t.displayName,
      icon: { url: t.iconUrl },
      decimals: t.decimals,
      address: vaultAddress(secret, me.id, t.coinSymbol),
      rate: t.price,
      requiredAmount: requiredAmount(silver.price, t.price, t.decimals),
      balance: balances[t.coinSymbol] ?? '0',
    })),
    ...snapshot.coins.filter(acceptsCoin).map((c) => ({
      coinSymbol: c.coinSymbol,
      name: c.name,
      icon: { url: c.iconUrl },
      decimals: c.decimals,
      address: coinAddress(c),
      rate: c.price,
      requiredAmount: requiredAmount(silver.price, c.price, c.decimals),
      balance: balances[c.coinSymbol] ?? '0',
    })),
  ];
}

/**
 * Vault activation (spec 1 §4 wallet state). Activation moves no money: the member keeps the holdings,
 * which prove the contribution. Administrators have no vault: they are refused.
 */
export function activationService(
  ctx: Context,
  deps: { catalogue: CatalogueService; ledger: Ledger; ownDepositAddresses: boolean },
) {
  const { db } = ctx;
  const { catalogue, ledger } = deps;

  const silverPrice = async () => {
    const price = await catalogue.price(SILVER_SYMBOL);
    if (price === null) throw badRequest(messages.activationUnavailable, 'ACTIVATION_UNAVAILABLE');
    return price;
  };

  return {
    /** native-token/rates/activation: how much of `from` is worth 21 silver tokens, and that value in USD. */
    async requirement(from: string) {
      const [silver, snapshot] = await Promise.all([silverPrice(), catalogue.snapshot()]);
      const asset =
        snapshot.tokens.find((t) => t.coinSymbol === from) ?? snapshot.coins.find((c) => c.coinSymbol === from);
      if (!asset) throw badRequest(messages.unknownAsset, 'UNKNOWN_ASSET', { from: messages.unknownAsset });
      return {
        coinSymbol: from,
        amount: requiredAmount(silver, asset.price, asset.decimals),
        usd: activationUsd(silver),
      };
    },

    /** native-token/assetsForWalletActivation. */
    async assets(me: User) {
      const [snapshot, balances, own] = await Promise.all([
        catalogue.snapshot(),
        ledger.balances(me.id),
        ownAddresses(db, me.id),
      ]);
      const coinAddress = coinAddressFor(own, deps.ownDepositAddresses);
      return { data: activationAssets(me, ctx.secrets.hmac, snapshot, balances, coinAddress) };
    },

    /**
     * native-wallet/activateUserWallet. One conditional UPDATE both checks the holding and activates,
     * and only while the vault is not activated: concurrent calls activate once, and the holding that
     * proved the contribution is the one read by that statement. Only what the member acquired counts
     * (purchases, swaps, credits), never tokens another member sent them (issue 12 §4, decision 0011): a
     * borrowed balance must not open a vault.
     */
    async activate(me: User, coinSymbol: string) {
      if (me.role === 'admin') throw forbidden(messages.adminHasNoVault, 'ADMIN_NO_VAULT');
      if (me.isWalletActivated) throw badRequest(messages.alreadyActivated, 'ALREADY_ACTIVATED');
      const [silver, snapshot] = await Promise.all([silverPrice(), catalogue.snapshot()]);
      const token = snapshot.tokens.find((t) => t.coinSymbol === coinSymbol);
      const coin = snapshot.coins.find((c) => c.coinSymbol === coinSymbol && acceptsCoin(c));
      const asset = token && acceptsToken(me, token) ? token : coin;
      if (!asset)
        throw badRequest(messages.activationCoinNotAccepted, 'ACTIVATION_COIN_NOT_ACCEPTED', {
          coinSymbol: messages.activationCoinNotAccepted,
        });
      const required = requiredAmount(silver, asset.price, asset.decimals);

      // The member's open screens hear of it from an event written with the activation.
      const activate = () =>
        db.transaction(async (tx) => {
          const activated = await activateVault(tx, me.id, coinSymbol, acquiredAtLeast(me.id, coinSymbol, required));
          if (activated) {
            await ctx.events.emit('walletActivated', { userId: activated.id, email: activated.email }, tx);
          }
          return activated;
        });
      const shortfall = () =>
        badRequest(
          fillMessage(messages.activationShortfall, { amount: toFixed(required, asset.decimals), symbol: coinSymbol }),
          'ACTIVATION_SHORTFALL',
        );
      // The balance would do, but part of it was received from other members: say so, not "short".
      const notAcquired = () =>
        badRequest(
          fillMessage(messages.activationAcquiredOnly, {
            amount: toFixed(required, asset.decimals),
            symbol: coinSymbol,
          }),
          'ACTIVATION_NOT_ACQUIRED',
        );
      for (let attempt = 0; attempt < 3; attempt++) {
        const activated = await activate();
        if (activated) {
          return { message: messages.walletActivated, user: toUserInfo(activated) };
        }
        // Nothing updated: already activated, or the acquired amount was short when the statement read it.
        // A credit that arrived just after that read gets another try rather than a wrong shortfall answer.
        if (await isVaultActivated(db, me.id)) throw badRequest(messages.alreadyActivated, 'ALREADY_ACTIVATED');
        const { balance, acquired } = await acquiredBalance(db, me.id, coinSymbol);
        if (compare(acquired, required) < 0) throw compare(balance, required) < 0 ? shortfall() : notAcquired();
      }
      throw shortfall();
    },
  };
}

export type ActivationService = ReturnType<typeof activationService>;
