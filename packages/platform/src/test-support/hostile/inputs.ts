import fc from 'fast-check';

/**
 * Hostile values for one path segment or query value, already in request-target form (the
 * raw client sends them byte for byte): bad percent-encoding, overlong UTF-8, NUL, lone
 * surrogates, traversal, very long and plain random text.
 */
export const HOSTILE_SEGMENTS: readonly (string | Buffer)[] = [
  '%zz',
  '%',
  '%E0%80%AF',
  '%C0%AE%C0%AE%2F%C0%AE%C0%AE%2Fetc%2Fpasswd',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF%FE',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fpackage.json',
  '..',
  '....//....//etc/passwd',
  '%252e%252e%252f',
  "'%20OR%201=1--",
  '%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '-1',
  '1e309',
  '99999999999999999999999999',
  'NaN',
  'null',
  '%5B%5D',
  '%7B%7D',
  'a'.repeat(5000),
  Buffer.from([0xc0, 0xae, 0xc0, 0xae]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0x61, 0x00, 0x62]),
  Buffer.from([0xff]),
];

const segmentText = fc
  .string({ unit: 'binary', maxLength: 40 })
  .map((text) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '')));

/** A hostile path segment or query value (raw request-target bytes). */
export const hostileSegment: fc.Arbitrary<string | Buffer> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
  { weight: 2, arbitrary: segmentText },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

/** Query parameter names the APIs and pages read, plus odd ones. */
const QUERY_NAMES = [
  'fields',
  'linkDepth',
  'pageSize',
  'pageIndex',
  'order',
  'orderBy',
  'versionStatus',
  'language',
  'q',
  'where',
  'zenql',
  'depth',
  'redirect_uri',
  'original_uri',
  'redux',
  'accessToken',
  'contentTypeId',
  'fieldLinkDepths',
  'aggregations',
  '__proto__',
  'constructor',
  '%zz',
  '',
];

/** A query string (with its `?`, or empty) of hostile names and values. */
export const hostileQuery: fc.Arbitrary<Buffer> = fc
  .array(fc.tuple(fc.constantFrom(...QUERY_NAMES), hostileSegment, fc.boolean()), { maxLength: 4 })
  .map((pairs) => {
    if (pairs.length === 0) return Buffer.alloc(0);
    const parts: Buffer[] = [Buffer.from('?')];
    pairs.forEach(([name, value, repeat], index) => {
      const pair = Buffer.concat([Buffer.from(`${index ? '&' : ''}${name}=`), Buffer.from(value)]);
      parts.push(
        pair,
        repeat ? Buffer.concat([Buffer.from('&'), pair.subarray(index ? 1 : 0)]) : Buffer.alloc(0),
      );
    });
    return Buffer.concat(parts);
  });

/** Field names the write APIs read, so wrong-typed values reach real validation. */
const BODY_KEYS = [
  'id',
  'sys',
  'name',
  'title',
  'entryTitle',
  'description',
  'fields',
  'dataFormat',
  'contentTypeId',
  'language',
  'versionStatus',
  'email',
  'username',
  'password',
  'firstName',
  'lastName',
  'groups',
  'roles',
  'permissions',
  'primaryLanguage',
  'supportedLanguages',
  'where',
  'orderBy',
  'pageSize',
  'pageIndex',
  'fieldLinkDepths',
  'op',
  'path',
  'value',
  'grant_type',
  'client_id',
  'client_secret',
  '__proto__',
  'constructor',
];

const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 53, 1e308, -0),
  fc.string({ maxLength: 30 }),
  fc.constant('\u0000'),
  fc.constant('x'.repeat(70_000)),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

const nested = (depth: number, open: string, close: string) =>
  Buffer.from(`${open.repeat(depth)}${close.repeat(depth)}`);

/** Bodies no well-behaved client sends: JSON that is broken, wrongly typed, huge or deep. */
export const HOSTILE_BODIES: readonly Buffer[] = [
  Buffer.from('{'),
  Buffer.from('{"a":'),
  Buffer.from('[1,2'),
  Buffer.from('nul'),
  Buffer.from('{"a":1}garbage'),
  Buffer.from("{'single':'quotes'}"),
  Buffer.from('\uFEFF{"name":"bom"}'),
  Buffer.from('{"__proto__":{"isAdmin":true}}'),
  Buffer.from('{"constructor":{"prototype":{"isAdmin":true}}}'),
  Buffer.from('"just a string"'),
  Buffer.from('42'),
  Buffer.from('null'),
  Buffer.from('[]'),
  Buffer.from('{"name":"nul\\u0000byte"}'),
  Buffer.from('{"name":"lone \\ud800 surrogate"}'),
  Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d]),
  Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
  Buffer.from(`{"name":${'1'.repeat(400)}}`),
  nested(5_000, '[', ']'),
  nested(100_000, '[', ']'),
  Buffer.from(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`),
  Buffer.from(`{"name":"${'x'.repeat(1_000_000)}"}`),
  Buffer.from(`[${'{"id":"x"},'.repeat(50_000)}{}]`),
];

/** A hostile request body. */
export const hostileBody: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_BODIES) },
  {
    weight: 3,
    arbitrary: fc
      .dictionary(fc.constantFrom(...BODY_KEYS), wrongValue, { maxKeys: 5 })
      .map((value) => Buffer.from(JSON.stringify(value))),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => Buffer.from(JSON.stringify(value))) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
);

/** Content types, declared and wrong. */
export const hostileContentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/merge-patch+json',
  'application/json-patch+json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'text/plain',
  'application/xml',
  '%zz',
  undefined,
);

/**
 * Extra request headers: oversized, malformed credentials, odd negotiation and ranges. (Not
 * `Transfer-Encoding: chunked` without chunks: a server rightly waits for the body then.)
 */
export const hostileHeaders: fc.Arbitrary<Array<[string, string | Buffer]>> = fc.array(
  fc.constantFrom<[string, string | Buffer]>(
    ['X-Big', 'a'.repeat(20_000)],
    ['Authorization', 'Bearer %zz'],
    ['Authorization', 'Bearer '],
    ['Authorization', `Bearer ${'x'.repeat(4000)}`],
    ['Authorization', 'Basic Og=='],
    ['accessToken', '%00'],
    ['accessToken', Buffer.from([0xc0, 0xae])],
    ['Cookie', 'session=%zz; session=; =x'],
    ['Cookie', `session=${'a'.repeat(4000)}`],
    ['Accept-Language', '*;q=abc, %zz'],
    ['Accept-Encoding', 'br;q=-1, gzip;q=NaN'],
    ['Accept', '*/*;q=x'],
    ['If-None-Match', 'W/"'],
    ['If-Modified-Since', 'not a date'],
    ['Range', 'bytes=999999999999999999999-'],
    ['Range', 'bytes=5-1'],
    ['Range', 'bytes=-0'],
    ['Range', 'bytes=0-0,0-0,0-0,0-0,0-0,0-0,0-0,0-0,0-0,0-0,0-0,0-0,0-0,0-0,0-0,0-0,0-0'],
    ['X-Forwarded-For', '%zz, ::ffff:999.1.1.1'],
    ['X-Forwarded-Host', 'evil.example'],
    ['Host', 'evil.example'],
    ['Origin', 'null'],
    ['Content-Encoding', 'gzip'],
  ),
  { maxLength: 2 },
);

/** How long one fuzz suite runs: short in `npm test`, long in `npm run fuzz`. */
export interface FuzzBudget {
  /** `npm run fuzz`: every fixed case on every route, and many more random ones. */
  long: boolean;
  seed: number;
  /** Random requests at most (fast-check runs). */
  numRuns: number;
  /** And at most this long (ms), whichever ends first. */
  timeLimitMs: number;
  /** Per-request limit: slower than this counts as a hang. */
  requestTimeoutMs: number;
}

/**
 * The budget from the environment: `CANOPY_FUZZ=long` (what `npm run fuzz` sets) for the long
 * run, `CANOPY_FUZZ_SEED` to replay a seed. The short run shares about a minute between the
 * platform and site suites.
 */
export function fuzzBudget(shortSeconds: number): FuzzBudget {
  const long = process.env.CANOPY_FUZZ === 'long';
  const seed = Number(process.env.CANOPY_FUZZ_SEED ?? 20261126);
  return long
    ? { long, seed, numRuns: 20_000, timeLimitMs: 8 * 60_000, requestTimeoutMs: 15_000 }
    : { long, seed, numRuns: 2_000, timeLimitMs: shortSeconds * 1000, requestTimeoutMs: 15_000 };
}

/**
 * Text no client should send in an account field: lone UTF-16 surrogates and a NUL. JSON
 * carries them as `\ud800` / `\u0000` escapes, so the body itself is plain ASCII.
 */
export const UNDECODABLE_TEXT: readonly string[] = ['ab\uD800cd', '\uDC00', 'a\u0000b'];

/** The same as form values: percent-encoding that is not UTF-8 (surrogate, stray, overlong) and a NUL. */
export const UNDECODABLE_FORM_VALUES: readonly string[] = ['%ED%A0%80', '%FF', '%C0%AE', 'a%00b'];

/**
 * JSON bodies for an endpoint reading `fields` (nested ones dotted, `credentials.password`):
 * one per field and undecodable text, that field holding the text and the others `valid(name)`.
 *
 * @example
 * bodiesWithUndecodableText(['email'], () => 'a@example.com')[0];
 * // { field: 'email', body: Buffer('{"email":"ab\\ud800cd"}') }
 */
export function bodiesWithUndecodableText(
  fields: readonly string[],
  valid: (field: string) => string,
): { field: string; text: string; body: Buffer }[] {
  return fields.flatMap((field) =>
    UNDECODABLE_TEXT.map((text) => {
      const body: Record<string, unknown> = {};
      for (const name of fields) {
        const value = name === field ? text : valid(name);
        const [outer = name, inner] = name.split('.');
        if (inner) body[outer] = { ...(body[outer] as object | undefined), [inner]: value };
        else body[name] = value;
      }
      return { field, text, body: Buffer.from(JSON.stringify(body)) };
    }),
  );
}
