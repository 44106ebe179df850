import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../cli/demo.js';
import { DEFAULT_DELIVERY_TOKEN, DEMO_PROJECT_ID } from '../config.js';
import { type Db, openDatabase } from '../db/open.js';
import {
  bodiesWithUndecodableText,
  fuzzBudget,
  HOSTILE_BODIES,
  HOSTILE_SEGMENTS,
  UNDECODABLE_FORM_VALUES,
} from '../test-support/hostile/inputs.js';
import {
  answerProblem,
  describeRequest,
  type Endpoint,
  type Finding,
  fillTarget,
  hostileRequest,
  send,
} from '../test-support/hostile/probe.js';
import type { RawRequest } from '../test-support/hostile/raw-http.js';
import { neverFinishingBody } from '../test-support/hostile/slow-body.js';
import { issueTestToken } from '../test-support/tokens.js';
import { createPlatformServer } from './server.js';

// The hostile-input suite of the platform: every registered route (collected as Fastify
// registers them, so a new route is covered without touching this file) gets malformed,
// wrongly typed, huge, deep and oddly encoded input. No answer may be a 5xx, none may hang,
// every 4xx says why, and a refused write changes nothing in the database.
// `npm run fuzz` runs it (and the site's) for minutes instead of seconds.
const budget = fuzzBudget(15);

let dataDir: string;
let db: Db;
let server: FastifyInstance;
let port: number;
let adminToken: string;
const endpoints: Endpoint[] = [];
const known = new Map<string, string[]>();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'canopy-hostile-'));
  db = openDatabase(join(dataDir, 'platform.db'));
  seedDemo(db, dataDir, {});
  server = createPlatformServer({ db, dataDir });
  server.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) endpoints.push({ method, url: route.url });
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  port = (server.server.address() as { port: number }).port;
  adminToken = issueTestToken(db, 'admin');
  const column = (sql: string) => db.prepare(sql).pluck().all() as string[];
  // Up to three stored ids; a name that matches nothing when the demo has none (components).
  const some = (sql: string) => {
    const ids = column(sql).slice(0, 3);
    return ids.length > 0 ? ids : ['none-stored'];
  };
  known.set('projectId', [DEMO_PROJECT_ID]);
  known.set('entryId', some('SELECT DISTINCT entry_id FROM entry_versions'));
  known.set('contentTypeId', some("SELECT DISTINCT id FROM definition_versions WHERE kind = 'contentType'"));
  known.set('componentId', some("SELECT DISTINCT id FROM definition_versions WHERE kind = 'component'"));
  known.set('userId', [...some('SELECT id FROM users'), '@current']);
  known.set('groupId', some('SELECT id FROM groups'));
  known.set('groups', some('SELECT id FROM groups'));
  known.set('childId', some('SELECT id FROM groups'));
  known.set('nodeId', some('SELECT id FROM nodes'));
  known.set('id', [
    ...some('SELECT id FROM roles'),
    ...some('SELECT id FROM redirects'),
    ...some('SELECT id FROM tag_groups'),
    ...some('SELECT id FROM tags'),
  ]);
  known.set('resourceId', some('SELECT DISTINCT entry_id FROM entry_versions'));
  known.set('resourceType', ['entries', 'contenttypes', 'nodes']);
  known.set('actionName', ['read', 'update', 'publish']);
  known.set('*', [
    'courses',
    'courses/bsc-marine-biology',
    ...some('SELECT uri FROM asset_files').map((uri) => uri.replace(/^\/[^/]+\//, '')),
  ]);
}, 120_000);

afterAll(async () => {
  await server?.close();
  db?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Streams stay open by design: a stream that opened is an answer, not a hang. */
const isStream = (endpoint: Endpoint) => endpoint.url.includes('/events/sse/');
/** Failed sign-ins are recorded (that is the throttle): the one refused write that writes. */
const recordsRefusals = (endpoint: Endpoint) => endpoint.url === '/authenticate/connect/token';
const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);
const changes = () => db.prepare('SELECT total_changes()').pluck().get() as number;

async function probe(endpoint: Endpoint, request: RawRequest, findings: Finding[]): Promise<void> {
  const before = changes();
  const answer = await send(port, request, isStream(endpoint) ? 3000 : budget.requestTimeoutMs);
  const label = `${endpoint.method} ${endpoint.url}`;
  if (answer === 'hang') {
    if (!isStream(endpoint))
      findings.push({ endpoint: label, problem: 'hang', request: describeRequest(request) });
    return;
  }
  const problem = answerProblem(request, answer, false);
  if (problem) findings.push({ endpoint: label, problem, request: describeRequest(request) });
  if (
    answer.status >= 400 &&
    isWrite(endpoint.method) &&
    !recordsRefusals(endpoint) &&
    changes() !== before
  ) {
    findings.push({
      endpoint: label,
      problem: `refused with ${answer.status} but changed the database`,
      request: describeRequest(request),
    });
  }
}

const authFor = (endpoint: Endpoint): fc.Arbitrary<Array<[string, string]>> =>
  fc.constantFrom<Array<[string, string]>>(
    [['Authorization', `Bearer ${adminToken}`]],
    [['Authorization', `Bearer ${adminToken}`]],
    endpoint.url.startsWith('/api/delivery') ? [['accessToken', DEFAULT_DELIVERY_TOKEN]] : [],
    [],
  );

function report(findings: Finding[]): string {
  const seen = new Map<string, Finding>();
  for (const finding of findings) {
    const key = `${finding.endpoint} ${finding.problem.slice(0, 60)}`;
    if (!seen.has(key)) seen.set(key, finding);
  }
  return [...seen.values()]
    .map((finding) => `${finding.endpoint}: ${finding.problem}\n    ${finding.request}`)
    .join('\n');
}

it('collects the routes it fuzzes from the server itself', () => {
  const urls = new Set(endpoints.map((endpoint) => endpoint.url));
  for (const url of [
    '/api/delivery/projects/:projectId/entries/:entryId',
    '/api/management/projects/:projectId/entries/:entryId',
    '/api/security/users/:userId',
    '/authenticate/connect/token',
    '/REST/Contensis/Security/IsAuthenticated',
    '/image-library/*',
    '/api/management/projects/:projectId/assets',
  ]) {
    expect(urls).toContain(url);
  }
  // Every parameter the routes take has known-good values, so input reaches the handlers.
  const params = new Set(endpoints.flatMap((e) => [...e.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*')));
  for (const param of params) expect(known.get(param)?.length ?? 0, param).toBeGreaterThan(0);
});

/** The account endpoints (JSON) and the fields each reads, nested ones dotted. */
const ACCOUNT_JSON_FIELDS: readonly (readonly [string, string, readonly string[]])[] = [
  ['POST', '/api/security/users', ['username', 'email', 'firstName', 'lastName', 'credentials.password']],
  ['PATCH', '/api/security/users/@current', ['email', 'firstName', 'lastName']],
  ['POST', '/api/security/users/@current/credentials/password', ['existing', 'new']],
  ['POST', '/api/password-reset', ['email', 'resetUrl']],
  ['POST', '/api/password-reset/complete', ['token', 'password']],
  ['POST', '/api/email-verification', ['user', 'verifyUrl']],
  ['POST', '/api/email-verification/complete', ['token']],
  ['POST', '/REST/Contensis/Security/IsAuthenticated', ['securityToken']],
];

/** The account endpoints that take forms, and their fields. */
const ACCOUNT_FORM_FIELDS: readonly (readonly [string, readonly string[]])[] = [
  ['/authenticate/connect/token', ['grant_type', 'username', 'password', 'client_id', 'client_secret']],
  ['/authenticate/connect/authorize', ['username', 'password', 'redirect_uri']],
];

const validText = (field: string) =>
  /email/i.test(field)
    ? 'hostile@example.com'
    : /url/i.test(field)
      ? 'http://localhost/x'
      : 'Valid-text-2026';

it('refuses undecodable text in every account field with a 4xx that says why, changing nothing', async () => {
  const findings: Finding[] = [];
  const auth: Array<[string, string]> = [['Authorization', `Bearer ${adminToken}`]];
  for (const [method, url, fields] of ACCOUNT_JSON_FIELDS) {
    for (const { field, body } of bodiesWithUndecodableText(fields, validText)) {
      const request: RawRequest = {
        method,
        target: Buffer.from(url),
        headers: [...auth, ['Content-Type', 'application/json']],
        body,
      };
      await probe({ method, url }, request, findings);
      const answer = await send(port, request, budget.requestTimeoutMs);
      if (answer === 'hang' || answer.status < 400 || answer.status >= 500)
        findings.push({
          endpoint: `${method} ${url}`,
          problem: `${field}: ${answer === 'hang' ? 'hang' : answer.status}`,
          request: describeRequest(request),
        });
    }
  }
  for (const [url, fields] of ACCOUNT_FORM_FIELDS) {
    for (const field of fields) {
      for (const value of UNDECODABLE_FORM_VALUES) {
        const form = fields
          .map((name) => `${name}=${name === field ? value : encodeURIComponent(validText(name))}`)
          .join('&');
        const request: RawRequest = {
          method: 'POST',
          target: Buffer.from(url),
          headers: [['Content-Type', 'application/x-www-form-urlencoded']],
          body: Buffer.from(form),
        };
        const answer = await send(port, request, budget.requestTimeoutMs);
        const label = `POST ${url}`;
        if (answer === 'hang') {
          findings.push({ endpoint: label, problem: 'hang', request: describeRequest(request) });
          continue;
        }
        const problem = answerProblem(request, answer, false);
        if (problem || answer.status !== 400)
          findings.push({
            endpoint: label,
            problem: problem ?? `${field}: ${answer.status}, not 400`,
            request: describeRequest(request),
          });
      }
    }
  }
  expect(report(findings)).toBe('');
});

describe('a request body that never finishes', () => {
  // A platform of its own with a small budget, so the test need not wait the default 5 minutes.
  const BUDGET_MS = 400;
  let slowDir: string;
  let slowDb: Db;
  let slow: FastifyInstance;
  let slowPort: number;

  beforeAll(async () => {
    slowDir = mkdtempSync(join(tmpdir(), 'canopy-slow-body-'));
    slowDb = openDatabase(join(slowDir, 'platform.db'));
    seedDemo(slowDb, slowDir, {});
    slow = createPlatformServer({ db: slowDb, dataDir: slowDir, requestTimeoutMs: BUDGET_MS });
    await slow.listen({ port: 0, host: '127.0.0.1' });
    slowPort = (slow.server.address() as { port: number }).port;
  }, 60_000);

  afterAll(async () => {
    await slow?.close();
    slowDb?.close();
    if (slowDir) rmSync(slowDir, { recursive: true, force: true });
  });

  it.each([
    ['the token endpoint (a form)', '/authenticate/connect/token', 'application/x-www-form-urlencoded', []],
    ['a password reset request (JSON)', '/api/password-reset', 'application/json', []],
    [
      'a management write (JSON, authorised)',
      `/api/management/projects/${DEMO_PROJECT_ID}/entries`,
      'application/json',
      ['AUTH'],
    ],
  ] as const)(
    '%s: answered 408 and closed within its budget',
    async (_name, target, type, extra) => {
      const headers = extra.map(() => `Authorization: Bearer ${issueTestToken(slowDb, 'admin')}`);
      const outcome = await neverFinishingBody(slowPort, 'POST', target, type, headers);
      expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(outcome.answer).toContain('did not arrive in time');
      // Generous: the budget, plus Node's check interval (a quarter of it), plus a slow machine.
      expect(outcome.closedAfterMs).toBeLessThan(BUDGET_MS * 10);
    },
    30_000,
  );

  it('does not cut an event stream that stays open past the budget', async () => {
    const controller = new AbortController();
    const answer = await fetch(
      `http://127.0.0.1:${slowPort}/api/management/projects/${DEMO_PROJECT_ID}/events/sse/stream`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${issueTestToken(slowDb, 'admin')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ topics: [{ resourceType: 'entry' }] }),
        signal: controller.signal,
      },
    );
    expect(answer.status).toBe(200);
    const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
    let ended = false;
    void (async () => {
      try {
        while (!(await reader.read()).done);
      } catch {
        // Aborted below: that is this side closing it.
      }
      ended = true;
    })();
    await new Promise((resolve) => setTimeout(resolve, BUDGET_MS * 5));
    expect(ended).toBe(false);
    controller.abort();
  }, 30_000);
});

/**
 * The long run sends every value to every route; the short one a rotating share of them, so
 * each value still reaches routes of every kind.
 */
function rotation<T>(values: readonly T[], offset: number): readonly T[] {
  if (budget.long) return values;
  const share = 6;
  return Array.from({ length: share }, (_, i) => values[(offset * share + i) % values.length] as T);
}

it('answers every route sent each hostile segment and body with a 4xx or success, never a 5xx', async () => {
  const findings: Finding[] = [];
  const auth: Array<[string, string]> = [['Authorization', `Bearer ${adminToken}`]];
  // HEAD shares its handler with GET; the random run below sends it.
  const routes = endpoints.filter((endpoint) => !['OPTIONS', 'HEAD'].includes(endpoint.method));
  for (const [routeIndex, endpoint] of routes.entries()) {
    const segments = rotation(HOSTILE_SEGMENTS, routeIndex);
    const bodies = rotation(HOSTILE_BODIES, routeIndex);
    const fillKnown = (name: string) => known.get(name)?.[0] ?? 'x';
    const hasParams = /:\w+|\*/.test(endpoint.url);
    // Each hostile value in the last parameter (the others known-good).
    if (hasParams) {
      for (const segment of segments) {
        const names = [...endpoint.url.matchAll(/:(\w+)|\*/g)];
        let index = 0;
        const target = fillTarget(
          endpoint.url,
          (name) => (++index === names.length ? segment : fillKnown(name)),
          Buffer.alloc(0),
        );
        await probe(endpoint, { method: endpoint.method, target, headers: auth }, findings);
      }
    }
    // Each hostile body, as JSON, to the route with known-good parameters.
    if (isWrite(endpoint.method)) {
      const target = fillTarget(endpoint.url, fillKnown, Buffer.alloc(0));
      for (const body of bodies) {
        await probe(
          endpoint,
          { method: endpoint.method, target, headers: [...auth, ['Content-Type', 'application/json']], body },
          findings,
        );
      }
    }
  }
  expect(report(findings)).toBe('');
}, 600_000);

it('survives random hostile requests to random routes (seeded; CANOPY_FUZZ_SEED replays)', async () => {
  const findings: Finding[] = [];
  const routes = endpoints.filter((endpoint) => endpoint.method !== 'OPTIONS' || endpoint.url !== '*');
  const request = fc
    .constantFrom(...routes)
    .chain((endpoint) =>
      hostileRequest(
        endpoint,
        (name) => fc.constantFrom(...(known.get(name) ?? ['x'])),
        authFor(endpoint),
      ).map((raw) => ({ endpoint, raw })),
    );
  await fc.assert(
    fc.asyncProperty(request, async ({ endpoint, raw }) => {
      await probe(endpoint, raw, findings);
    }),
    {
      seed: budget.seed,
      numRuns: budget.numRuns,
      interruptAfterTimeLimit: budget.timeLimitMs,
      markInterruptAsFailure: false,
    },
  );
  expect(report(findings)).toBe('');
  // The server is still up and serving after everything it was sent.
  const health = await fetch(`http://127.0.0.1:${port}/api/delivery/projects/${DEMO_PROJECT_ID}`, {
    headers: { accessToken: DEFAULT_DELIVERY_TOKEN },
  });
  expect(health.status).toBe(200);
}, 600_000);
