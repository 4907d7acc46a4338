import { randomUUID } from 'node:crypto';
import { CLIENTS, percentiles, type Row, SECONDS } from './lib.ts';
import { type Answer, loadOps, type Request, warmedUp } from './load.ts';
import { members } from './members.ts';
import type { Bench } from './server.ts';

/** What each swap gives and gets: a crypto swap (/crypto-swap) of a seeded coin into the seeded Q. */
const FROM = 'BTC';
const TO = 'Q';
const AMOUNT = '0.0001';

/**
 * Authenticated crypto swaps over HTTP, as the web app makes them: 16 activated members, one connection
 * each, each swapping 0.0001 BTC into Q against the treasury. One operation is the whole swap: a firm quote
 * for exactly this amount (GET native-token/rates/crypto/swap, whose quote id the swap must carry), then
 * POST native-wallet/swap with that quote id and a fresh Idempotency-Key; a swap needs its own quote (the
 * web app asks for one when the member presses Swap), so the quote is part of its cost.
 */
export async function swaps(bench: Bench): Promise<Row[]> {
  const { base } = bench;
  const swappers = await members(bench, 'swapper', CLIENTS, { member: true, holdings: [[FROM, '100']] });
  const auth = (i: number) => ({ authorization: `Bearer ${swappers[i]!.token}` });
  const quote = (i: number): Request => ({
    path: `/api/native-token/rates/crypto/swap?${new URLSearchParams({ from: FROM, to: TO, amount: AMOUNT })}`,
    headers: auth(i),
  });
  const pay = (i: number, quoteId: string): Request => ({
    method: 'POST',
    path: '/api/native-wallet/swap',
    headers: { ...auth(i), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ coinSymbol: FROM, amount: AMOUNT, to: TO, quoteId }),
  });

  // The first refusal of each kind, to say why when a run fails (the table counts them only).
  const refusals = new Map<string, string>();
  const refused = (what: string, a: Answer) => {
    const key = `${what} ${a.status}`;
    if (!refusals.has(key)) refusals.set(key, a.body.toString('utf8').slice(0, 200));
    return false;
  };
  const op = async (i: number, send: (r: Request) => Promise<Answer>) => {
    const q = await send(quote(i));
    if (q.status !== 200) return refused('quote', q);
    const { data } = JSON.parse(q.body.toString('utf8')) as { data: { quoteId: string } };
    const s = await send(pay(i, data.quoteId));
    return s.status === 200 || refused('swap', s);
  };

  const { result, cpu } = await warmedUp(bench, (seconds) => loadOps(base, { connections: CLIENTS, seconds, op }));
  for (const [key, body] of refusals) console.log(`  swaps: first ${key}: ${body}`);
  if (result.ok === 0) throw new Error('no swap succeeded');
  return [
    {
      name: 'swaps (quote + native-wallet/swap)',
      rate: result.ok / SECONDS,
      unit: 'swaps/s',
      ...percentiles(result.latencies),
      failed: result.failed,
      cpu,
      baseline: 'pgbench',
      note: `${FROM}→${TO} against the treasury; an op is 2 requests`,
    },
  ];
}
