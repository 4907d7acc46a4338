import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { newId } from '../../src/lib/ids.ts';
import { logOptions } from '../../src/lib/logger.ts';

describe('ids', () => {
  it('are UUIDv7: well-formed, unique and ordered by time', async () => {
    const a = newId();
    await new Promise((r) => setTimeout(r, 2));
    const b = newId();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a < b).toBe(true);
    expect(new Set(Array.from({ length: 1000 }, newId)).size).toBe(1000);
  });
});

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.DATABASE_URL).toBeUndefined();
    // npm start works the jobs itself unless told otherwise (WORKER=off: `npm run worker` elsewhere).
    expect(c.WORKER).toBe('inline');
    expect(loadConfig({ WORKER: 'off' }).WORKER).toBe('off');
    expect(() => loadConfig({ WORKER: 'elsewhere' })).toThrow(/WORKER/);
  });

  it('stops on a bad value with a line naming it', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});

describe('logs', () => {
  /** What a logger writes, line by line. */
  const capture = () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    return { lines, sink };
  };

  it('never contain passwords, bearer tokens or one-time links', () => {
    const { lines, sink } = capture();
    const log = pino(logOptions('info'), sink);
    log.info({ req: { method: 'GET', url: '/api/auth/verify-email?token=SECRET1', id: '1' } }, 'request');
    log.info({ body: { password: 'SECRET2', email: 'a@b.c' } }, 'body');
    log.info({ req: { headers: { authorization: 'Bearer SECRET3' } } }, 'headers');
    const out = lines.join('');
    expect(out).not.toMatch(/SECRET/);
    expect(out).toContain('token=[redacted]');
  });

  it("never contain a private file URL's signature (the URL is the credential while it lasts)", () => {
    const { lines, sink } = capture();
    const url = '/api/storage/files/01a2055c-d69f-7b4b-aedc-7695f14fcf87/1795000000/SIGNATURExyz/01a2.png';
    pino(logOptions('info'), sink).info({ req: { method: 'GET', url, id: '1' } }, 'request');
    const out = lines.join('');
    expect(out).not.toContain('SIGNATURExyz');
    expect(out).toContain('/1795000000/[redacted]/01a2.png');
  });
});
