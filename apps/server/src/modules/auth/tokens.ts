import { jwtVerify, SignJWT } from 'jose';

/** access: a member's session; reset: the password-reset bearer; admin: a back-office session (modules/admins). */
export type TokenKind = 'access' | 'reset' | 'admin';
const KINDS: readonly unknown[] = ['access', 'reset', 'admin'] satisfies TokenKind[];
export type TokenClaims = { sub: string; sid: string; kind: TokenKind };

/** Verified tokens kept in memory: checking the signature on every call costs more than the rest of auth. */
const VERIFIED_CACHE_SIZE = 10_000;

/** JWTs carry only ids; the session row behind `sid` decides whether the token still counts. */
export function tokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  // Keyed by the exact token text, so only a token that did verify is ever found here; expiry is
  // re-checked on each hit, and revocation is the session row's business (checked on every call).
  const verified = new Map<string, { claims: TokenClaims; exp: number }>();
  return {
    sign: (claims: TokenClaims, expiresAt: Date) =>
      new SignJWT({ sid: claims.sid, kind: claims.kind })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    verify: async (token: string): Promise<TokenClaims | null> => {
      const hit = verified.get(token);
      if (hit) return hit.exp * 1000 > Date.now() ? hit.claims : null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const { sub, sid, kind, exp } = payload as { sub?: unknown; sid?: unknown; kind?: unknown; exp?: number };
        if (typeof sub !== 'string' || typeof sid !== 'string' || !KINDS.includes(kind)) return null;
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.clear();
        const claims = { sub, sid, kind: kind as TokenKind };
        if (exp) verified.set(token, { claims, exp });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
