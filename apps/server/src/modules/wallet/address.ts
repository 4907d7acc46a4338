import { hmac } from '../../lib/crypto.ts';

/**
 * A member's vault address for one token: 'vault:' and the first 32 hex digits (128 bits) of an HMAC of
 * the member id and the symbol, keyed with the server's shared secret. It is the same on every call and
 * every server process, needs no table, and reveals neither the member nor the token: sends between
 * members go by e-mail, so the address is shown for deposit instructions and the QR code.
 */
export const vaultAddress = (secret: string, userId: string, coinSymbol: string) =>
  `vault:${hmac(secret, `vault-address:${userId}:${coinSymbol}`).slice(0, 32)}`;

/** The member's wallet of one token (spec 2 §3 walletId). */
export const walletIdOf = (userId: string, coinSymbol: string) => `${userId}:${coinSymbol}`;
