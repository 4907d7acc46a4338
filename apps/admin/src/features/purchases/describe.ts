import type { OnlineMethod, PurchaseMethod } from '@vault/contract/schemas/funding';

export const METHOD_LABELS: Record<PurchaseMethod, string> = {
  directWire: 'Direct wire',
  legacy: 'Legacy deposit',
  paypal: 'PayPal',
  goCardless: 'GoCardless',
  coinqvest: 'COINQVEST',
};
export const PROVIDER_LABELS: Record<OnlineMethod, string> = {
  paypal: 'PayPal',
  goCardless: 'GoCardless',
  coinqvest: 'COINQVEST',
};
