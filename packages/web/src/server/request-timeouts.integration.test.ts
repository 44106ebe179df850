import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neverFinishingBody } from '../../../platform/src/test-support/hostile/slow-body.js';
import { createSiteRenderer } from '../render/renderer.js';
import { fixtureSite } from '../test-support/fixture-site.js';
import {
  DELIVERY_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../test-support/platform.js';
import { requestTimeoutFromEnv, requestTimeoutOptions } from './request-timeouts.js';
import { type RunningSiteServer, startSiteServer } from './site-server.js';

// A request body that never finishes is answered 408 and its connection closed within the
// site's budget (small here, through the option), on every route that reads a body.

const BUDGET_MS = 400;
let platform: TestPlatform;
let site: RunningSiteServer;

beforeAll(async () => {
  platform = await startTestPlatform();
  site = await startSiteServer({
    renderer: createSiteRenderer(fixtureSite),
    platformUrl: platform.url,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    contentChanges: false,
    port: 0,
    logger: false,
    requestTimeoutMs: BUDGET_MS,
  });
}, 60_000);

afterAll(async () => {
  await site?.close();
  await platform?.dispose();
});

describe('a request body that never finishes', () => {
  it.each([
    ['/account/login', 'application/json'],
    ['/account/reset', 'application/x-www-form-urlencoded'],
    [`/api/delivery/projects/${PROJECT_ID}/entries/search`, 'application/json'],
  ])(
    'POST %s (%s): answered 408 and closed within its budget',
    async (target, type) => {
      const outcome = await neverFinishingBody(site.port, 'POST', target, type);
      expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
      // Generous: the budget, Node's check interval (a quarter of it), and a slow machine.
      expect(outcome.closedAfterMs).toBeLessThan(BUDGET_MS * 10);
    },
    30_000,
  );

  it('leaves requests that arrive in time alone, however long their answer takes to read', async () => {
    const answer = await fetch(`${site.url}/`);
    await new Promise((resolve) => setTimeout(resolve, BUDGET_MS * 3));
    expect(answer.status).toBe(200);
    expect((await answer.text()).length).toBeGreaterThan(100);
  });
});

describe('requestTimeoutOptions', () => {
  it('keeps the headers within the budget and checks often enough for it', () => {
    expect(requestTimeoutOptions(400)).toEqual({
      requestTimeout: 400,
      http: { requestTimeout: 400, headersTimeout: 400, connectionsCheckingInterval: 100 },
    });
    expect(requestTimeoutOptions(30_000).http).toEqual({
      requestTimeout: 30_000,
      headersTimeout: 15_000,
      connectionsCheckingInterval: 5_000,
    });
    expect(() => requestTimeoutOptions(0)).toThrow(/requestTimeoutMs/);
  });

  it('reads CANOPY_REQUEST_TIMEOUT_MS', () => {
    expect(requestTimeoutFromEnv(undefined)).toBeUndefined();
    expect(requestTimeoutFromEnv(' 10000 ')).toBe(10_000);
    expect(() => requestTimeoutFromEnv('10s')).toThrow(/CANOPY_REQUEST_TIMEOUT_MS/);
  });
});
