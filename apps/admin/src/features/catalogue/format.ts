/**
 * A USD price as administrators read it: the exact decimal string, its whole part grouped, at least two
 * decimals ('$2,654.80', '$0.00001234'). No float: the string's digits are shown as they are.
 */
export function formatUsd(price: string): string {
  const negative = price.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? price.slice(1) : price).split('.');
  const grouped = BigInt(whole).toLocaleString('en-US');
  return `${negative ? '-' : ''}$${grouped}.${fraction.padEnd(2, '0')}`;
}

/** A spread as it is written: '0.5 %'. */
export const formatPercent = (percent: string) => `${percent} %`;
