import { fileURLToPath } from 'node:url';
import { buildSite, DEMO_HOSTS, type RunningSiteServer, startSiteServer } from '@canopy/web';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  bodiesWithUndecodableText,
  fuzzBudget,
  HOSTILE_BODIES,
  HOSTILE_SEGMENTS,
} from '../../packages/platform/src/test-support/hostile/inputs.js';
import {
  answerProblem,
  describeRequest,
  type Endpoint,
  type Finding,
  fillTarget,
  hostileRequest,
  send,
} from '../../packages/platform/src/test-support/hostile/probe.js';
import type { RawRequest } from '../../packages/platform/src/test-support/hostile/raw-http.js';
import { neverFinishingBody } from '../../packages/platform/src/test-support/hostile/slow-body.js';
import { CookieJar, csrfTokenOf } from '../../packages/web/src/test-support/cookie-jar.js';
import { getWithCookies } from '../../packages/web/src/test-support/jar-requests.js';
import {
  DELIVERY_TOKEN,
  PREVIEW_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../../packages/web/src/test-support/platform.js';

// The hostile-input suite of the site: every route the server registered (read back from
// Fastify, so a new one is covered) — pages and /account/*, the delivery and media proxies,
// /static, health — gets malformed and oddly encoded paths, queries, headers and bodies. No
// answer may be a 5xx (but for the documented 503 of /__heartbeat__ and the page gate), none
// may hang, and every 4xx says why. `npm run fuzz` runs it for minutes instead of seconds.
const budget = fuzzBudget(10);
/** The site's request time budget in this suite (ms). */
const BODY_BUDGET_MS = 1_000;
const siteRoot = fileURLToPath(new URL('..', import.meta.url));
let platform: TestPlatform;
let site: RunningSiteServer;
let endpoints: Endpoint[] = [];
const known = new Map<string, string[]>();

beforeAll(async () => {
  platform = await startTestPlatform();
  await buildSite({ siteRoot });
  site = await startSiteServer({
    siteRoot,
    platformUrl: platform.url,
    hosts: DEMO_HOSTS,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    previewToken: PREVIEW_TOKEN,
    // Small, so the never-finishing body below is closed quickly; every other request is far faster.
    requestTimeoutMs: BODY_BUDGET_MS,
    port: 0,
    logger: false,
  });
  endpoints = registeredRoutes(site.app.printRoutes());
  const home = await (await fetch(`${site.url}/`)).text();
  const script = /src="\/static\/(assets\/entry-client-[\w-]+\.js)"/.exec(home)?.[1] ?? 'assets/missing.js';
  known.set('/static/*', [script]);
  known.set('/api/delivery/*', [
    `projects/${PROJECT_ID}/entries`,
    `projects/${PROJECT_ID}/entries/search`,
    `projects/${PROJECT_ID}/nodes/courses`,
  ]);
  const assets = ['courses/business-management.svg', 'documents/student-handbook-summary.txt'];
  for (const library of ['/image-library/*', '/video-library/*', '/asset-library/*'])
    known.set(library, assets);
  known.set('/*', [
    '',
    'courses/bsc-marine-biology',
    'courses',
    'account/login',
    'account/access-denied',
    'version',
  ]);
}, 180_000);

afterAll(async () => {
  await site?.close();
  await platform?.dispose();
});

/**
 * The routes in Fastify's printed radix tree: each line is one node, indented four columns a
 * level, its label the part of the path below its parent, with the methods of a route ending there.
 */
function registeredRoutes(tree: string): Endpoint[] {
  const routes: Endpoint[] = [];
  const path: string[] = [];
  for (const line of tree.split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const depth = (at - 1) / 4;
    const match = /^(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 3));
    if (!match) continue;
    path.length = depth;
    path.push(match[1]!);
    for (const method of match[2]?.split(',') ?? [])
      routes.push({ method: method.trim(), url: path.join('') });
  }
  return routes;
}

/** The health check reports an unhealthy platform as 503; the page gate refuses with 503. */
const allows503 = (endpoint: Endpoint) => endpoint.url === '/__heartbeat__' || endpoint.url === '/*';

async function probe(endpoint: Endpoint, request: RawRequest, findings: Finding[]): Promise<void> {
  const answer = await send(site.port, request, budget.requestTimeoutMs);
  const label = `${endpoint.method} ${endpoint.url}`;
  if (answer === 'hang') {
    findings.push({ endpoint: label, problem: 'hang', request: describeRequest(request) });
    return;
  }
  const problem = answerProblem(request, answer, allows503(endpoint));
  if (problem) findings.push({ endpoint: label, problem, request: describeRequest(request) });
  // Secrets never leave the server, whatever the request.
  const text = answer.body.toString('latin1');
  if (text.includes(DELIVERY_TOKEN) || text.includes(PREVIEW_TOKEN)) {
    findings.push({ endpoint: label, problem: 'a token in the answer', request: describeRequest(request) });
  }
}

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

const knownFor = (endpoint: Endpoint) => known.get(endpoint.url) ?? ['x'];

it('reads the routes it fuzzes from the server itself', () => {
  const urls = new Set(endpoints.map((endpoint) => endpoint.url));
  for (const url of [
    '/*',
    '/static/*',
    '/api/delivery/*',
    '/image-library/*',
    '/__heartbeat__',
    '/__lbheartbeat__',
  ]) {
    expect(urls).toContain(url);
  }
  expect(endpoints.some((endpoint) => endpoint.method === 'POST' && endpoint.url === '/api/delivery/*')).toBe(
    true,
  );
});

it('answers every route sent each hostile path segment and body without a 5xx', async () => {
  const findings: Finding[] = [];
  for (const endpoint of endpoints.filter((e) => e.method !== 'HEAD' && e.method !== 'OPTIONS')) {
    const hasWildcard = endpoint.url.endsWith('*');
    for (const [index, segment] of (hasWildcard ? HOSTILE_SEGMENTS : []).entries()) {
      // Below each known path in the long run; below one of them in turn in the short one.
      const prefixes = knownFor(endpoint);
      for (const prefix of budget.long ? prefixes : [prefixes[index % prefixes.length]!]) {
        const target = fillTarget(
          endpoint.url,
          () => Buffer.concat([Buffer.from(prefix ? `${prefix}/` : ''), Buffer.from(segment)]),
          Buffer.alloc(0),
        );
        await probe(endpoint, { method: endpoint.method, target }, findings);
      }
    }
    if (endpoint.method === 'POST') {
      const target = fillTarget(endpoint.url, () => knownFor(endpoint)[1] ?? 'x', Buffer.alloc(0));
      for (const body of HOSTILE_BODIES) {
        await probe(
          endpoint,
          { method: 'POST', target, headers: [['Content-Type', 'application/json']], body },
          findings,
        );
      }
    }
  }
  expect(report(findings)).toBe('');
}, 600_000);

it('survives random hostile requests to random routes (seeded; CANOPY_FUZZ_SEED replays)', async () => {
  const findings: Finding[] = [];
  const request = fc
    .constantFrom(...endpoints)
    .chain((endpoint) =>
      hostileRequest(
        endpoint,
        () => fc.constantFrom(...knownFor(endpoint)),
        fc.constantFrom<Array<[string, string]>>([], [['Cookie', 'canopy_session=forged']]),
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
  const page = await fetch(`${site.url}/courses/bsc-marine-biology`);
  expect(page.status).toBe(200);
}, 600_000);

/** Every account endpoint and the JSON fields it reads (nested ones dotted). */
const ACCOUNT_FIELDS: Record<string, readonly string[]> = {
  '/account/login': ['username', 'password', 'ReturnURL', 'redirect_uri', 'redirect'],
  '/account/logout': ['redirect_uri'],
  '/account/register': ['firstName', 'lastName', 'email', 'username', 'password', 'credentials.password'],
  '/account/reset': ['userEmail'],
  '/account/reset/password': ['token', 'password'],
  '/account/change-password': ['userId', 'currentPassword', 'newPassword'],
};

it('answers undecodable text in every account JSON field with a 400 that says why', async () => {
  const findings: Finding[] = [];
  const jar = new CookieJar();
  const token = csrfTokenOf((await getWithCookies(site.url, jar, '/account/login')).body);
  for (const [path, fields] of Object.entries(ACCOUNT_FIELDS)) {
    for (const { field, body } of bodiesWithUndecodableText(fields, () => 'a@example.com')) {
      const request: RawRequest = {
        method: 'POST',
        target: Buffer.from(path),
        headers: [
          ['Content-Type', 'application/json'],
          ['X-CSRF-Token', token],
          ['Cookie', jar.header().cookie ?? ''],
        ],
        body,
      };
      const answer = await send(site.port, request, budget.requestTimeoutMs);
      if (answer === 'hang' || answer.status !== 400)
        findings.push({
          endpoint: `POST ${path}`,
          problem: `${field}: ${answer === 'hang' ? 'hang' : answer.status}, not 400`,
          request: describeRequest(request),
        });
      else if (!/cannot be read/.test(answer.body.toString('utf8')))
        findings.push({
          endpoint: `POST ${path}`,
          problem: `${field}: no message`,
          request: describeRequest(request),
        });
    }
  }
  expect(report(findings)).toBe('');
});

it('refuses oversized and unknown delivery proxy queries with a 400 that says why', async () => {
  const base = `/api/delivery/projects/${PROJECT_ID}`;
  const requests: RawRequest[] = [
    { method: 'GET', target: Buffer.from(`${base}/entries?pageSize=10000&linkDepth=10`) },
    { method: 'GET', target: Buffer.from(`${base}/entries?PageSize=10000`) },
    { method: 'GET', target: Buffer.from(`${base}/nodes/root?depth=99&entryLinkDepth=10`) },
    { method: 'GET', target: Buffer.from(`${base}/entries?pageSize=10&cacheBuster=${Date.now()}`) },
    { method: 'GET', target: Buffer.from(`${base}/entries?fieldLinkDepths=%7B%22a%22%3A10%7D`) },
    {
      method: 'POST',
      target: Buffer.from(`${base}/entries/search`),
      headers: [['Content-Type', 'application/json']],
      body: Buffer.from(JSON.stringify({ pageIndex: 0, pageSize: 10_000, where: [] })),
    },
  ];
  const findings: Finding[] = [];
  for (const request of requests) {
    const answer = await send(site.port, request, budget.requestTimeoutMs);
    if (answer === 'hang' || answer.status !== 400 || answerProblem(request, answer, false))
      findings.push({
        endpoint: '/api/delivery/*',
        problem:
          answer === 'hang' ? 'hang' : `${answer.status}: ${answer.body.toString('utf8').slice(0, 120)}`,
        request: describeRequest(request),
      });
  }
  expect(report(findings)).toBe('');
});

it.each([
  ['/account/login', 'application/json'],
  [`/api/delivery/projects/${PROJECT_ID}/entries/search`, 'application/json'],
])(
  'closes a never-finishing chunked body to %s with 408 within its budget',
  async (target, type) => {
    const outcome = await neverFinishingBody(site.port, 'POST', target, type);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    // Generous: the budget, Node's check interval (a quarter of it) and a busy machine.
    expect(outcome.closedAfterMs).toBeLessThan(BODY_BUDGET_MS * 10);
  },
  30_000,
);
