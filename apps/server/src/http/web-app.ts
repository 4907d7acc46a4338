import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { messages } from '@vault/contract/messages';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

/** Cache-Control of the web apps' files (issue 9; the back office's the same). */
export const WEB_CACHE = {
  /** Vite names every file under /assets/ by its content: a new build makes new names. */
  hashed: 'public, max-age=31536000, immutable',
  /** index.html names the current assets: the browser asks again (a 304 when unchanged) every time. */
  page: 'no-cache',
  /** Other public files (robots.txt, icons, token pictures, videos) keep their names across builds. */
  other: 'public, max-age=86400',
};

/** What the builds compress (packages/ui/build/vite-precompress.ts) and so what may be answered differently per Accept-Encoding. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

function cacheControl(relativePath: string) {
  if (relativePath.startsWith('assets/')) return WEB_CACHE.hashed;
  if (relativePath.endsWith('.html')) return WEB_CACHE.page;
  return WEB_CACHE.other;
}

/** The encoding to answer with: brotli, else gzip, when the request accepts it (q > 0), else none. */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return null;
  const weights = new Map<string, number>();
  for (const part of text.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  return weight('gzip') > 0 ? 'gzip' : null;
}

/** The two front ends the server delivers: the member app at /, the back office (issue 11) at /admin/. */
export type WebDists = { web: string; admin: string };

/** The back office's own paths: /admin and everything under /admin/. */
export const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/** A built app's folder when it holds an index.html (built), else null (not served). */
const builtAt = (setting: string) => (existsSync(path.join(setting, 'index.html')) ? path.resolve(setting) : null);

/** Serves one built app's files under `prefix`, precompressed copies by Accept-Encoding, cached by kind. */
async function serveFiles(app: FastifyInstance, dist: string, prefix: string, decorateReply: boolean) {
  // Plugin routes carry no access level of their own: these files are public.
  await app.register(async (files) => {
    files.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: 'public' };
    });
    await files.register(fastifyStatic, {
      root: dist,
      prefix,
      decorateReply,
      // Routes for the files there at start (a build is replaced with a restart), not a catch-all.
      wildcard: false,
      // The compressed copies are reached only through their file (preCompressed), never by their own name.
      globIgnore: ['**/*.br', '**/*.gz'],
      index: ['index.html'],
      preCompressed: true,
      // @fastify/send's own header would overwrite the one set here.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const relative = path
          .relative(dist, filePath)
          .split(path.sep)
          .join('/')
          .replace(/\.(?:br|gz)$/, '');
        res.setHeader('cache-control', cacheControl(relative));
        if (COMPRESSIBLE.test(relative)) res.setHeader('vary', 'accept-encoding');
      },
    });
  });
}

/** An app's index.html as sent for its client routes: compressed once here (a copy of it is small). */
function indexPage(dist: string | null) {
  if (!dist) return null;
  const raw = readFileSync(path.join(dist, 'index.html'));
  return {
    raw,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }),
  };
}

/**
 * Serves the built member app (apps/web/dist) at / and the built back office (apps/admin/dist) under /admin/,
 * each when it is there. Every other GET answers with the index.html of the app that owns the path, so its
 * router shows client routes: /admin and /admin/* the back office's (never the member app's, which holds no
 * back-office screen), anything else outside /api/ and /uploads/ the member app's. Unknown API paths, files
 * missing under an app's /assets/, and /admin/* while the back office is not built answer 404 JSON.
 *
 * Text files are sent as the build compressed them (`name.br`, `name.gz` beside each file, chosen by
 * Accept-Encoding), so no request spends CPU on compression. Hashed assets are cached for a year,
 * index.html is revalidated every time, other public files for a day. The security headers
 * (http/security-headers.ts) apply to these answers like to any other.
 */
export async function registerWebApp(app: FastifyInstance, dists: WebDists) {
  const webDist = builtAt(dists.web);
  const adminDist = builtAt(dists.admin);
  if (webDist) await serveFiles(app, webDist, '/', true);
  // The back office is built with base '/admin/': its files, assets included, are all under that prefix.
  if (adminDist) await serveFiles(app, adminDist, '/admin/', !webDist);

  const webIndex = indexPage(webDist);
  const adminIndex = indexPage(adminDist);
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?', 1)[0]!;
    // Each app owns its paths (its router sends unknown ones to its start); a missing file under its
    // /assets/ (a build's chunk asked for after a newer build replaced it) is a 404, so the import fails cleanly.
    const page = isAdminPath(pathname)
      ? !pathname.startsWith('/admin/assets/') && adminIndex
      : !pathname.startsWith('/api/') &&
        !pathname.startsWith('/uploads/') &&
        !pathname.startsWith('/assets/') &&
        webIndex;
    if (page && request.method === 'GET') {
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      reply.type('text/html; charset=utf-8').header('cache-control', WEB_CACHE.page).header('vary', 'accept-encoding');
      if (!encoding) return reply.send(page.raw);
      return reply.header('content-encoding', encoding).send(page[encoding]);
    }
    return reply.status(404).send(errorBody(messages.notFound, 'NOT_FOUND'));
  });
}
