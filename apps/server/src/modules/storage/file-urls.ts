import { createHmac, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@vault/contract/constants';

/**
 * References to uploads. What is stored (users.sign, gpaData.signatureUrl, a profile picture) is the
 * stable path `/uploads/<name>`, whatever the kind. Private files are shown through signed, expiring URLs
 * `/api/storage/files/<viewer id>/<expires, unix s>/<HMAC>/<name>`: an <img> cannot send the bearer
 * header, so the URL itself is the credential, made for one viewer and checked against what that viewer
 * may see when it is used (access.ts). The name comes last, so the URL ends in the file's own name and
 * extension (a saved image keeps it), and the signing parts are path segments, not a query to drop.
 */
export const PRIVATE_FILE_PATH = '/api/storage/files/';

const STORED = /^\/uploads\/([A-Za-z0-9._-]+)$/;
const SIGNED = /^\/api\/storage\/files\/[0-9a-f-]{36}\/\d{1,12}\/[A-Za-z0-9_-]{43}\/([A-Za-z0-9._-]+)$/;
/** Names we generate (UUIDv7 plus extension); never '.', '..' or anything with a slash. */
export const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Expiries are rounded up to this step: the same file shown twice within it gets the same URL (no reload). */
const EXPIRY_STEP_SECONDS = 300;

export const storedPath = (fileName: string) => `/uploads/${fileName}`;

/**
 * The file a reference names: a stored path, or a signed URL this server gave (the wizard hands back what
 * it was shown). The signature is not checked here: callers decide by ownership, which outlives the URL.
 */
export function fileNameOf(ref: string): string | null {
  const name = (STORED.exec(ref) ?? SIGNED.exec(ref))?.[1];
  return name && FILE_NAME.test(name) ? name : null;
}

/**
 * The signing key, derived from the shared `hmac` secret (one per database, so every process agrees) for
 * this use only. Kept here rather than passed along because the member presenter, which signs, is called
 * synchronously from several modules; the storage service sets it when it is built.
 */
let key: Buffer | undefined;
export function setFileUrlKey(secret: string) {
  key = createHmac('sha256', secret).update('private file URLs v1').digest();
}

function mac(fileName: string, viewerId: string, expires: number) {
  if (!key) throw new Error('The file URL key is not set: build the storage service first');
  return createHmac('sha256', key).update(`${PRIVATE_FILE_PATH}${fileName}\n${viewerId}\n${expires}`).digest();
}

/**
 * A URL through which `viewerId` can fetch the file a reference names, valid for at least
 * LIMITS.fileUrlTtlMinutes. A value that names no upload comes back unchanged.
 */
export function signedFileUrl(ref: string, viewerId: string, now = Date.now()): string {
  const name = fileNameOf(ref);
  if (!name) return ref;
  const earliest = Math.floor(now / 1000) + LIMITS.fileUrlTtlMinutes * 60;
  const expires = Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  const signature = mac(name, viewerId, expires).toString('base64url');
  return `${PRIVATE_FILE_PATH}${viewerId}/${expires}/${signature}/${name}`;
}

export type SignedParts = { viewer: string; expires: string; signature: string; name: string };

/** The viewer a signed URL was made for, or null when it is forged, altered or expired. */
export function verifiedViewer(url: SignedParts, now = Date.now()): string | null {
  const { viewer, expires, signature, name } = url;
  if (!UUID.test(viewer) || !/^\d{1,12}$/.test(expires) || !FILE_NAME.test(name)) return null;
  if (Number(expires) * 1000 <= now) return null;
  const expected = mac(name, viewer, Number(expires));
  const given = Buffer.from(signature, 'base64url');
  // Constant time: how much of a guess matched must not show in the answer's timing.
  return given.length === expected.length && timingSafeEqual(given, expected) ? viewer : null;
}
