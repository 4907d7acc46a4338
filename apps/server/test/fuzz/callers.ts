import type { createLedger } from '../../src/ledger/index.ts';
import {
  createAdmin,
  createLoggedInMember,
  createMember,
  login,
  PASSWORD,
  randomIp,
  requestResetCode,
  type TestServer,
} from '../support.ts';
import type { CallerKind } from './requests.ts';

type Headers = Record<string, string>;
type Session = { email?: string; headers: Headers };

/** The tokens each signed-in caller holds (the fuzz's own fixtures; other test files never see them). */
export type Assets = { liquidity: string; asset: string; legacy: string };

/**
 * The callers of the fuzz. Each kind has a main session that lives through the run (signed in again if a
 * 401 ever ends it), and for routes that end a session or an account (logout, delete-account,
 * change-password, create-new-password) throwaway sessions of the same kind: a request takes one for
 * itself and gives it back only if it may still be alive.
 */
export function fuzzCallers(server: TestServer, ledger: ReturnType<typeof createLedger>, assets: Assets) {
  const make: Record<Exclude<CallerKind, 'anonymous'>, () => Promise<Session>> = {
    member: () => createLoggedInMember(server),
    activated: async () => {
      const m = await createLoggedInMember(server, { isWalletActivated: true, gpaData: { displayName: 'Fuzz' } });
      for (const asset of [assets.liquidity, assets.asset])
        await ledger.credit({ userId: m.user.id, asset, amount: '1000000', by: null });
      return m;
    },
    legacy: async () => {
      const m = await createLoggedInMember(server, {
        type: 'sdira',
        isWalletActivated: true,
        gpaData: { displayName: 'Fuzz' },
      });
      await ledger.credit({ userId: m.user.id, asset: assets.legacy, amount: '1000000', by: null });
      return m;
    },
    admin: () => createAdmin(server),
    reset: async () => {
      const m = await createMember(server);
      const code = await requestResetCode(server, m.email);
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/auth/verify-pin',
        payload: { email: m.email, code },
        remoteAddress: randomIp(),
      });
      if (res.statusCode !== 200) throw new Error(`verify-pin failed: ${res.statusCode} ${res.body}`);
      return { headers: { authorization: `Bearer ${res.json().authToken}` } };
    },
  };
  const main = new Map<CallerKind, Promise<Session>>();
  const spare = new Map<CallerKind, Session[]>();
  let made = 0;
  let relogins = 0;

  const stillSignedIn = async (session: Session) =>
    (await server.app.inject({ url: '/api/admin/auth/me', headers: session.headers })).statusCode === 200;

  const fresh = (kind: Exclude<CallerKind, 'anonymous'>) => {
    made++;
    return make[kind]();
  };

  return {
    get made() {
      return made;
    },
    get relogins() {
      return relogins;
    },
    /** The main callers, signed in before the run starts. */
    async start(kinds: Exclude<CallerKind, 'anonymous'>[]) {
      for (const kind of kinds) main.set(kind, fresh(kind));
      await Promise.all(main.values());
    },
    async sessionFor(kind: CallerKind, endsSession: boolean): Promise<Session> {
      if (kind === 'anonymous') return { headers: {} };
      if (endsSession) return spare.get(kind)?.pop() ?? fresh(kind);
      return main.get(kind)!;
    },
    /** After the answer: keeps a throwaway that may still work; signs a main caller in again after a 401. */
    async done(kind: CallerKind, endsSession: boolean, session: Session, status: number) {
      if (kind === 'anonymous') return;
      if (endsSession) {
        // A 2xx ended the session (or account, or password); a 401 says it is gone.
        if (status >= 300 && status !== 401) spare.set(kind, [...(spare.get(kind) ?? []), session]);
        return;
      }
      if (status === 401 && session.email && (await main.get(kind)) === session) {
        // Member routes answer a back-office session 401 while it lives on: sign in again only when it ended.
        if (kind === 'admin' && (await stillSignedIn(session))) return;
        relogins++;
        // An administrator signs in with a TOTP code, once per 30-second step: a new one is simpler.
        const again =
          kind === 'admin'
            ? createAdmin(server)
            : login(server, session.email, PASSWORD).then((s) => ({ ...session, ...s }));
        main.set(kind, again);
        await again;
      }
    },
  };
}
