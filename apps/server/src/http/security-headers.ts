import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Browser features the app never uses, refused for it and anything it might embed. Clipboard writes (the
 * Copy buttons), autoplay (the Watch Video modal starts its video) and fullscreen video keep the
 * browser's default (this origin only).
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

/**
 * The headers every answer carries. A strict CSP whose frame-ancestors 'none' is the one framing rule
 * (X-Frame-Options is not sent: it would say the same thing in an older, contradicting dialect when the
 * two disagree). API answers are personal and current, so nothing caches them unless a route says
 * otherwise.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  // Built once: the middleware helmet returns only sets the headers it worked out here. (@fastify/helmet
  // built it anew on every request, parsing the directives each time: a few per cent of a dashboard read.)
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The ALTCHA widget and Radix set inline styles; no inline script is allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Video captions are built in the page from the same text the page shows, as blob: tracks.
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The ALTCHA widget solves its proof of work in a blob: worker.
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error as Error)),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
