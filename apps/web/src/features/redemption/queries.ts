import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RedeemAddress } from '@vault/contract/schemas/redeem-addresses';
import type { RedeemNetwork, RedemptionList } from '@vault/contract/schemas/redemption';
import { api } from '../../lib/api';
import { WALLET_QUERY_ROOT } from '../../lib/wallet-data';
import { HISTORY_PAGE_SIZE } from './redeem-options';

/**
 * Redemption's reads (issue 14): the member's redeem addresses, the networks COINQVEST pays out to, and the
 * redeem history. The history is under the wallet root: the realtime bridge refreshes everything there when
 * a balance changes (a request put on hold, approved, rejected or expired), so its rows follow the decisions
 * live.
 */
export const redemptionKeys = {
  addresses: ['redeemAddresses'] as const,
  history: (page: number) => [...WALLET_QUERY_ROOT, 'redemptions', page] as const,
  networks: ['coinqvest', 'networks'] as const,
};

/** GET /direct-wires/withdraw/address: the bank accounts the member redeems to by wire. */
export const useRedeemAddresses = () =>
  useQuery({
    queryKey: redemptionKeys.addresses,
    queryFn: () => api<{ data: RedeemAddress[] }>('direct-wires/withdraw/address').then((res) => res.data),
  });

/** GET /coinqvest/withdrawal/user: one page of the member's redeem requests, newest first. */
export const useRedemptionHistory = (page: number) =>
  useQuery({
    queryKey: redemptionKeys.history(page),
    queryFn: () =>
      api<RedemptionList>(
        `coinqvest/withdrawal/user?${new URLSearchParams({ page: String(page), limit: String(HISTORY_PAGE_SIZE) })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** GET /coinqvest/networks: where COINQVEST pays out (a crypto network, PIX, an Argentine bank, Stellar). */
export const useRedeemNetworks = () =>
  useQuery({
    queryKey: redemptionKeys.networks,
    queryFn: () => api<{ networks: RedeemNetwork[] }>('coinqvest/networks').then((r) => r.networks),
    staleTime: 5 * 60_000,
  });
