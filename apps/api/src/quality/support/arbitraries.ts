// fast-check generators of hostile input: junk of every type, and values shaped by a route's schema.
import fc from 'fast-check';
import type { JsonSchema } from './openapi';

/** Strings that have broken real servers: markup, SQL, format strings, control and odd unicode. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '<script>window.__xss=1</script>',
  '"><img src=x onerror="alert(1)">',
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)',
  '%27%20OR%201%3D1',
  '\\',
  '\u0000',
  'nul\u0000inside',
  '\uD800',
  '\u202Egnp.exe',
  '𝕳𝖊𝖑𝖑𝖔 🎉👩‍👩‍👧‍👦',
  'Ω≈ç√∫˜µ≤≥÷',
  'e\u0301\u0301\u0301\u0301',
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%s%s%s%n',
  '${jndi:ldap://127.0.0.1/a}',
  '{{7*7}}',
  '\r\nSet-Cookie: injected=1',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999999',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'a@b',
  'not an email@@example..com',
  '2024-02-30T25:61:61Z',
  'x'.repeat(5_000),
  'y'.repeat(300_000),
];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);

/** Any string: hostile, random printable, or random full-unicode. */
export const junkString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

const oddNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.5, Number.MAX_SAFE_INTEGER + 2),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A scalar of any JSON type. */
export const junkScalar: fc.Arbitrary<unknown> = fc.oneof(junkString, oddNumber, fc.boolean(), fc.constant(null));

/** Any JSON value, nested a little: objects with odd keys, arrays, scalars. */
export const junkJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    junkScalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(junkString, fc.constantFrom('__proto__', 'constructor', 'id', 'user_id', 'role')), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

export type Ids = { numbers: readonly number[]; slugs: readonly string[] };

/** A value shaped by `schema` most of the time (so validation sometimes passes), junk otherwise. */
export function valueFor(schema: JsonSchema | undefined, ids: Ids, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return junkJson;
  return fc.oneof({ weight: 3, arbitrary: shapedValue(schema, ids, depth) }, { weight: 1, arbitrary: junkJson });
}

function shapedValue(schema: JsonSchema, ids: Ids, depth: number): fc.Arbitrary<unknown> {
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0) return fc.oneof(...options.map((option) => valueFor(option, ids, depth + 1)));
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return fc.oneof(
        junkString,
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 60) }),
        schema.format === 'email' ? fc.emailAddress() : fc.constantFrom('user@example.com', 'Hello there', 'Pune'),
        fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
      );
    case 'integer':
    case 'number':
      return fc.oneof(
        fc.constantFrom(...ids.numbers),
        fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1e6, 1e6) }),
        oddNumber,
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueFor(schema.items, ids, depth + 1), { maxLength: 5 });
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, valueFor(child, ids, depth + 1)]));
      const record = fc.record(model, { requiredKeys: [] });
      return fc.oneof(
        { weight: 3, arbitrary: record },
        // Everything present, plus a key nobody declared.
        {
          weight: 1,
          arbitrary: fc.tuple(fc.record(model), junkString, junkJson).map(([value, key, extra]) => ({ ...value, [key]: extra })),
        },
      );
    }
    case 'null':
      return fc.constant(null);
    case undefined:
      return junkJson;
  }
}

/** A path parameter: a real id or slug, a number, or junk, always URL-encoded. */
export function pathValue(name: string, ids: Ids): fc.Arbitrary<string> {
  const real = name === 'slug' ? fc.constantFrom(...ids.slugs) : fc.constantFrom(...ids.numbers.map(String));
  return fc
    .oneof(
      { weight: 3, arbitrary: real },
      { weight: 1, arbitrary: fc.integer().map(String) },
      { weight: 2, arbitrary: junkString.filter((value) => value.length < 3000) },
    )
    .map(encodePathSegment)
    .filter((segment) => !isDotSegment(segment));
}

/**
 * "." and ".." (also written %2E): a URL parser removes them, as the test's requests do, so no
 * client can send one as a parameter and the request would reach another route (a fuzz run sent
 * GET /api/communities/./ and was answered the list of communities).
 */
export function isDotSegment(segment: string): boolean {
  return /^(\.|%2e){1,2}$/i.test(segment);
}

/** Percent-encodes every byte of the UTF-8 form (lone surrogates become U+FFFD instead of throwing). */
function encodePathSegment(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9._~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');
}

/** Field names the API uses, for bodies of routes that validate by hand (multipart or JSON). */
export const COMMON_FIELDS = [
  'title',
  'caption',
  'text',
  'content',
  'email',
  'password',
  'user_id',
  'role',
  'reason',
  'starts_at',
  'date',
  'host',
  'category',
  'description',
  'bio',
  'skills',
  'first_name',
  'last_name',
  'username',
  'handle',
  'company',
  'location',
] as const;

/** Raw payloads that are not well-formed JSON objects, with the content type to send them as. */
export const RAW_PAYLOADS: readonly { contentType: string; payload: string }[] = [
  { contentType: 'application/json', payload: '{"caption": "unterminated' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '"just a string"' },
  { contentType: 'application/json', payload: '[1,2,3]' },
  { contentType: 'application/json', payload: '['.repeat(20_000) + ']'.repeat(20_000) },
  { contentType: 'application/json', payload: '{"__proto__": {"isAdmin": true, "role": "AD"}}' },
  { contentType: 'application/json', payload: '{"constructor": {"prototype": {"role": "AD"}}}' },
  { contentType: 'application/json', payload: `{"text": "${'z'.repeat(1_200_000)}"}` },
  { contentType: 'application/json; charset=utf-16', payload: '{"a":1}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/xml', payload: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'email=a%40b.c&password=x' },
  { contentType: 'multipart/form-data', payload: '--no-boundary--' },
];
