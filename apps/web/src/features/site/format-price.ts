/**
 * "$" + a decimal price string, rounded half-up to the token's decimals with bigint arithmetic (prices are
 * exact decimal strings; a float would change them). Trailing zeros are dropped, but 2 decimals stay.
 */
export function formatPrice(price: string, decimals: number): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(price.trim());
  if (!match) return `$${price}`;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const places = Math.max(0, Math.min(decimals, 18));
  const padded = fraction.padEnd(places + 1, '0');
  let scaled = BigInt(whole + padded.slice(0, places));
  if (Number(padded[places]) >= 5) scaled += 1n;
  const digits = scaled.toString().padStart(places + 1, '0');
  const intPart = digits.slice(0, digits.length - places);
  const keep = Math.min(2, places);
  const fracPart = digits
    .slice(digits.length - places)
    .replace(/0+$/, '')
    .padEnd(keep, '0');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = sign === '-' && /[1-9]/.test(digits);
  return `${negative ? '-' : ''}$${grouped}${fracPart ? `.${fracPart}` : ''}`;
}
