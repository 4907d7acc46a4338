import pino, { type LoggerOptions } from 'pino';

/** Query strings can hold one-time secrets (the e-mail verification link): they never reach the log. */
const redactQuery = (url: string | undefined) => url?.replace(/([?&](?:token|code)=)[^&]*/g, '$1[redacted]');

/** Structured JSON logs; credentials and personal secrets are redacted wherever they appear. */
export const logOptions = (level: string): LoggerOptions => ({
  level,
  serializers: {
    req: (req: { method?: string; url?: string; ip?: string; id?: string }) => ({
      id: req.id,
      method: req.method,
      url: redactQuery(req.url),
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
