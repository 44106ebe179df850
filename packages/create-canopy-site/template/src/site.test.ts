import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from './test-support/test-site.js';

// The site against a real local platform (seeded with the demo into a temporary folder), served
// from source as `npm run dev` serves it.
let site: TestSite;

beforeAll(async () => {
  site = await startTestSite();
});

afterAll(async () => {
  await site?.close();
});

describe('the site', () => {
  it('renders the home page entry with its featured courses', async () => {
    const { status, html } = await site.get('/');
    expect(status).toBe(200);
    expect(html).toMatch(/<h1>[^<]+<\/h1>/);
    expect(html).toContain('<h2 id="featured-courses">Featured courses</h2>');
    expect(html).toMatch(/<li><a href="\/courses\/[^"]+"[^>]*>[^<]+<\/a>/);
  });

  it('renders the static route in the layout', async () => {
    const { status, html } = await site.get('/about-this-site');
    expect(status).toBe(200);
    expect(html).toContain('<h1>About this site</h1>');
    expect(html).toContain('<title>About this site');
    expect(html).toContain('<nav aria-label="Main">');
  });

  it('answers 404 for a path that is neither a route nor a page', async () => {
    expect((await site.get('/no-such-page')).status).toBe(404);
  });
});
