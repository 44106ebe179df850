import { describe, expect, it } from 'vitest';
import { checkPlatform, heartbeatBody } from './health.js';

describe('checkPlatform', () => {
  it('is ok only for a 200 from the project resource, sent with the token', async () => {
    const seen: { url: string; token: string | null }[] = [];
    const fetchFn = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      seen.push({ url: String(input), token: new Headers(init?.headers).get('accesstoken') });
      return new Response('{}', { status: 200 });
    }) as typeof fetch;
    const health = await checkPlatform('http://p:3001/', 'web site', 'tok', fetchFn);
    expect(health.status).toBe('ok');
    expect(health.platformStatus).toBe(200);
    expect(seen).toEqual([{ url: 'http://p:3001/api/delivery/projects/web%20site', token: 'tok' }]);
  });

  it('reports unavailable for errors and for no answer', async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    expect(await checkPlatform('http://p', 'w', 't', failing)).toMatchObject({
      status: 'unavailable',
      platformStatus: 0,
    });
    const refusing = (async () => new Response('{}', { status: 401 })) as typeof fetch;
    expect(await checkPlatform('http://p', 'w', 't', refusing)).toMatchObject({
      status: 'unavailable',
      platformStatus: 401,
    });
  });
});

describe('heartbeatBody', () => {
  it('reports the platform and the content-change subscription', () => {
    expect(heartbeatBody({ status: 'unavailable', platformStatus: 0, ms: 3 }, 'reconnecting')).toEqual({
      status: 'unavailable',
      platform: { status: 0, ms: 3 },
      contentChanges: 'reconnecting',
    });
  });
});
