import { messages } from '@vault/contract/messages';
import type { RedeemNetwork } from '@vault/contract/schemas/redemption';
import { TARGET_NETWORKS, type TargetNetwork } from '@vault/contract/target-accounts';
import type { Context } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import type { CoinqvestClient } from '../../providers/coinqvest/adapter.ts';

/** Which form each network needs (spec 2 §4 Target-network forms). */
const FORMS: Record<TargetNetwork, RedeemNetwork['type']> = {
  BITCOIN: 'address',
  ETHEREUM: 'address',
  LITECOIN: 'address',
  LIGHTNING: 'address',
  STELLAR: 'stellar',
  PIX: 'pix',
  BANK: 'bank',
};
/** COINQVEST's list changes rarely: read again after this long. */
const KEEP_MS = 10 * 60 * 1000;

/**
 * GET /coinqvest/networks: the networks COINQVEST lists (GET /networks) that we have a target-account form
 * for, in its order. Kept for a few minutes per process; 503 when COINQVEST is off or cannot be reached.
 */
export function redeemNetworkService(ctx: Context, client: CoinqvestClient | null) {
  let kept: { at: number; networks: RedeemNetwork[] } | null = null;
  return {
    async list() {
      if (kept && Date.now() - kept.at < KEEP_MS) return { networks: kept.networks };
      if (!client) throw new AppError(503, 'PROVIDER_UNAVAILABLE', messages.providerUnavailable);
      let listed: Record<string, unknown>[];
      try {
        listed = await client.networks();
      } catch (error) {
        ctx.log.warn({ err: error }, 'coinqvest: networks not listed');
        throw new AppError(503, 'PROVIDER_UNAVAILABLE', messages.providerUnavailable);
      }
      const networks = listed.flatMap((n): RedeemNetwork[] => {
        const code = n.code;
        if (typeof code !== 'string' || !(TARGET_NETWORKS as readonly string[]).includes(code)) return [];
        const name = typeof n.name === 'string' && n.name ? n.name : code;
        return [{ code, name, type: FORMS[code as TargetNetwork] }];
      });
      kept = { at: Date.now(), networks };
      return { networks };
    },
  };
}

export type RedeemNetworkService = ReturnType<typeof redeemNetworkService>;
