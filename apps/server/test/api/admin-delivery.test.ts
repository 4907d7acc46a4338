import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support.ts';

/**
 * How the back office is delivered (issue 11): its own build (apps/admin/dist, Vite base '/admin/') served
 * under /admin/ by the same server with the member app's rules (precompressed copies, hashed assets cached a
 * year, index.html revalidated, its index for its client routes), and never part of the member app. Small
 * stand-ins for both builds, laid out as the builds leave them; the last test reads the real builds.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const pad = '<!-- padding -->'.repeat(80);
const WEB_INDEX = `<!doctype html><html lang="en"><head><title>Vault</title>${pad}</head><body><div id="root"></div></body></html>`;
const ADMIN_INDEX = `<!doctype html><html lang="en"><head><title>Vault back office</title><script type="module" crossorigin src="/admin/assets/index-adm123.js"></script>${pad}</head><body><div id="root"></div></body></html>`;
const ADMIN_SCRIPT = `export const screen = ${JSON.stringify('members '.repeat(500))};\n`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

async function standIn(files: Record<string, string>) {
  const dist = await mkdtemp(path.join(tmpdir(), 'vault-dist-'));
  await mkdir(path.join(dist, 'assets'));
  for (const [name, text] of Object.entries(files)) {
    await writeFile(path.join(dist, name), text);
    await writeFile(path.join(dist, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(dist, `${name}.gz`), gzipSync(text));
  }
  return dist;
}

let server: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = await standIn({ 'index.html': WEB_INDEX, 'assets/app-abc123.js': 'export const member = 1;\n'.repeat(80) });
  const adminDist = await standIn({ 'index.html': ADMIN_INDEX, 'assets/index-adm123.js': ADMIN_SCRIPT });
  server = await startServer({ WEB_DIST: webDist, ADMIN_DIST: adminDist });
});
afterAll(() => server?.close());

const get = (url: string, acceptEncoding?: string, on = server) =>
  on.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('back office delivery', () => {
  it('answers /admin and every back-office client route with the back office index, revalidated, compressed', async () => {
    for (const url of [
      '/admin',
      '/admin/',
      '/admin/members',
      '/admin/members/0190abcd?x=1',
      '/admin/login',
      '/admin/enrol',
    ]) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(ADMIN_INDEX);
      // The CSP allows the back office's own scripts and no inline one.
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp.match(/script-src[^;]*/)?.[0], url).not.toContain('unsafe-inline');
    }
    const gzip = await get('/admin/members', 'gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(ADMIN_INDEX);
    const plain = await get('/admin/members');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ADMIN_INDEX);
  });

  it('lets browsers keep the back office hashed assets for a year, in the encoding they accept', async () => {
    const br = await get('/admin/assets/index-adm123.js', 'br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ADMIN_SCRIPT);
    for (const encoding of ['br', 'gzip', undefined]) {
      const res = await get('/admin/assets/index-adm123.js', encoding);
      expect(res.headers['cache-control'], encoding).toBe(IMMUTABLE);
      expect(res.headers.etag, encoding).toBeTruthy();
    }
    expect((await get('/admin/assets/index-adm123.js', 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('/admin/assets/index-adm123.js')).body).toBe(ADMIN_SCRIPT);
  });

  it('answers a missing back-office asset with a JSON 404, not a page', async () => {
    for (const url of ['/admin/assets/index-old999.js', '/admin/assets/']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('keeps the member app at its own paths: its index never answers /admin, the back office never answers others', async () => {
    for (const url of ['/', '/settings', '/administrators', '/adminx', '/cryptocurrency?admin=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(WEB_INDEX);
    }
    expect((await get('/assets/app-abc123.js')).headers['cache-control']).toBe(IMMUTABLE);
    // The member app's files are not reachable under the back office's prefix, nor the reverse.
    expect((await get('/admin/assets/app-abc123.js')).statusCode).toBe(404);
    expect((await get('/assets/index-adm123.js')).statusCode).toBe(404);
  });

  it('answers /admin/* with a JSON 404 when the back office is not built, never with the member app', async () => {
    const without = await startServer({ WEB_DIST: webDist });
    try {
      for (const url of ['/admin', '/admin/members', '/admin/assets/index-adm123.js']) {
        const res = await get(url, 'br', without);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
      }
      expect((await get('/settings', undefined, without)).body).toBe(WEB_INDEX);
    } finally {
      await without.close();
    }
  });
});

/** Every file under `dir`, as paths relative to it. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe('the real builds', () => {
  const web = path.join(repoRoot, 'apps/web/dist');
  const admin = path.join(repoRoot, 'apps/admin/dist');
  beforeAll(() => {
    // `npm test` builds after the API tests: build here when this checkout has not been built yet.
    if (!existsSync(path.join(web, 'index.html')) || !existsSync(path.join(admin, 'index.html')))
      execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'ignore' });
  }, 120_000);

  it('never lets the member app download, preload or name a back-office chunk', () => {
    const adminAssets = filesOf(path.join(admin, 'assets'))
      .filter((name) => /\.(?:js|css)$/.test(name))
      .map((name) => path.basename(name));
    expect(adminAssets.length).toBeGreaterThan(3);
    const memberText = filesOf(web)
      .filter((name) => /\.(?:js|css|html)$/.test(name))
      .map((name) => [name, readFileSync(path.join(web, name), 'utf8')] as const);
    expect(memberText.length).toBeGreaterThan(3);
    for (const [name, text] of memberText) {
      expect(text.includes('/admin/'), name).toBe(false);
      // The member app's own chunks may share a name (index-…), never a hash: no back-office file is named.
      for (const asset of adminAssets) expect(text.includes(asset), `${name} names ${asset}`).toBe(false);
    }
  });

  it('keeps crawlers out of the back office (robots.txt of the member app)', () => {
    const robots = readFileSync(path.join(repoRoot, 'apps/web/public/robots.txt'), 'utf8').split('\n');
    expect(robots).toContain('Disallow: /admin');
  });

  it('builds the back office under /admin/ with no inline script (the CSP refuses them)', () => {
    const index = readFileSync(path.join(admin, 'index.html'), 'utf8');
    const scripts = [...index.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/admin\/assets\/[^"]+\.js"/);
      expect(body!.trim()).toBe('');
    }
    for (const [, href] of index.matchAll(/<link\b[^>]*href="([^"]+)"/g)) {
      if (href !== '/favicon.svg') expect(href).toMatch(/^\/admin\/assets\//);
    }
  });
});
