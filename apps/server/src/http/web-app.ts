import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { messages } from '@vault/contract/messages';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

/** Cache-Control of the web app's files (issue 9). */
export const WEB_CACHE = {
  /** Vite names every file under /assets/ by its content: a new build makes new names. */
  hashed: 'public, max-age=31536000, immutable',
  /** index.html names the current assets: the browser asks again (a 304 when unchanged) every time. */
  page: 'no-cache',
  /** Other public files (robots.txt, icons, token pictures, videos) keep their names across builds. */
  other: 'public, max-age=86400',
};

/** What the build compresses (apps/web/vite.config.ts) and so what may be answered differently per Accept-Encoding. */
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

/**
 * Serves the built web app (apps/web/dist) when it is there, and answers every other GET outside /api/ and
 * /uploads/ with its index.html, so the app's router shows client routes; unknown API paths, files missing
 * under /assets/ and anything else answer 404 JSON.
 *
 * Text files are sent as the build compressed them (`name.br`, `name.gz` beside each file, chosen by
 * Accept-Encoding), so no request spends CPU on compression. Hashed assets are cached for a year,
 * index.html is revalidated every time, other public files for a day. The security headers
 * (http/security-headers.ts) apply to these answers like to any other.
 */
export async function registerWebApp(app: FastifyInstance, webDistSetting: string) {
  const webDist = existsSync(path.join(webDistSetting, 'index.html')) ? path.resolve(webDistSetting) : null;
  if (webDist) {
    // Plugin routes carry no access level of their own: these files are public.
    await app.register(async (files) => {
      files.addHook('onRoute', (route) => {
        route.config = { ...route.config, auth: 'public' };
      });
      await files.register(fastifyStatic, {
        root: webDist,
        prefix: '/',
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
            .relative(webDist, filePath)
            .split(path.sep)
            .join('/')
            .replace(/\.(?:br|gz)$/, '');
          res.setHeader('cache-control', cacheControl(relative));
          if (COMPRESSIBLE.test(relative)) res.setHeader('vary', 'accept-encoding');
        },
      });
    });
  }

  const index = webDist ? readFileSync(path.join(webDist, 'index.html')) : null;
  // index.html for client routes, compressed once here (a copy of it is small).
  const indexBodies = index && {
    br: brotliCompressSync(index, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(index, { level: constants.Z_BEST_COMPRESSION }),
  };
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?', 1)[0]!;
    // The web app owns every other path (its router sends unknown ones to /); a missing file under /assets/
    // (a build's chunk asked for after a newer build replaced it) is a 404, so the app's import fails cleanly.
    if (
      index &&
      indexBodies &&
      request.method === 'GET' &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith('/uploads/') &&
      !pathname.startsWith('/assets/')
    ) {
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      reply.type('text/html; charset=utf-8').header('cache-control', WEB_CACHE.page).header('vary', 'accept-encoding');
      if (!encoding) return reply.send(index);
      return reply.header('content-encoding', encoding).send(indexBodies[encoding]);
    }
    return reply.status(404).send(errorBody(messages.notFound, 'NOT_FOUND'));
  });
}
