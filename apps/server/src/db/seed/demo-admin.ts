/**
 * The demo administrator (an enrolled owner): demo data, published in the README and the seed's output so a
 * person can add the TOTP secret to an authenticator app and sign in at /admin. A real administrator is made
 * with `npm run admin -- create` and enrols with their own secret. The browser tests sign in with it too.
 */
export const DEMO_ADMIN = {
  email: 'admin@vault.local',
  password: 'Admin2026!',
  totpSecret: 'KEBGMWHAFLLE7R2MBL3UFWNZ6XEJOJMH',
} as const;
