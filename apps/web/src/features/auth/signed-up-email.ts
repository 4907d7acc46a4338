import { readLocal, writeLocal } from '../../lib/local-store';

const KEY = 'signedUpEmail';
/** As long as the verification link works (48 hours): after that the address is of no more use here. */
const KEEP_MS = 48 * 3_600_000;

/**
 * The address typed at sign-up, so the sign-in form that the verification link opens is filled in.
 * Kept in local storage, not session storage: the link is opened from the mail, in a new tab, and tabs
 * do not share session storage. Not in the link's URL either, where it would stay in the history and
 * travel in logs and screenshots. Forgotten at the next login, at logout (which clears storage) or
 * after 48 hours.
 */
export function rememberSignedUpEmail(email: string) {
  writeLocal(KEY, JSON.stringify({ email, until: Date.now() + KEEP_MS }));
}

/** The remembered address, or '' when there is none (or it is too old). */
export function signedUpEmail(): string {
  try {
    const saved = JSON.parse(readLocal(KEY) ?? 'null') as { email?: unknown; until?: unknown } | null;
    if (typeof saved?.email === 'string' && typeof saved.until === 'number' && saved.until > Date.now())
      return saved.email;
  } catch {
    // Not ours or damaged: forgotten below.
  }
  forgetSignedUpEmail();
  return '';
}

export function forgetSignedUpEmail() {
  if (readLocal(KEY) !== null) writeLocal(KEY, null);
}
