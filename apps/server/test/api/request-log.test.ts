import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, logOptions } from '../../src/lib/logger.ts';
import { startServer, type TestServer } from '../support.ts';

/** A log destination that keeps every line written to it. */
const capture = () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      cb();
    },
  });
  return { lines, sink };
};

const SIGNED = '/api/storage/files/01a2055c-d69f-7b4b-aedc-7695f14fcf87/1795000000/SIGNATURExyz/01a2.png';

/** The real server logging as `npm start` does, into memory; one request per call. */
function loggingServer(log: (sink: Writable) => pino.Logger) {
  const { lines, sink } = capture();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({}, undefined, log(sink));
  });
  afterAll(() => server.close());
  return {
    lines,
    /** The lines logged while the server answered these requests, one after the other. */
    requests: async (...urls: string[]) => {
      lines.length = 0;
      for (const url of urls) await server.app.inject({ method: 'GET', url });
      return [...lines];
    },
  };
}

describe('request logs in production (JSON)', () => {
  const s = loggingServer((sink) => createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'production' }, sink));

  it('are one JSON line per request with method, url, status and time', async () => {
    const lines = await s.requests('/api/health');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line.msg).toMatch(/^GET \/api\/health 200 \d+\.\d ms$/);
    expect(line.req).toMatchObject({ method: 'GET', url: '/api/health' });
    expect(line.res).toEqual({ statusCode: 200 });
    expect(typeof line.responseTime).toBe('number');
    expect(JSON.stringify(line)).not.toMatch(/incoming request|request completed/);
  });

  it('never carry one-time tokens or a private file signature, in the message or the fields', async () => {
    const all = (await s.requests('/api/auth/verify-email?code=1234&token=SECRET1', SIGNED)).join('\n');
    expect(all).not.toContain('SECRET');
    expect(all).not.toContain('SIGNATURExyz');
    expect(all).toContain('GET /api/auth/verify-email?code=[redacted]&token=[redacted] ');
    expect(all).toContain('/1795000000/[redacted]/01a2.png');
  });
});

describe('request logs outside production (readable)', () => {
  const s = loggingServer((sink) => createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'development' }, sink));

  it('are one readable line per request', async () => {
    const lines = await s.requests('/api/health');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO.*: GET \/api\/health 200 \d+\.\d ms$/);
  });

  it('are redacted the same way', async () => {
    const all = (await s.requests('/api/auth/verify-email?token=SECRET3', SIGNED)).join('\n');
    expect(all).not.toContain('SECRET');
    expect(all).not.toContain('SIGNATURExyz');
    expect(all).toContain('GET /api/auth/verify-email?token=[redacted] ');
    expect(all).toContain('/1795000000/[redacted]/01a2.png');
  });
});

describe('at debug level', () => {
  const s = loggingServer((sink) => pino(logOptions('debug'), sink));

  it("Fastify's own 'incoming request' line comes back, at debug, before the one at info", async () => {
    const lines = await s.requests('/api/health?token=SECRET4');
    const parsed = lines.map((l) => JSON.parse(l));
    const incoming = parsed.find((l) => l.msg === 'incoming request');
    expect(incoming?.level).toBe(20);
    expect(parsed.filter((l) => l.level === 30).map((l) => l.msg)).toEqual([
      expect.stringMatching(/^GET \/api\/health\?token=\[redacted\] 200 /),
    ]);
    expect(lines.join('\n')).not.toContain('SECRET');
  });
});
