import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, bech32m, createBase58check, hex, utf8 } from '@scure/base';

/**
 * Address checks for the crypto redeem networks (spec 2 §4 Target-network forms), mainnet only: a payout
 * goes to a real chain. The checksums are the libraries' (@scure/base for base58check and BIP-173/350
 * bech32/bech32m, @noble/hashes for sha256 and keccak-256); only the rules around them are ours.
 */

const base58check = createBase58check(sha256);

/** base58check payload (version byte + 20-byte hash) when the checksum holds, else null. */
function base58Payload(value: string): Uint8Array | null {
  if (!/^[1-9A-HJ-NP-Za-km-z]{25,35}$/.test(value)) return null;
  try {
    const bytes = base58check.decode(value);
    return bytes.length === 21 ? bytes : null;
  } catch {
    return null;
  }
}

/**
 * A segwit address of the given human-readable part (BIP-173 and BIP-350) that a payout can safely go to:
 * witness version 0 in bech32 with a 20- or 32-byte program (P2WPKH, P2WSH), or version 1 in bech32m with a
 * 32-byte program (Taproot). Other versions and lengths are well-formed but not yet defined: coins sent
 * there can be taken by anyone, so they are refused.
 */
export function isSegwitAddress(value: string, hrp: string): boolean {
  if (value.length > 90 || !value.toLowerCase().startsWith(`${hrp}1`)) return false;
  for (const coder of [bech32, bech32m]) {
    const decoded = coder.decodeUnsafe(value);
    if (!decoded || decoded.prefix !== hrp || decoded.words.length === 0) continue;
    const [version, ...rest] = decoded.words as [number, ...number[]];
    const program = coder.fromWordsUnsafe(rest);
    if (!program) return false;
    if (coder === bech32) return version === 0 && (program.length === 20 || program.length === 32);
    return version === 1 && program.length === 32;
  }
  return false;
}

/** Bitcoin mainnet: P2PKH (1…), P2SH (3…) or segwit bc1q… (v0, bech32) and bc1p… (Taproot, bech32m). */
export function isBitcoinAddress(value: string): boolean {
  const payload = base58Payload(value);
  if (payload) return payload[0] === 0x00 || payload[0] === 0x05;
  return isSegwitAddress(value, 'bc');
}

/** Litecoin mainnet: P2PKH (L…), P2SH (M…, and the older 3…) or segwit ltc1…. MWEB addresses are not taken. */
export function isLitecoinAddress(value: string): boolean {
  const payload = base58Payload(value);
  if (payload) return payload[0] === 0x30 || payload[0] === 0x32 || payload[0] === 0x05;
  return isSegwitAddress(value, 'ltc');
}

export type EthereumAddressCheck = 'valid' | 'malformed' | 'checksum';

/**
 * 0x and 40 hex digits. All lower or all upper case carries no checksum; mixed case is the EIP-55
 * checksum (keccak-256 of the lower-case hex), which must hold.
 */
export function checkEthereumAddress(value: string): EthereumAddressCheck {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return 'malformed';
  const body = value.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return 'valid';
  return value === toEthereumChecksumAddress(value) ? 'valid' : 'checksum';
}

export const isEthereumAddress = (value: string) => checkEthereumAddress(value) === 'valid';

/** The EIP-55 form of a 0x + 40 hex address. */
export function toEthereumChecksumAddress(value: string): string {
  const lower = value.slice(2).toLowerCase();
  const hash = hex.encode(keccak_256(utf8.decode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i]!;
    out += Number.parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

export type LightningTargetKind = 'invoice' | 'lnurl' | 'address';

/** BOLT11 mainnet prefix: lnbc and an optional amount (digits and a multiplier m, u, n or p). */
const BOLT11_PREFIX = /^lnbc(\d+[munp]?)?$/;
/** Lightning Address (LUD-16): name@domain, the name in lower-case a-z, 0-9, - _ . + */
const LIGHTNING_ADDRESS = /^[a-z0-9\-_.+]+@(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * A Lightning payout target, with an optional `lightning:` scheme:
 * - a BOLT11 invoice on mainnet (lnbc…): bech32 checksum, prefix and amount, at least the timestamp and the
 *   65-byte signature. Expiry and amount are not looked at here (the tagged fields are not parsed);
 * - an LNURL (lnurl1…, LUD-01): bech32 checksum, and it must encode an https (or .onion http) URL;
 * - a Lightning Address (LUD-16), name@domain.
 * Returns which one, or null.
 */
export function lightningTargetKind(value: string): LightningTargetKind | null {
  const v = value.replace(/^lightning:/i, '');
  if (LIGHTNING_ADDRESS.test(v.toLowerCase())) return 'address';
  const decoded = bech32.decodeUnsafe(v, false);
  if (!decoded) return null;
  if (decoded.prefix === 'lnurl') {
    const bytes = bech32.fromWordsUnsafe(decoded.words);
    if (!bytes) return null;
    let url: URL;
    try {
      url = new URL(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch {
      return null;
    }
    return url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname.endsWith('.onion')) ? 'lnurl' : null;
  }
  // 7 words of timestamp + 104 words (65 bytes) of signature at the least.
  return BOLT11_PREFIX.test(decoded.prefix) && decoded.words.length >= 7 + 104 ? 'invoice' : null;
}

export const isLightningTarget = (value: string) => lightningTargetKind(value) !== null;
