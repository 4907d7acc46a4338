import fc from 'fast-check';
import type { Param, Route } from './routes.ts';
import { encodeLoose, hostileText, mutateLeaf, ODD_URL_TEXT, type Pools, validValue, wrongValue } from './values.ts';

/** Who calls: nobody, members in three states, an administrator, or the password-reset bearer. */
export type CallerKind = 'anonymous' | 'member' | 'activated' | 'legacy' | 'admin' | 'reset';

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; payload: string | Buffer; contentType?: string; note: string }
  /** Multipart built from parts, or deliberately broken multipart. */
  | { kind: 'multipart'; payload: Buffer; contentType: string; note: string };

/** One generated request, before a caller's token and address are added. */
export type Draft = {
  caller: CallerKind;
  params: Record<string, string>;
  query: string;
  headers: Record<string, string>;
  body: Body;
  /** A fixed address (rate limits answer 429 after a while) or a fresh one (gets past them). */
  sameIp: boolean;
};

/**
 * Every kind of caller calls every route, but the ones the route is for call it most, so most requests
 * get past the access check into the route.
 */
function callersFor(route: Route, only?: CallerKind[]): fc.Arbitrary<CallerKind> {
  const likely: CallerKind[] = only
    ? only
    : route.public
      ? ['anonymous']
      : route.tags.includes('admin')
        ? ['admin']
        : ['member', 'activated', 'legacy'];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...likely) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<CallerKind>('anonymous', 'member', 'activated', 'legacy', 'admin', 'reset'),
    },
  );
}

/** An encoded path or query value: valid for its schema, hostile text, or odd URL text. */
function urlValue(param: Param, pools: Pools): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: validValue(param.schema, pools, param.name).map((v) => encodeLoose(String(v))) },
    { weight: 2, arbitrary: hostileText().map((t) => encodeLoose(t.slice(0, 3000))) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_URL_TEXT) },
  );
}

function queryOf(params: Param[], pools: Pools): fc.Arbitrary<string> {
  const pairs = params.map((p) =>
    fc.tuple(fc.integer({ min: 0, max: 9 }), urlValue(p, pools), urlValue(p, pools)).map(([roll, a, b]) => {
      // Mostly present when required, sometimes missing, sometimes repeated (an array).
      if (roll < (p.required ? 1 : 4)) return [];
      if (roll === 9) return [`${p.name}=${a}`, `${p.name}=${b}`];
      return [`${p.name}=${a}`];
    }),
  );
  const extras = fc.array(
    fc.oneof(
      fc.constantFrom('__proto__=x', 'constructor[prototype][x]=1', 'a[b]=c', '=', '&&', 'x', '%=%'),
      fc
        .tuple(hostileText(), hostileText())
        .map(([k, v]) => `${encodeLoose(k.slice(0, 50))}=${encodeLoose(v.slice(0, 50))}`),
    ),
    { maxLength: 2 },
  );
  return fc
    .tuple(fc.tuple(...pairs), fc.integer({ min: 0, max: 4 }), extras)
    .map(([chosen, roll, extra]) => [...chosen.flat(), ...(roll === 0 ? extra : [])].join('&'));
}

/** Raw JSON text the serializer would never write: deep nesting, prototype keys, broken syntax. */
function rawJson(valid: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  const deep = fc.constantFrom(10, 1_000, 20_000, 45_000);
  return fc.oneof(
    deep.map((n) => ({ kind: 'raw' as const, payload: '['.repeat(n) + ']'.repeat(n), note: `array nested ${n} deep` })),
    fc.tuple(valid, deep).map(([v, n]) => ({
      kind: 'raw' as const,
      payload: JSON.stringify({ ...(v as object), deep: 0 }).replace(
        '"deep":0',
        `"deep":${'{"a":'.repeat(n)}1${'}'.repeat(n)}`,
      ),
      note: `object field nested ${n} deep`,
    })),
    valid.map((v) => ({
      kind: 'raw' as const,
      payload: JSON.stringify(v).replace(/^\{/, '{"__proto__":{"isAdmin":true},'),
      note: '__proto__ key',
    })),
    valid.map((v) => ({
      kind: 'raw' as const,
      payload: JSON.stringify(v).replace(/^\{/, '{"constructor":{"prototype":{"isAdmin":true}},'),
      note: 'constructor.prototype key',
    })),
    fc
      .constantFrom(
        '',
        '{',
        '{"a":',
        '{"a":"\\ud800"}',
        '{"\\udc00":1}',
        '["\\uD83D"]',
        '{"a":"\\u0000"}',
        '{"a":1,"a":2}',
        "{'a':1}",
        '\ufeff{}',
        'null',
        'true',
        '42',
        '"text"',
        '[]',
        '{}',
        '1e999',
        '{"a":1}garbage',
        '\u0000',
      )
      .map((payload) => ({ kind: 'raw' as const, payload, note: 'raw JSON text' })),
    valid.map((v) => ({
      kind: 'raw' as const,
      payload: JSON.stringify(v),
      contentType: 'text/plain',
      note: 'JSON as text/plain',
    })),
    valid.map((v) => ({
      kind: 'raw' as const,
      payload: JSON.stringify(v),
      contentType: 'application/json; charset=utf-16',
      note: 'JSON with another charset',
    })),
    fc
      .constantFrom(
        'application/x-www-form-urlencoded',
        'application/xml',
        'multipart/form-data',
        'application/octet-stream',
      )
      .map((contentType) => ({ kind: 'raw' as const, payload: 'a=1&b=2', contentType, note: `as ${contentType}` })),
  );
}

/**
 * A JSON body for `route`: valid-shaped, or valid-shaped with one hostile change. `examples` are whole
 * valid bodies the schema alone cannot describe (a country from the list, the caller's own signature):
 * a hostile change to one of them reaches the service and the database.
 */
function jsonBody(
  route: Route,
  pools: Pools,
  examples: unknown[],
  spare: (value: unknown) => unknown,
): fc.Arbitrary<Body> {
  const schema = route.body ?? { type: 'object' };
  const fromSchema = validValue(schema, pools);
  const valid = (examples.length > 0 ? fc.oneof(fromSchema, fc.constantFrom(...examples)) : fromSchema).map(spare);
  const json = (value: unknown): Body => ({ kind: 'json', value: spare(value) });
  const required = schema.required ?? [];
  return fc.oneof(
    { weight: 6, arbitrary: valid.map(json) },
    // One field (or the body) becomes hostile text or the wrong type.
    {
      weight: 6,
      arbitrary: fc
        .tuple(valid, fc.oneof(hostileText(), wrongValue()), fc.nat())
        .map(([v, bad, pick]) => json(mutateLeaf(v, bad, pick))),
    },
    // A required field missing, or fields nobody asked for (also with keys PostgreSQL cannot store).
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.nat()).map(([v, pick]) => {
        const copy = { ...(v as Record<string, unknown>) };
        if (required.length > 0) delete copy[required[pick % required.length]!];
        return json(copy);
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          valid,
          fc.dictionary(
            hostileText().map((k) => k.slice(0, 100)),
            wrongValue(),
            { minKeys: 1, maxKeys: 3 },
          ),
        )
        .map(([v, extra]) => json({ ...extra, ...(v as object) })),
    },
    // The wrong shape altogether: an array of bodies, a primitive, nothing.
    {
      weight: 1,
      arbitrary: fc.oneof(
        valid.map((v) => json([v])),
        wrongValue().map(json),
        fc.constant<Body>({ kind: 'none' }),
      ),
    },
    { weight: 3, arbitrary: rawJson(valid) },
  );
}

const CRLF = '\r\n';
function multipart(
  parts: { name: string; value?: string; file?: Buffer; filename?: string; type?: string }[],
  boundary: string,
) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}${CRLF}Content-Disposition: ${disposition}${CRLF}${part.type ? `Content-Type: ${part.type}${CRLF}` : ''}${CRLF}`;
    chunks.push(Buffer.from(head), part.file ?? Buffer.from(part.value ?? ''), Buffer.from(CRLF));
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return Buffer.concat(chunks);
}

/** Upload bodies: well-formed multipart with good or bad parts, and malformed multipart. */
function multipartBody(images: Buffer[]): fc.Arbitrary<Body> {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const type = fc.oneof(
    fc.constantFrom('signature', 'profilePicture'),
    hostileText().map((t) => t.slice(0, 200)),
  );
  const fileBytes = fc.oneof(
    fc.constantFrom(...images),
    fc.uint8Array({ maxLength: 2000 }).map((a) => Buffer.from(a)),
    fc.constant(Buffer.alloc(0)),
  );
  const wellFormed = fc
    .tuple(
      type,
      fileBytes,
      fc.constantFrom('image/png', 'image/gif', 'text/html', ''),
      fc.boolean(),
      fc.string({ maxLength: 30 }),
    )
    .map(([t, bytes, mime, asDataUrl, filename]) => {
      const file = asDataUrl
        ? { name: 'file', value: `data:${mime || 'image/png'};base64,${bytes.toString('base64')}` }
        : { name: 'file', file: bytes, filename: filename.replace(/["\r\n]/g, '') || 'x.png', type: mime };
      return {
        kind: 'multipart' as const,
        payload: multipart([{ name: 'type', value: t.replace(/\r|\n/g, ' ') }, file], boundary),
        contentType,
        note: `multipart type=${JSON.stringify(t.slice(0, 40))} ${asDataUrl ? 'data URL' : 'file'} ${bytes.length} bytes`,
      };
    });
  const malformed = fc
    .tuple(
      fileBytes,
      fc.constantFrom(
        'truncated',
        'no-closing',
        'wrong-boundary',
        'no-boundary',
        'garbage',
        'empty',
        'many-fields',
        'two-files',
        'no-disposition',
      ),
    )
    .map(([bytes, how]) => {
      const good = multipart(
        [
          { name: 'type', value: 'signature' },
          { name: 'file', file: bytes, filename: 'x.png', type: 'image/png' },
        ],
        boundary,
      );
      const payloads: Record<string, [Buffer, string]> = {
        truncated: [good.subarray(0, Math.floor(good.length / 2)), contentType],
        'no-closing': [good.subarray(0, good.length - boundary.length - 6), contentType],
        'wrong-boundary': [good, 'multipart/form-data; boundary=other'],
        'no-boundary': [good, 'multipart/form-data'],
        garbage: [Buffer.from('\u0000\u00ff garbage --\r\n\r\n'), contentType],
        empty: [Buffer.alloc(0), contentType],
        'many-fields': [
          multipart(
            Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, value: 'x' })),
            boundary,
          ),
          contentType,
        ],
        'two-files': [
          multipart(
            [
              { name: 'file', file: bytes, filename: 'a.png', type: 'image/png' },
              { name: 'file', file: bytes, filename: 'b.png', type: 'image/png' },
            ],
            boundary,
          ),
          contentType,
        ],
        'no-disposition': [Buffer.from(`--${boundary}${CRLF}${CRLF}x${CRLF}--${boundary}--${CRLF}`), contentType],
      };
      const [payload, type] = payloads[how]!;
      return {
        kind: 'multipart' as const,
        payload,
        contentType: type,
        note: `malformed multipart: ${how}`,
      };
    });
  return fc.oneof(
    { weight: 3, arbitrary: wellFormed },
    { weight: 2, arbitrary: malformed },
    { weight: 1, arbitrary: rawJson(fc.constant({})) },
  );
}

/** Every request the fuzz may send to `route`. */
export function draftsFor(
  route: Route,
  pools: Pools,
  images: Buffer[],
  hints: { examples?: unknown[]; callers?: CallerKind[]; spare?: (value: unknown) => unknown } = {},
): fc.Arbitrary<Draft> {
  const examples = hints.examples ?? [];
  const spare = hints.spare ?? ((value: unknown) => value);
  const params = fc
    .tuple(...route.pathParams.map((p) => urlValue(p, pools)))
    .map((values) => Object.fromEntries(route.pathParams.map((p, i) => [p.name, values[i]!])));
  const headerValue = fc.oneof(
    fc.uuid(),
    fc.stringMatching(/^[\x21-\x7e]{0,260}$/),
    fc.constantFrom('', ' ', 'x'.repeat(200), 'x'.repeat(201)),
  );
  const headers = fc.tuple(...route.headers.map(() => fc.option(headerValue, { freq: 2 }))).map((values) => {
    const out: Record<string, string> = {};
    route.headers.forEach((h, i) => {
      const v = values[i];
      if (v !== null && v !== undefined) out[h.name] = v;
    });
    return out;
  });
  let body: fc.Arbitrary<Body>;
  if (route.multipart) body = multipartBody(images);
  else if (route.body) body = jsonBody(route, pools, examples, spare);
  else if (route.method === 'GET') body = fc.constant<Body>({ kind: 'none' });
  // A POST without a body schema still gets bodies now and then: they must be ignored or refused.
  else
    body = fc.oneof(
      { weight: 3, arbitrary: fc.constant<Body>({ kind: 'none' }) },
      { weight: 1, arbitrary: jsonBody(route, pools, examples, spare) },
    );
  return fc.record({
    caller: callersFor(route, hints.callers),
    params,
    query: queryOf(route.query, pools),
    headers,
    body,
    sameIp: fc.boolean(),
  });
}

export const describeBody = (body: Body) => {
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);
  if (body.kind === 'none') return '(no body)';
  if (body.kind === 'json') return cut(JSON.stringify(body.value) ?? 'undefined');
  if (body.kind === 'raw') return `${body.note}: ${cut(String(body.payload))}`;
  return body.note;
};
