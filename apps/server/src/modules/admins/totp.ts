import { randomInt } from 'node:crypto';
import { TOTP } from '@vault/contract/schemas/admin-auth';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import { deriveKey, seal, sha256, unseal } from '../../lib/crypto.ts';

/**
 * Administrators' second factor: RFC 6238 TOTP as authenticator apps read it (SHA-1, 6 digits, 30 s, one
 * step either side), with otplib; and recovery codes. Secrets are sealed at rest with AES-256-GCM under a
 * key derived from the server's shared HMAC secret, bound to the administrator's id. Nothing here logs.
 */
const options = { algorithm: TOTP.algorithm, digits: TOTP.digits, period: TOTP.period } as const;

/** The key that seals TOTP secrets (HKDF of the shared HMAC secret, for this purpose only). */
export const totpKey = (hmacSecret: string) => deriveKey(hmacSecret, 'admin-totp-secret');

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32 as apps expect. */
export const newTotpSecret = () => generateSecret({ length: 20 });

export const sealSecret = (key: Buffer, secret: string, adminId: string) => seal(key, secret, `totp:${adminId}`);
export const unsealSecret = (key: Buffer, sealed: string, adminId: string) => unseal(key, sealed, `totp:${adminId}`);

/** otpauth://totp/… for the QR code (issuer "Vault Back Office", the administrator's e-mail as label). */
export const otpauthUrl = (email: string, secret: string) =>
  generateURI({ issuer: TOTP.issuer, label: email, secret, ...options });

/**
 * The time step `code` belongs to, when it is the secret's code for now or one step either side and newer
 * than `afterStep` (the last one accepted); else null. The caller records the step with a guarded UPDATE,
 * which decides between parallel uses of one code.
 */
export async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    ...options,
    epochTolerance: TOTP.period * TOTP.window,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // The TOTP strategy's answer carries the step (verify is typed for HOTP too).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** The code for a moment (tests and the seed's instructions; the server only verifies). */
export const totpCode = (secret: string, at = Date.now()) =>
  generate({ secret, ...options, epoch: Math.floor(at / 1000) });

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const part = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** A recovery code, xxxxx-xxxxx (about 49 bits: enough, since tries go through the login throttle). */
export const newRecoveryCode = () => `${part()}-${part()}`;
/** How a recovery code is stored: it is random, so a plain SHA-256 is enough. */
export const recoveryCodeHash = (code: string) => sha256(code.trim().toLowerCase());
