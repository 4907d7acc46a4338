import { jwtVerify, SignJWT } from 'jose';

export type TokenKind = 'access' | 'reset';
export type TokenClaims = { sub: string; sid: string; kind: TokenKind };

/** JWTs carry only ids; the session row behind `sid` decides whether the token still counts. */
export function tokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims: TokenClaims, expiresAt: Date) =>
      new SignJWT({ sid: claims.sid, kind: claims.kind })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    verify: async (token: string): Promise<TokenClaims | null> => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const { sub, sid, kind } = payload as { sub?: unknown; sid?: unknown; kind?: unknown };
        if (typeof sub !== 'string' || typeof sid !== 'string' || (kind !== 'access' && kind !== 'reset')) return null;
        return { sub, sid, kind };
      } catch {
        return null;
      }
    },
  };
}
