import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support.ts';

/**
 * How the built web app is delivered (issue 9): a small stand-in for apps/web/dist, laid out as the build
 * leaves it (hashed assets with .br/.gz copies beside them, index.html, public files, the real robots.txt).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const INDEX = `<!doctype html><html lang="en"><head><title>Vault</title>${'<!-- padding -->'.repeat(80)}</head><body><div id="root"></div></body></html>`;
const SCRIPT = `export const greeting = ${JSON.stringify('hello vault '.repeat(400))};\n`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

let server: TestServer;
let robots: string;
beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'vault-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, 'tokens'));
  const write = async (name: string, text: string) => {
    await writeFile(path.join(dist, name), text);
    await writeFile(path.join(dist, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(dist, `${name}.gz`), gzipSync(text));
  };
  await write('index.html', INDEX);
  await write('assets/app-abc123.js', SCRIPT);
  await writeFile(path.join(dist, 'tokens/q.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await copyFile(path.join(repoRoot, 'apps/web/public/robots.txt'), path.join(dist, 'robots.txt'));
  robots = readFileSync(path.join(dist, 'robots.txt'), 'utf8');
  server = await startServer({ WEB_DIST: dist });
});
afterAll(() => server?.close());

const get = (url: string, acceptEncoding?: string) =>
  server.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('web app delivery', () => {
  it('sends the brotli copy to a browser that accepts it, gzip to one that accepts only gzip, the file to others', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const gzip = await get('/assets/app-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const refused = await get('/assets/app-abc123.js', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(SCRIPT);
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('lets browsers keep hashed assets for a year without asking again, whatever the encoding', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const res = await get('/assets/app-abc123.js', encoding);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers.etag).toBeTruthy();
    }
  });

  it('makes browsers revalidate index.html, at / and for every client route, and compresses it too', async () => {
    for (const url of ['/', '/index.html', '/about-us', '/cryptocurrency?tab=1', '/no/such/page']) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
      // The security headers stay on the pages.
      expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
    }
    const gzip = await get('/settings', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(INDEX);
    const plain = await get('/settings');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('caches other public files for a day', async () => {
    const res = await get('/tokens/q.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers /robots.txt as text with the rules: public pages allowed, the API and member screens not', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(robots);
    const rules = res.body
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.trim());
    expect(rules[0]).toBe('User-agent: *');
    expect(rules).toContain('Allow: /');
    const disallowed = rules.filter((r) => r.startsWith('Disallow: ')).map((r) => r.slice('Disallow: '.length));
    const blocked = (page: string) => disallowed.some((prefix) => page.startsWith(prefix));
    for (const page of ['/', '/about-us', '/contact-us', '/faq']) expect(blocked(page), page).toBe(false);
    for (const page of ['/api/user/info', '/uploads/x.png', '/cryptocurrency', '/settings', '/profile'])
      expect(blocked(page), page).toBe(true);
    // Every route of the web app that is not a public page is kept out, so a new member screen needs a line here.
    const routes = readFileSync(path.join(repoRoot, 'apps/web/src/app/app-routes.tsx'), 'utf8');
    const paths = [...routes.matchAll(/path="(\/[^"]*)"/g)].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThan(20);
    for (const page of paths.filter((p) => !['/', '/about-us', '/contact-us', '/faq'].includes(p)))
      expect(blocked(page), page).toBe(true);
  });

  it('still answers unknown API paths, and files missing under /assets/, with a JSON 404', async () => {
    for (const url of ['/api/no-such-thing', '/api/', '/assets/app-old999.js', '/uploads/none.png']) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await get('/api/no-such-thing')).headers['cache-control']).toBe('no-store');
  });
});
