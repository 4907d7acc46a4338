import { afterEach, describe, expect, it, vi } from 'vitest';
import { moneyPoster } from '../src/lib/money-post';

/** What the poster sent: one Idempotency-Key per call, read from the request the browser would make. */
function network(answers: (number | 'offline')[]) {
  const keys: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['Idempotency-Key']!);
      const next = answers.shift() ?? 200;
      if (next === 'offline') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ message: String(next), code: 'X' }), { status: next });
    }),
  );
  return keys;
}
afterEach(() => vi.unstubAllGlobals());

let n = 0;
const post = () => moneyPoster(() => `key-${++n}`);
const body = { to: 'b@example.com', amount: '1', coin: 'Q' };

describe('moneyPoster', () => {
  it('sends every money-moving POST with an Idempotency-Key, a new one per answered call', async () => {
    const keys = network([200, 200]);
    const send = post();
    await send('native-wallet/send-tokens', body);
    await send('native-wallet/send-tokens', body);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^key-/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('reuses the key when the same call is retried after no answer or a 5xx: the money moves once', async () => {
    const keys = network(['offline', 502, 200]);
    const send = post();
    await expect(send('native-wallet/send-tokens', body)).rejects.toThrow();
    await expect(send('native-wallet/send-tokens', body)).rejects.toThrow();
    await send('native-wallet/send-tokens', body);
    expect(new Set(keys).size).toBe(1);
  });

  it('spends the key on a refusal (4xx) and never reuses it for another body', async () => {
    const keys = network([400, 'offline', 200]);
    const send = post();
    await expect(send('native-wallet/send-tokens', body)).rejects.toThrow();
    await expect(send('native-wallet/send-tokens', body)).rejects.toThrow();
    await send('native-wallet/send-tokens', { ...body, amount: '2' });
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});
