import { base32 } from '@scure/base';

/**
 * Stellar checks (spec 2 §4: account, asset, optional memo and memoType). An account is a StrKey
 * (SEP-23): base32 of a version byte, the 32-byte ed25519 key and a CRC16-XModem checksum. base32 is
 * @scure/base's; the StrKey rule and the CRC are ours (the Stellar SDK is too heavy for the contract),
 * tested against the SDK's published examples.
 */

/** Version byte of an ed25519 public key: 6 << 3, the 'G' prefix. */
const ACCOUNT_VERSION = 6 << 3;

/** CRC16-XModem: polynomial 0x1021, initial 0, no reflection. */
export function crc16xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** A Stellar account's public key: G… of 56 characters with a matching checksum. Muxed (M…) keys are not taken. */
export function isStellarAccount(value: string): boolean {
  if (!/^G[A-Z2-7]{55}$/.test(value)) return false;
  let bytes: Uint8Array;
  try {
    bytes = base32.decode(value);
  } catch {
    return false;
  }
  if (bytes.length !== 35 || bytes[0] !== ACCOUNT_VERSION) return false;
  const crc = crc16xmodem(bytes.subarray(0, 33));
  // The checksum is stored little-endian.
  return bytes[33] === (crc & 0xff) && bytes[34] === crc >> 8;
}

/**
 * An asset to pay out in: XLM (the native asset, also written `native`), or an issued asset's code of 1 to 12
 * letters and digits, optionally as CODE:ISSUER with the issuer's G… account.
 */
export function isStellarAsset(value: string): boolean {
  const [code, issuer, ...rest] = value.split(':');
  if (rest.length > 0 || !code || !/^[A-Za-z0-9]{1,12}$/.test(code)) return false;
  return issuer === undefined || isStellarAccount(issuer);
}

export const STELLAR_MEMO_TYPES = ['text', 'id', 'hash', 'return'] as const;
export type StellarMemoType = (typeof STELLAR_MEMO_TYPES)[number];

const UINT64_MAX = 18446744073709551615n;

/**
 * Whether a memo fits its type: text at most 28 bytes of UTF-8, id an unsigned 64-bit integer in decimal,
 * hash and return 32 bytes written as 64 hex digits.
 */
export function isStellarMemo(memo: string, type: StellarMemoType): boolean {
  switch (type) {
    case 'text':
      return new TextEncoder().encode(memo).length <= 28;
    case 'id':
      return /^(0|[1-9]\d{0,19})$/.test(memo) && BigInt(memo) <= UINT64_MAX;
    case 'hash':
    case 'return':
      return /^[0-9a-fA-F]{64}$/.test(memo);
  }
}
