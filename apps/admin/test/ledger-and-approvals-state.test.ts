import { afterEach, describe, expect, it, vi } from 'vitest';
import { readKind } from '../src/features/approvals/queries';
import { LEDGER_DEFAULTS, ledgerParams, readLedgerState } from '../src/features/ledger/queries';
import { moneyPoster } from '../src/lib/money-post';

/** The ledger's filters and the approvals' kind live in the address: what they read back, what they leave out. */
describe('ledger and approvals state in the address', () => {
  it('reads the ledger filters and writes them back the same', () => {
    const params = new URLSearchParams(
      'member=ann%40example.com&asset=XAG&kind=credit&from=2026-01-01&to=2026-01-31&page=2&limit=50',
    );
    const state = readLedgerState(params);
    expect(state).toEqual({
      member: 'ann@example.com',
      asset: 'XAG',
      kind: 'credit',
      from: '2026-01-01',
      to: '2026-01-31',
      page: 2,
      limit: 50,
    });
    expect(ledgerParams(state).toString()).toBe(params.toString());
  });

  it('drops what the API would refuse: a date that is not a day, a kind or asset with other characters', () => {
    const state = readLedgerState(new URLSearchParams('from=yesterday&to=2026-13&asset=x-ag!&kind=hold place&page=0'));
    expect(state).toEqual({ ...LEDGER_DEFAULTS, asset: 'XAG', kind: 'holdplace' });
    expect(ledgerParams(LEDGER_DEFAULTS).toString()).toBe('');
  });

  it('reads the approvals kind, anything else is every kind', () => {
    expect(readKind(new URLSearchParams('kind=second'))).toBe('second');
    expect(readKind(new URLSearchParams('kind=withdraw'))).toBe('all');
    expect(readKind(new URLSearchParams(''))).toBe('all');
  });
});

/** One Idempotency-Key per confirmation: kept for a retry after no answer, new after an answer or a refusal. */
describe('moneyPoster', () => {
  afterEach(() => vi.unstubAllGlobals());
  const keysSent: string[] = [];
  const answer = (status: number, body: unknown) => () =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  const stub = (...answers: (() => Promise<Response>)[]) => {
    keysSent.length = 0;
    const queue = [...answers];
    vi.stubGlobal('sessionStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      keysSent.push((init.headers as Record<string, string>)['Idempotency-Key']!);
      return queue.shift()!();
    });
  };
  let n = 0;
  const post = () => moneyPoster(() => `key-${++n}`);
  const schema = { safeParse: (data: unknown) => ({ success: true, data }) } as never;

  it('reuses the key when the first attempt got no answer, and makes a new one after an answer', async () => {
    stub(
      () => Promise.reject(new TypeError('offline')),
      answer(200, { message: 'ok' }),
      answer(200, { message: 'ok' }),
    );
    const send = post();
    await expect(send('admin/ledger/credit', schema, { amount: '1' })).rejects.toThrow();
    await send('admin/ledger/credit', schema, { amount: '1' });
    await send('admin/ledger/credit', schema, { amount: '1' });
    expect(keysSent[0]).toBe(keysSent[1]);
    expect(keysSent[2]).not.toBe(keysSent[1]);
  });

  it('makes a new key after a refusal, and for another body', async () => {
    stub(
      answer(400, { message: 'A reason is required', code: 'VALIDATION' }),
      answer(500, {}),
      answer(202, { message: 'w' }),
    );
    const send = post();
    await expect(send('admin/requests/1/approve', schema, {})).rejects.toThrow('A reason is required');
    await expect(send('admin/requests/1/approve', schema, { reason: 'big one' })).rejects.toThrow();
    await send('admin/requests/1/approve', schema, { reason: 'big one, checked' });
    expect(new Set(keysSent).size).toBe(3);
  });
});
