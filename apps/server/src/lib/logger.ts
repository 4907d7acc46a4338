import pino, { type LoggerOptions } from 'pino';

/**
 * URLs can carry credentials: one-time secrets in query strings (the e-mail verification link) and the
 * signature of a private file's URL (a path segment). Neither reaches the log.
 */
const redactUrl = (url: string | undefined) =>
  url
    ?.replace(/([?&](?:token|code)=)[^&]*/g, '$1[redacted]')
    .replace(/^(\/api\/storage\/files\/[^/]+\/[^/]+\/)[^/]+/, '$1[redacted]');

/** Structured JSON logs; credentials and personal secrets are redacted wherever they appear. */
export const logOptions = (level: string): LoggerOptions => ({
  level,
  serializers: {
    req: (req: { method?: string; url?: string; ip?: string; id?: string }) => ({
      id: req.id,
      method: req.method,
      url: redactUrl(req.url),
      ip: req.ip,
    }),
    res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    err: pino.stdSerializers.err,
  },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      '*.password',
      '*.oldPassword',
      '*.newPassword',
      '*.token',
      '*.code',
      '*.authToken',
      '*.accessToken',
    ],
    censor: '[redacted]',
  },
});
