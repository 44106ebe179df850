import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningPlatform, startDemoPlatform } from '../test-support/platform-fixture.js';
import { homePage, type PLATFORM_HOME, wantsHtml } from './home.js';

let platform: RunningPlatform;

beforeAll(async () => {
  platform = await startDemoPlatform();
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

describe('the platform address', () => {
  it('tells an API client what it is, as JSON', async () => {
    const response = await fetch(`${platform.origin}/`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('vary')).toMatch(/Accept/);
    const body = (await response.json()) as typeof PLATFORM_HOME;
    expect(body.name).toBe('Canopy local content platform');
    expect(body.apis.delivery).toBe('/api/delivery/projects/{projectId}');
    expect(body.apis.management).toBe('/api/management/projects/{projectId}');
    expect(body.documentation).toContain('docs/platform.md');
    // Without an Accept header too (curl's default is */*).
    const plain = await fetch(`${platform.origin}/`, { headers: { accept: '*/*' } });
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('shows a browser a short page saying the same', async () => {
    const response = await fetch(`${platform.origin}/`, {
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('<h1>Canopy local content platform</h1>');
    expect(html).toContain('<code>/api/delivery/projects/{projectId}</code>');
    expect(html).toContain('docs/platform.md');
  });

  it('answers HEAD, and still 404s with the error body elsewhere', async () => {
    const head = await fetch(`${platform.origin}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const missing = await fetch(`${platform.origin}/no-such-thing`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { type: string }).type).toBe('error');
  });

  it('names no project and no secret', async () => {
    const text = JSON.stringify(await (await fetch(`${platform.origin}/`)).json()) + homePage();
    expect(text).not.toContain('website');
    expect(text).not.toContain(platform.deliveryToken);
  });
});

describe('wantsHtml', () => {
  it('is true when text/html comes before JSON', () => {
    expect(wantsHtml('text/html,application/xhtml+xml,*/*;q=0.8')).toBe(true);
    expect(wantsHtml('application/json, text/html')).toBe(false);
    expect(wantsHtml('text/html;q=0.9, application/json')).toBe(true);
    expect(wantsHtml('*/*')).toBe(false);
    expect(wantsHtml(undefined)).toBe(false);
  });
});
