import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type PurchaseMethod, TRANSACTIONS_PAGE_SIZE, type Transaction } from '@vault/contract/schemas/funding';
import { api } from '../../lib/api';

/**
 * The transactions list (spec 1 §2): purchases, activations, subscriptions and opportunity purchases, a
 * page at a time (GET /transaction/{page}/{limit}/txs). Keyed ['transactions', page]: the realtime bridge
 * invalidates ['transactions'] when a wire is received, rejected or expires, so every page follows live.
 */
export const transactionKeys = {
  all: ['transactions'] as const,
  page: (page: number) => ['transactions', page] as const,
};

export type TransactionsPage = { data: Transaction[]; total: number; page: number; limit: number };

export const useTransactions = (page: number) =>
  useQuery({
    queryKey: transactionKeys.page(page),
    queryFn: () => api<TransactionsPage>(`transaction/${page}/${TRANSACTIONS_PAGE_SIZE}/txs`),
    // The page shown stays while the next one loads (no flash of the skeleton between pages).
    placeholderData: keepPreviousData,
  });

/** The titles by type (spec 1 §3 Transaction type). */
const TYPE_TITLES: Record<Transaction['type'], string> = {
  tokenPurchase: 'Token Purchase',
  walletActivation: 'Wallet Activation',
  subscription: 'Subscription',
  // Spec 2 §4's title of an opportunity acquisition.
  nftPurchase: 'Acquired Opportunity Token',
};

/** How it was settled, as the settlement dialog names the methods (spec 2 §2). */
export const METHOD_NAMES: Record<PurchaseMethod, string> = {
  directWire: 'Direct Wire',
  legacy: 'Legacy Deposit',
  paypal: 'PayPal',
  goCardless: 'Go cardless',
  coinqvest: 'COINQVEST',
};

/** 'Token Purchase by Direct Wire', 'Subscription', …: the row's title. */
export const transactionTitle = (tx: Pick<Transaction, 'type' | 'method'>) =>
  tx.method ? `${TYPE_TITLES[tx.type]} by ${METHOD_NAMES[tx.method]}` : TYPE_TITLES[tx.type];
