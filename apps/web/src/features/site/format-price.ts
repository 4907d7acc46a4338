import { isAmount, round, SCALE } from '@vault/contract/money';

/**
 * "$" + a decimal price string, rounded half-up to the token's decimals by the contract's money module
 * (prices are exact decimal strings; a float would change them). Trailing zeros are dropped, but 2
 * decimals stay; thousands are grouped.
 */
export function formatPrice(price: string, decimals: number): string {
  if (!isAmount(price)) return `$${price}`;
  const places = Math.max(0, Math.min(decimals, SCALE));
  const rounded = round(price, places);
  const negative = rounded.startsWith('-');
  const [whole = '0', fraction = ''] = rounded.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = fraction.padEnd(Math.min(2, places), '0');
  return `${negative ? '-' : ''}$${grouped}${cents ? `.${cents}` : ''}`;
}
