import fc from 'fast-check';
import type { JsonSchema } from './routes.ts';

/**
 * Values for the fuzz: valid-shaped ones drawn from a JSON schema (within and at its bounds, with real
 * e-mails, ids and symbols from the run's fixtures), and hostile ones (lone surrogates, NUL, huge and
 * odd text, wrong types, hostile amounts).
 */

/** Real values the valid-shaped ones draw from, so requests get past "not found" into the services. */
export type Pools = {
  emails: string[];
  ids: string[];
  symbols: string[];
  passwords: string[];
  uploads: string[];
};

const LONE_SURROGATES = ['\ud800', '\udc00', 'abc\ud83d', '\udfffabc', 'a\udbffb\udc00', '\ud83d\ud83d'];
export const HOSTILE_TEXT = [
  ...LONE_SURROGATES,
  '\u0000',
  'a\u0000b',
  '',
  ' ',
  '   ',
  '\t\r\n',
  '\ufeff',
  '\u202eevil',
  '\u200b',
  '\uffff',
  '\ufffe',
  '\u{10ffff}',
  '𝕏😀👩‍👩‍👧',
  'e\u0301\u0301\u0301',
  '中文テキスト',
  'ﷺ',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '"; drop table users; --',
  '../../etc/passwd',
  '%00',
  '%ED%A0%80',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j-style lookup, sent as plain text on purpose
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'true',
];
/** Amounts as members and scripts mistype them, and as attackers try them. */
export const HOSTILE_AMOUNTS = [
  '0.000000001',
  '1e9',
  '1E-8',
  '-1',
  '-0',
  '0',
  '00',
  '0.0',
  '1.',
  '.5',
  ' 1',
  '1 ',
  '1,5',
  '1_000',
  '0x10',
  '１',
  '٣',
  'NaN',
  'Infinity',
  '-Infinity',
  '9'.repeat(40),
  `1.${'0'.repeat(40)}1`,
  '999999999.99999999',
  '1000000000',
  '99999999999999999999999.1',
  '+1',
  '1e400',
];
const WRONG_TYPES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  {},
  [1],
  { a: 1 },
  '',
];

/** Odd text: any code point, a lone-surrogate-heavy alphabet, or a listed hostile value. */
export const hostileText = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    {
      weight: 2,
      arbitrary: fc.string({
        unit: fc.constantFrom('a', '\ud800', '\udc00', '\u0000', '😀', '\u0301', '"', '\\', '/'),
        maxLength: 20,
      }),
    },
    { weight: 1, arbitrary: fc.constantFrom(1_000, 20_000, 99_000, 120_000).map((n) => 'x'.repeat(n)) },
  );

const lengths = (schema: JsonSchema) => {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min, 64);
  return { min, max };
};

/** A string of `schema` by the field's name when we know what it holds, else by its pattern and length. */
function validString(schema: JsonSchema, name: string, pools: Pools): fc.Arbitrary<string> {
  const { min, max } = lengths(schema);
  const fromPool = (values: string[], fallback: fc.Arbitrary<string>) =>
    values.length > 0
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: fallback })
      : fallback;
  const byPattern = schema.pattern ? fc.stringMatching(new RegExp(schema.pattern)) : undefined;
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  if (schema.format === 'uuid') return fromPool(pools.ids, fc.uuid());
  if (/email|^to$/i.test(name)) {
    const real = pools.emails.flatMap((e) => [e, ` ${e.toUpperCase()} `]);
    return fromPool(real, byPattern ?? fc.emailAddress());
  }
  if (/amount|price/i.test(name)) {
    return fc.oneof(
      fc.stringMatching(/^[1-9]\d{0,2}(\.\d{1,2})?$/),
      fc.stringMatching(/^\d{1,9}(\.\d{1,8})?$/),
      fc.constantFrom(...HOSTILE_AMOUNTS),
    );
  }
  if (/^(coin|asset|coinSymbol|coinId|id|from)$/.test(name))
    return fromPool(pools.symbols, byPattern ?? fc.stringMatching(/^[A-Z0-9]{1,12}$/));
  if (/password/i.test(name)) return fromPool(pools.passwords, fc.string({ minLength: 1, maxLength: 20 }));
  if (/profilePicture|signatureUrl/.test(name)) return fromPool(pools.uploads, byPattern ?? fc.string());
  if (byPattern) return byPattern;
  return fc.oneof(
    { weight: 5, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 40) }) },
    { weight: 1, arbitrary: fc.constant('x'.repeat(max)) },
    { weight: 1, arbitrary: fc.constant('é'.repeat(Math.max(min, 1))) },
  );
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000;
  const max = Math.min(schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000, 2 ** 31);
  const inside = integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
  return fc.oneof({ weight: 4, arbitrary: inside }, { weight: 1, arbitrary: fc.constantFrom(min, max) });
}

/** A value that fits `schema` (the field's name helps pick real e-mails, amounts and symbols). */
export function validValue(schema: JsonSchema, pools: Pools, name = '', depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => validValue(s, pools, name, depth)));
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], pools, name, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const value = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return validString(schema, name, pools);
      case 'integer':
        return validNumber(schema, true);
      case 'number':
        return validNumber(schema, false);
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(validValue(schema.items ?? {}, pools, name, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 4, 4),
        });
      case 'object':
        return validObject(schema, pools, depth);
      default:
        return fc.oneof(fc.string(), fc.integer(), fc.boolean());
    }
  })();
  return schema.nullable ? fc.option(value, { nil: null, freq: 8 }) : value;
}

function validObject(schema: JsonSchema, pools: Pools, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(properties)) record[key] = validValue(sub, pools, key, depth + 1);
  const fixed = fc.record(record, { requiredKeys: [...required].filter((k) => k in properties) });
  const extra = schema.additionalProperties;
  if (typeof extra !== 'object' || depth > 4) return fixed;
  // Maps (the membership draft's form): a few keys of their own, values by the value schema.
  const entries = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), validValue(extra, pools, '', depth + 1), {
    maxKeys: 4,
  });
  return fc.tuple(fixed, entries).map(([a, b]) => ({ ...b, ...a }));
}

/** Something of the wrong kind where `schema` goes. */
export const wrongValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(...WRONG_TYPES),
    hostileText(),
    fc.constantFrom(...HOSTILE_AMOUNTS),
    fc.integer({ min: -(2 ** 53), max: 2 ** 53 }),
    fc.double(),
    fc.dictionary(hostileText(), fc.constantFrom<unknown>(1, 'x', null), { maxKeys: 3 }),
    fc.array(hostileText(), { maxLength: 3 }),
  );

/** `value` with one leaf (or the whole value) replaced by a wrong value. */
export function mutateLeaf(value: unknown, replacement: unknown, pick: number): unknown {
  if (value === null || typeof value !== 'object') return replacement;
  const keys = Object.keys(value);
  if (keys.length === 0) return replacement;
  const key = keys[pick % keys.length]!;
  const copy: Record<string, unknown> = Array.isArray(value)
    ? ([...value] as unknown as Record<string, unknown>)
    : { ...value };
  copy[key] = pick % 3 === 0 ? replacement : mutateLeaf(copy[key], replacement, Math.floor(pick / 3));
  return copy;
}

/**
 * Percent-encodes any JS string for a URL, lone surrogates included (as the three bytes CESU-8 would
 * give them, which no UTF-8 decoder accepts): `encodeURIComponent` throws on them.
 */
export function encodeLoose(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

/** Already-encoded URL text that decodes badly or oddly (bad escapes, overlong UTF-8, traversal). */
export const ODD_URL_TEXT = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%FF%FE',
  '%ED%A0%80',
  '%00',
  '..',
  '.',
  '%2e%2e%2f%2e%2e%2f',
  'a%2Fb',
  '%20',
  '+',
  'Q'.repeat(150),
  'x'.repeat(5000),
];
