import { preloadComponent } from '@canopy/web';
import { beforeAll, describe, expect, it } from 'vitest';
import { site } from '../site.js';
import { expectHeadingOutline } from '../test/html.js';
import { mainOf, renderPage } from '../test/render-page.js';

// The page's code loads with a not-found page (the server and the browser load it first).
beforeAll(async () => {
  await preloadComponent(site.notFound);
});

describe('NotFoundPage', () => {
  it('keeps the framework heading and helps the visitor on', () => {
    const html = renderPage({ url: '/no-such-page', notFound: true, statusCode: 404, node: null });
    const main = mainOf(html);
    expect(main).toContain('<h1>404 Page Not Found</h1>');
    expect(main).toContain('The page may have moved');
    // The site-wide search leads to everything, not only courses.
    expect(main).toContain('action="/search/all"');
    expect(html).toContain('<title>404 Page Not Found | Aberwen University</title>');
    expectHeadingOutline(html);
  });

  it('says sorry for server errors', () => {
    const main = mainOf(renderPage({ url: '/x', notFound: true, statusCode: 500, node: null }));
    expect(main).toContain('<h1>500 Page Not Found</h1>');
    expect(main).toContain('Something went wrong on our side');
    const unavailable = mainOf(renderPage({ url: '/x', notFound: true, statusCode: 503, node: null }));
    expect(unavailable).toContain('<h1>503 Page Not Found</h1>');
    expect(unavailable).toContain('We cannot load this page right now');
  });
});

describe('NotFoundPage for client errors', () => {
  it('explains a malformed address and a wrong method', () => {
    expect(mainOf(renderPage({ url: '/', notFound: true, statusCode: 400, node: null }))).toContain(
      'This address is not valid',
    );
    expect(mainOf(renderPage({ url: '/', notFound: true, statusCode: 405, node: null }))).toContain(
      'This page cannot be used that way',
    );
  });
});
