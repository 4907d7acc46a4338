import { useQuery } from '@tanstack/react-query';
import type { CurrencyInfo } from '@vault/contract/schemas/wallet';
import { api } from './api';

/**
 * The member's wallets as every screen that moves money reads them (the dashboard, send, swaps): one cache
 * entry under one key, so a screen of one feature and the dashboard of another share it, and the realtime
 * bridge's refresh of everything under WALLET_QUERY_ROOT (a balance or a price changed) reaches all of them.
 */
export const WALLET_QUERY_ROOT = ['wallet'] as const;
export const currencyInfoKey = ['wallet', 'currency-info'] as const;

/** What the screens that read the currency info say when it cannot be loaded. */
export const WALLETS_NOT_LOADED = 'Your wallets could not be loaded.';

/** The dashboard's data (spec 1 §3 currency info): wallets, native wallets, user, activation assets. */
export const useCurrencyInfo = () =>
  useQuery({ queryKey: currencyInfoKey, queryFn: () => api<CurrencyInfo>('wallet/currency-info') });
