import { messages } from '@vault/contract/messages';
import { DEFAULT_MAKER_CHECKER_THRESHOLD_USD } from '@vault/contract/schemas/maker-checker';
import { DEFAULT_SWAP_SPREAD_PERCENT } from '@vault/contract/swap-pricing';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validGpa } from '../../../../packages/contract/test/fixtures.ts';
import { createLedger } from '../../src/ledger/index.ts';
import { fuzzCallers } from '../fuzz/callers.ts';
import { expectCleanError, withoutOurWords } from '../fuzz/clean-error.ts';
import { type Body, type CallerKind, type Draft, describeBody, draftsFor } from '../fuzz/requests.ts';
import { type Route, routesOf, urlOf } from '../fuzz/routes.ts';
import type { Pools } from '../fuzz/values.ts';
import {
  createAdmin,
  createLoggedInMember,
  createMember,
  IMAGES,
  multipartBody,
  PASSWORD,
  startServer,
  type TestServer,
} from '../support.ts';
import { createCoin, createToken } from './fixtures/catalogue.ts';

/**
 * A generated fuzz over every route of the OpenAPI document: valid-shaped and hostile requests from a
 * fixed seed (FUZZ_SEED overrides it), as every kind of caller. No answer may be a 5xx, and every error
 * answer has the clean shape { message, code[, fields] }. Rate limits answering 429 are expected.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_822);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5_200);
/** A hard cap on the sending, well above what the run needs on a 2-core machine. */
const CAP_MS = 120_000;
/** Requests in flight at once: enough to keep both cores busy, few enough to leave room for other files. */
const CONCURRENCY = 6;
/** Routes that end the caller's session or account: each request gets a throwaway caller of its own. */
const ENDS_SESSION = new Set([
  'POST /api/user/logout/v2',
  'POST /api/user/delete-account',
  'POST /api/auth/change-password',
  'POST /api/auth/create-new-password',
  'POST /api/admin/auth/logout',
]);
/** The caller a route is mostly called by, where its place in the OpenAPI document does not tell. */
const MOSTLY: Record<string, CallerKind[]> = { 'POST /api/auth/create-new-password': ['reset'] };
/** One address for half the requests (so rate limits are met), a new one per request for the others. */
const FIXED_IP = '127.77.0.1';
const ipOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

let server: TestServer;
let routes: Route[];
let pools: Pools;
let callers: ReturnType<typeof fuzzCallers>;
/** Symbols of other test files (they share the database): the fuzz never sets their price. */
let foreignSymbols: Set<string>;
let ownAsset: string;
/** Whole valid bodies per route that the schema alone cannot describe. */
let examples: Record<string, unknown[]> = {};

beforeAll(async () => {
  server = await startServer();
  const ledger = createLedger(server.db);
  const liquidity = await createToken(server, { type: 'liquidity', price: '1', decimals: 2, isVisibleOnWeb: false });
  const asset = await createToken(server, { type: 'asset', price: '31.42', decimals: 4, isVisibleOnWeb: false });
  const legacy = await createToken(server, { type: 'sdira', price: '30', decimals: 4, isVisibleOnWeb: false });
  const coin = await createCoin(server);
  ownAsset = asset.coinSymbol;
  const assets = { liquidity: liquidity.coinSymbol, asset: asset.coinSymbol, legacy: legacy.coinSymbol };
  const symbols = await server.db.execute<{ s: string }>(
    sql`select coin_symbol as s from native_tokens union select coin_symbol from crypto_coins`,
  );
  const own = new Set([...Object.values(assets), coin.coinSymbol]);
  foreignSymbols = new Set([...symbols.rows.map((r) => r.s), 'XAG', 'Q'].filter((s) => !own.has(s)));

  // Members the requests are about, never the callers themselves: recipients (whose ids the fuzz never
  // sees, so they are never blocked) and targets (blocked, unblocked, notified by id).
  const recipients = await Promise.all([1, 2].map(() => createMember(server)));
  const targets = await Promise.all([1, 2, 3].map(() => createMember(server)));
  const senders = await Promise.all(
    [1, 2].map(() =>
      createLoggedInMember(server, { type: 'sdira', isWalletActivated: true, gpaData: { displayName: 'Fuzz' } }),
    ),
  );
  const requestIds: string[] = [];
  for (const sender of senders) {
    await ledger.credit({ userId: sender.user.id, asset: legacy.coinSymbol, amount: '1000', by: null });
    for (const to of recipients) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/request/create-legacy-send-request',
        payload: { to: to.email, amount: '1', coin: legacy.coinSymbol },
        headers: sender.headers,
      });
      if (res.statusCode === 200) requestIds.push(res.json().data.requestId);
    }
  }
  // Entries to reverse and maker-checker actions to decide (made by another administrator than the fuzz's,
  // which may then approve or reject them), all about the fuzz's own recipients.
  const entryIds = await Promise.all(
    recipients.map(
      async (to) =>
        (await ledger.credit({ userId: to.user.id, asset: asset.coinSymbol, amount: '1', by: null })).entryId,
    ),
  );
  const maker = await createAdmin(server, 'operator');
  const actionIds: string[] = [];
  for (const to of recipients) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/admin/ledger/credit',
      payload: { email: to.email, asset: asset.coinSymbol, amount: '1000', reason: 'Fuzz: waits for a checker' },
      headers: maker.headers,
    });
    if (res.statusCode === 202) actionIds.push(res.json().data.actionId);
  }

  callers = fuzzCallers(server, ledger, assets);
  await callers.start(['member', 'activated', 'legacy', 'admin', 'reset']);
  // Uploads of the signed-in callers, so whole membership applications and profile pictures get through.
  const uploads = ['/uploads/nothing-here.png'];
  const signatures: string[] = [];
  for (const kind of ['member', 'activated', 'legacy'] as const) {
    const session = await callers.sessionFor(kind, false);
    for (const type of ['signature', 'profilePicture']) {
      const { payload, contentType } = await multipartBody([
        { name: 'type', value: type },
        { name: 'file', value: `data:image/png;base64,${IMAGES.png.toString('base64')}` },
      ]);
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/storage/upload/base64',
        payload,
        headers: { ...session.headers, 'content-type': contentType },
      });
      if (res.statusCode !== 200) continue;
      uploads.push(res.json().url);
      if (type === 'signature') signatures.push(res.json().url);
    }
  }
  const to = recipients[0]!;
  examples = {
    'POST /api/gpalevel/save': signatures.map((signatureUrl) => ({
      ...validGpa,
      sponsor: { name: 'SA-02' },
      signatureUrl,
    })),
    'POST /api/native-wallet/send-tokens': [
      { to: to.email, amount: '1.5', coin: liquidity.coinSymbol, memo: 'fuzz' },
      { to: to.email, amount: '0.0001', coin: asset.coinSymbol },
    ],
    'POST /api/request/create-legacy-send-request': [{ to: to.email, amount: '1', coin: legacy.coinSymbol }],
    'POST /api/native-wallet/activateUserWallet': [{ coinSymbol: liquidity.coinSymbol }],
    'POST /api/admin/ledger/credit': [
      { email: to.email, asset: asset.coinSymbol, amount: '10', memo: 'fuzz', reason: 'Fuzz credit' },
    ],
    'POST /api/admin/prices': [{ coinSymbol: asset.coinSymbol, price: '31.5' }],
    'POST /api/admin/notifications': [{ userId: targets[0]!.user.id, message: 'Fuzz notice' }],
    'POST /api/auth/login': [{ email: to.email, password: PASSWORD }],
    'POST /api/auth/forgot-password': [{ email: to.email }],
    'POST /api/user/update-profile-picture': uploads.slice(1).map((profilePicture) => ({ profilePicture })),
  };
  pools = {
    emails: [...recipients, ...targets, ...senders].map((m) => m.email).concat('nobody@example.com'),
    ids: [
      ...targets.map((m) => m.user.id),
      ...requestIds,
      ...entryIds,
      ...actionIds,
      '00000000-0000-0000-0000-000000000000',
    ],
    symbols: [...own, 'NOPE', liquidity.coinSymbol.toLowerCase()],
    passwords: [PASSWORD, 'Passw0rd!y', 'short', 'x'.repeat(17), `${PASSWORD} `],
    uploads,
  };
  routes = routesOf(server.app.swagger() as Parameters<typeof routesOf>[0]);
}, 120_000);

afterAll(() => server.close());

/**
 * Keeps the state other test files read as they left it: maintenance stays off (a request may still
 * switch it, to off), prices are only set on the fuzz's own tokens and the swap spread stays the default.
 * Applied to every generated JSON value, before it is mutated into raw text (a body nested deep still
 * switches maintenance).
 */
function sparingSharedState(route: Route) {
  return (body: unknown): unknown => {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
    const value = { ...(body as Record<string, unknown>) };
    if (route.path === '/api/admin/settings/maintenance' && value.maintenance === true) value.maintenance = false;
    if (route.path === '/api/admin/prices' && typeof value.coinSymbol === 'string') {
      if (foreignSymbols.has(value.coinSymbol.trim().toUpperCase())) value.coinSymbol = ownAsset;
    }
    // The swap spread stays the default: swaps.test.ts prices with it.
    if (route.path === '/api/admin/settings/swap-spread' && typeof value.swapSpreadPercent === 'string') {
      value.swapSpreadPercent = DEFAULT_SWAP_SPREAD_PERCENT;
    }
    // The maker-checker threshold stays the default: other files' credits and approvals run at once below it.
    if (route.path === '/api/admin/settings/maker-checker' && 'makerCheckerThresholdUsd' in value) {
      value.makerCheckerThresholdUsd = DEFAULT_MAKER_CHECKER_THRESHOLD_USD;
    }
    return value;
  };
}

/**
 * The platform's maintenance answer: not a failure. Test files share the database, and one that checks
 * maintenance switches it on for a moment; the fuzz itself never does (`sparingSharedState`, and a
 * check below).
 */
const isMaintenance = (res: { statusCode: number; body: string }) =>
  res.statusCode === 503 && res.body === JSON.stringify({ message: messages.maintenance, code: 'MAINTENANCE' });
const switchesOn = (payload: string | Buffer | undefined) => {
  try {
    return JSON.parse(String(payload)).maintenance === true;
  } catch {
    return false;
  }
};

function payloadOf(body: Body): { payload?: string | Buffer; contentType?: string } {
  switch (body.kind) {
    case 'none':
      return {};
    case 'json': {
      const text = JSON.stringify(body.value);
      return text === undefined ? {} : { payload: text, contentType: 'application/json' };
    }
    case 'raw':
      return { payload: body.payload, contentType: body.contentType ?? 'application/json' };
    case 'multipart':
      return { payload: body.payload, contentType: body.contentType };
  }
}

describe('fuzz: every route of the OpenAPI document', () => {
  it(
    `answers ${REQUESTS} generated requests without a 5xx, every error in the clean shape`,
    async () => {
      expect(routes.length).toBeGreaterThan(40);
      // Round robin over the routes, each route's requests drawn from the seed and the route's place.
      const perRoute = Math.ceil(REQUESTS / routes.length);
      const samples = routes.map((route, i) =>
        fc.sample(
          draftsFor(route, pools, Object.values(IMAGES), {
            examples: examples[`${route.method} ${route.path}`],
            callers: MOSTLY[`${route.method} ${route.path}`],
            spare: sparingSharedState(route),
          }),
          {
            seed: SEED + i,
            numRuns: perRoute,
          },
        ),
      );
      const queue: { route: Route; draft: Draft }[] = [];
      for (let k = 0; k < perRoute; k++) {
        for (const [i, route] of routes.entries()) queue.push({ route, draft: samples[i]![k]! });
      }

      const byStatus = new Map<number, number>();
      const byRoute = new Map<string, Map<number, number>>();
      const samplesOf = new Map<string, string>();
      const problems: { route: string; status: number; text: string }[] = [];
      const started = Date.now();
      let next = 0;
      let sent = 0;
      let capped = false;
      let maintenanceAnswers = 0;

      async function worker() {
        while (next < queue.length) {
          if (Date.now() - started > CAP_MS) {
            capped = true;
            return;
          }
          const index = next++;
          const { route, draft } = queue[index]!;
          const name = `${route.method} ${route.path}`;
          const endsSession = ENDS_SESSION.has(name);
          const session = await callers.sessionFor(draft.caller, endsSession);
          const { body } = draft;
          const { payload, contentType } = payloadOf(body);
          const url = urlOf(route, draft.params, draft.query);
          const res = await server.app.inject({
            method: route.method,
            url,
            headers: { ...session.headers, ...draft.headers, ...(contentType ? { 'content-type': contentType } : {}) },
            ...(payload !== undefined ? { payload } : {}),
            remoteAddress: draft.sameIp ? FIXED_IP : ipOf(index),
          });
          sent++;
          byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
          const counts = byRoute.get(name) ?? new Map<number, number>();
          byRoute.set(name, counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1));
          if (process.env.FUZZ_VERBOSE && res.statusCode >= 400)
            samplesOf.set(
              `${name} ${res.statusCode}`,
              `${draft.caller} ${describeBody(body).slice(0, 200)} → ${res.body.slice(0, 200)}`,
            );
          const report = (why: string) =>
            problems.push({
              route: name,
              status: res.statusCode,
              text: `#${index} ${route.method} ${url.slice(0, 300)} as ${draft.caller}\n  body: ${describeBody(body)}\n  → ${res.statusCode} ${res.body.slice(0, 400)}\n  ${why}`,
            });
          if (isMaintenance(res)) maintenanceAnswers++;
          else if (res.statusCode >= 500) report('a 5xx answer');
          else if (res.statusCode >= 400) {
            try {
              expectCleanError(withoutOurWords(res));
              expect(typeof res.json().code).toBe('string');
            } catch (error) {
              report(`not a clean error: ${(error as Error).message.split('\n')[0]}`);
            }
          }
          if (name === 'POST /api/admin/settings/maintenance' && res.statusCode < 300 && switchesOn(payload))
            report('the fuzz switched maintenance on: other test files would answer 503');
          await callers.done(draft.caller, endsSession, session, res.statusCode);
        }
      }
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));

      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const statuses = [...byStatus.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
      const fiveHundreds = [...byStatus.entries()].filter(([s]) => s >= 500).reduce((sum, [, n]) => sum + n, 0);
      const never2xx = routes
        .map((r) => `${r.method} ${r.path}`)
        .filter((name) => ![...(byRoute.get(name)?.keys() ?? [])].some((s) => s < 300));
      console.log(
        [
          `fuzz: seed ${SEED} (FUZZ_SEED to change), ${sent} requests to ${routes.length} routes in ${seconds}s` +
            `${capped ? ' (stopped at the time cap)' : ''}`,
          `fuzz: by status ${statuses.join(' ')}; 5xx: ${fiveHundreds - maintenanceAnswers}` +
            `${maintenanceAnswers ? ` (and ${maintenanceAnswers} × 503 maintenance, switched on by another test file)` : ''}` +
            `; unclean errors: ${problems.filter((p) => p.status < 500).length}`,
          `fuzz: ${callers.made} callers made, ${callers.relogins} signed in again; never 2xx: ${never2xx.join(', ') || 'none'}`,
        ].join('\n'),
      );
      if (problems.length > 0) {
        // 5xx first: they are the bugs; then the first unclean error answers.
        problems.sort((a, b) => Number(b.status >= 500) - Number(a.status >= 500));
        const where = new Map<string, number>();
        for (const p of problems) where.set(`${p.status} ${p.route}`, (where.get(`${p.status} ${p.route}`) ?? 0) + 1);
        console.log(`fuzz: problems by answer and route: ${[...where].map(([k, n]) => `${k} ×${n}`).join('; ')}`);
        console.log(
          `fuzz: first problems:\n${problems
            .slice(0, 8)
            .map((p) => p.text)
            .join('\n')}`,
        );
      }
      if (process.env.FUZZ_VERBOSE) {
        for (const [name, counts] of byRoute)
          console.log(`fuzz: ${name}: ${[...counts].map(([status, n]) => `${status}×${n}`).join(' ')}`);
        for (const [key, sample] of samplesOf) console.log(`fuzz: ${key}: ${sample}`);
      }

      expect(problems.slice(0, 5).map((p) => p.text)).toEqual([]);
      expect(capped).toBe(false);
      expect(sent).toBe(queue.length);
      expect(sent).toBeGreaterThanOrEqual(Math.min(REQUESTS, 5_000));
    },
    CAP_MS + 30_000,
  );
});
