/** True when the browser lets us keep the session token (spec 2 §4: warn when cookies are blocked). */
export function storageAvailable(): boolean {
  if (typeof navigator !== 'undefined' && navigator.cookieEnabled === false) return false;
  try {
    const probe = '__vault_probe__';
    localStorage.setItem(probe, probe);
    localStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}
