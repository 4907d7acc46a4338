import { hmac } from '../../lib/crypto.ts';

/**
 * Addresses already made, by secret, then member and symbol: an address never changes, and every dashboard
 * read shows one per token and coin (an HMAC each: about 4 % of a read's server time before they were kept).
 */
const addresses = new Map<string, Map<string, string>>();
const ADDRESSES_KEPT = 100_000;

/**
 * A member's vault address for one token: 'vault:' and the first 32 hex digits (128 bits) of an HMAC of
 * the member id and the symbol, keyed with the server's shared secret. It is the same on every call and
 * every server process, needs no table, and reveals neither the member nor the token: sends between
 * members go by e-mail, so the address is shown for deposit instructions and the QR code.
 */
export function vaultAddress(secret: string, userId: string, coinSymbol: string) {
  const key = `${userId}:${coinSymbol}`;
  let kept = addresses.get(secret);
  if (!kept) {
    kept = new Map();
    addresses.set(secret, kept);
  }
  let address = kept.get(key);
  if (address === undefined) {
    address = `vault:${hmac(secret, `vault-address:${key}`).slice(0, 32)}`;
    // Bounded: forgotten all at once when full, then made again as they are asked for (a few µs each).
    if (kept.size >= ADDRESSES_KEPT) kept.clear();
    kept.set(key, address);
  }
  return address;
}

/** The member's wallet of one token (spec 2 §3 walletId). */
export const walletIdOf = (userId: string, coinSymbol: string) => `${userId}:${coinSymbol}`;
