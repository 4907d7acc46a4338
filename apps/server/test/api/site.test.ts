import { randomBytes } from 'node:crypto';
import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { nativeToken } from '@vault/contract/schemas/site';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nativeTokens, siteMessages } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { countRows, randomIp, startServer, type TestServer, uniqueEmail } from '../support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const post = (url: string, payload: unknown, ip = randomIp()) =>
  server.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });
const messagesFrom = (email: string) => countRows(server, 'site_messages', sql`email = ${email}`);

describe('site/contact', () => {
  it('stores the message with the sender’s IP and thanks them', async () => {
    const email = uniqueEmail('contact');
    const ip = randomIp();
    const res = await post(
      '/api/site/contact',
      { name: '  Jo Sender ', email: email.toUpperCase(), subject: ' Hello ', message: ' A question ' },
      ip,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.contactSent });
    const rows = await server.db.select().from(siteMessages).where(eq(siteMessages.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'contact', name: 'Jo Sender', subject: 'Hello', message: 'A question', ip });
  });

  const valid = { name: 'Jo Sender', subject: 'Hello', message: 'A question' };
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['short name', { name: 'J' }, 'name', messages.nameTooShort],
    ['empty email', { email: '' }, 'email', messages.emailEmpty],
    ['invalid email', { email: 'jo@' }, 'email', messages.emailInvalid],
    ['empty subject', { subject: '  ' }, 'subject', messages.subjectRequired],
    ['empty message', { message: '' }, 'message', messages.messageRequired],
  ];
  it.each(cases)('%s → 400 with its message, nothing stored', async (_label, change, field, message) => {
    const email = uniqueEmail('contact');
    const res = await post('/api/site/contact', { ...valid, email, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message, fields: { [field]: message } });
    expect(await messagesFrom(email)).toBe(0);
  });

  it('refuses an over-long message', async () => {
    const email = uniqueEmail('contact');
    const res = await post('/api/site/contact', { ...valid, email, message: 'x'.repeat(5001) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('message');
    expect(await messagesFrom(email)).toBe(0);
  });
});

describe('site/inquiry', () => {
  it('stores the question and thanks the sender', async () => {
    const email = uniqueEmail('inquiry');
    const res = await post('/api/site/inquiry', { name: 'Ann Asker', email, message: 'How do I start?' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.inquirySent });
    const rows = await server.db.select().from(siteMessages).where(eq(siteMessages.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'inquiry', name: 'Ann Asker', subject: null, message: 'How do I start?' });
  });

  it('validates name, e-mail and message', async () => {
    const email = uniqueEmail('inquiry');
    const checks: [Record<string, unknown>, string][] = [
      [{ name: 'A', email, message: 'x' }, messages.nameTooShort],
      [{ name: 'Ann', email: '', message: 'x' }, messages.emailEmpty],
      [{ name: 'Ann', email: 'ann', message: 'x' }, messages.emailInvalid],
      [{ name: 'Ann', email, message: '   ' }, messages.messageRequired],
    ];
    for (const [payload, message] of checks) {
      const res = await post('/api/site/inquiry', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await messagesFrom(email)).toBe(0);
  });
});

describe('site/newsletter', () => {
  it('subscribes an address once, lower-cased, with the same answer the second time', async () => {
    const email = uniqueEmail('news');
    for (const address of [email.toUpperCase(), email]) {
      const res = await post('/api/site/newsletter', { email: address });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: messages.newsletterSubscribed });
    }
    expect(await countRows(server, 'newsletter_subscribers', sql`email = ${email}`)).toBe(1);
  });

  it('validates the address', async () => {
    const empty = await post('/api/site/newsletter', { email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(messages.emailEmpty);
    const invalid = await post('/api/site/newsletter', { email: 'news at example.com' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(messages.emailInvalid);
  });
});

describe('public form rate limits', () => {
  const forms: [string, () => Record<string, unknown>, string][] = [
    [
      '/api/site/contact',
      () => ({ name: 'Spam Bot', email: uniqueEmail('spam'), subject: 'Buy', message: 'now' }),
      'site_messages',
    ],
    ['/api/site/inquiry', () => ({ name: 'Spam Bot', email: uniqueEmail('spam'), message: 'now' }), 'site_messages'],
    ['/api/site/newsletter', () => ({ email: uniqueEmail('spam') }), 'newsletter_subscribers'],
  ];
  it.each(forms)(
    `%s answers 429 after ${LIMITS.publicFormsPerIpPerHour} an hour from one IP`,
    async (url, body, table) => {
      const ip = randomIp();
      for (let i = 0; i < LIMITS.publicFormsPerIpPerHour; i++)
        expect((await post(url, body(), ip)).statusCode).toBe(200);
      const payload = body();
      const limited = await post(url, payload, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
      expect(limited.json().message.startsWith(messages.tooManyRequests)).toBe(true);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(await countRows(server, table, sql`email = ${payload.email as string}`)).toBe(0);
      // Another visitor is not affected.
      expect((await post(url, body(), randomIp())).statusCode).toBe(200);
    },
  );
});

describe('native-token/get-all-native-tokens', () => {
  it('lists the visible tokens in order, prices as exact decimal strings, to anyone', async () => {
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const token = (symbol: string, orderIndex: number, isVisibleOnWeb = true) => ({
      id: newId(),
      coinSymbol: `${symbol}${tag}`,
      name: `${symbol} token`,
      displayName: `${symbol} Token`,
      shortName: symbol,
      displaySymbol: symbol,
      description: `The ${symbol} token`,
      type: 'asset' as const,
      iconUrl: `/media/${symbol}.svg`,
      coinColor: '#c0c0c0',
      price: '31.12345678',
      multiplier: '1',
      decimals: 8,
      orderIndex,
      isVisibleOnWeb,
    });
    await server.db
      .insert(nativeTokens)
      .values([token('SLV', 900_002), token('GLD', 900_001), token('HID', 900_000, false)]);

    const res = await server.app.inject({ url: '/api/native-token/get-all-native-tokens' });
    expect(res.statusCode).toBe(200);
    const mine = res.json().data.filter((t: { coinSymbol: string }) => t.coinSymbol.endsWith(tag));
    expect(mine.map((t: { coinSymbol: string }) => t.coinSymbol)).toEqual([`GLD${tag}`, `SLV${tag}`]);
    expect(nativeToken.safeParse(mine[0]).success).toBe(true);
    expect(mine[0]).toMatchObject({
      coin: `GLD${tag}`,
      price: '31.12345678',
      multiplier: '1',
      icon: { url: '/media/GLD.svg' },
      isVisibleOnWeb: true,
    });
  });
});
