import pino, { type DestinationStream, type LogFn, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';

/**
 * URLs can carry credentials: one-time secrets in query strings (the e-mail verification link) and the
 * signature of a private file's URL (a path segment). Neither reaches the log.
 */
const redactUrl = (url: string | undefined) =>
  url
    ?.replace(/([?&](?:token|code)=)[^&]*/g, '$1[redacted]')
    .replace(/^(\/api\/storage\/files\/[^/]+\/[^/]+\/)[^/]+/, '$1[redacted]');

/**
 * One line per request. Fastify logs two at info ('incoming request' with the request, 'request completed'
 * with the status and time); a few minutes of clicking made thousands. The first moves to debug; the
 * second becomes "GET /api/user/info 200 3.2 ms" (URL redacted as above) carrying req, res and
 * responseTime, so the JSON keeps every field of both.
 */
function oneLinePerRequest(this: Logger, args: Parameters<LogFn>, method: LogFn, level: number) {
  const [fields, msg] = args as unknown[];
  if (level === this.levels.values.info && msg === 'incoming request') {
    this.debug(...args);
    return;
  }
  if (level === this.levels.values.info && msg === 'request completed' && isCompletedRequest(fields)) {
    const { res, responseTime } = fields;
    const req = res.request;
    const line = `${req.method} ${redactUrl(req.url)} ${res.statusCode} ${responseTime.toFixed(1)} ms`;
    method.call(this, { req, res, responseTime }, line);
    return;
  }
  method.apply(this, args);
}

type CompletedRequest = {
  res: { statusCode: number; request: { method?: string; url?: string } };
  responseTime: number;
};
const isCompletedRequest = (fields: unknown): fields is CompletedRequest => {
  const f = fields as Partial<CompletedRequest> | undefined;
  return typeof f?.responseTime === 'number' && typeof f.res?.request === 'object';
};

/** Structured JSON logs; credentials and personal secrets are redacted wherever they appear. */
export const logOptions = (level: string): LoggerOptions => ({
  level,
  hooks: { logMethod: oneLinePerRequest },
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

/**
 * The process's logger: JSON lines in production (for a log collector); anywhere else readable lines a
 * developer can follow ("[12:03:04.123] INFO: GET /api/health 200 1.3 ms"), with the same redaction, since
 * pino-pretty only formats what pino has already serialised and redacted.
 */
export function createLogger(config: { LOG_LEVEL: string; NODE_ENV: string }, destination?: DestinationStream) {
  const options = logOptions(config.LOG_LEVEL);
  if (config.NODE_ENV === 'production') return destination ? pino(options, destination) : pino(options);
  const readable = pretty({
    destination: destination ?? 1,
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    // The request line says it all; pid and host are the same on every line.
    ignore: 'pid,hostname,reqId,req,res,responseTime',
  });
  return pino(options, readable);
}
