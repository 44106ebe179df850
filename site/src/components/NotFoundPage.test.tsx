import { notFoundHeading, preloadComponent } from '@canopy/web';
import { beforeAll, describe, expect, it } from 'vitest';
import { site } from '../site.js';
import { expectHeadingOutline } from '../test/html.js';
import { mainOf, renderPage } from '../test/render-page.js';
import { IN_WELSH } from '../test/welsh.js';

// The page's code loads with a not-found page (the server and the browser load it first).
beforeAll(async () => {
  await preloadComponent(site.notFound);
});

const errorPage = (statusCode: number, inLanguage?: typeof IN_WELSH) =>
  renderPage({ url: '/x', notFound: true, statusCode, node: null, ...(inLanguage ? { inLanguage } : {}) });

describe('NotFoundPage', () => {
  it('says the page is not found in plain words and helps the visitor on', () => {
    const html = renderPage({ url: '/no-such-page', notFound: true, statusCode: 404, node: null });
    const main = mainOf(html);
    expect(main).toContain('<h1>Page not found</h1>');
    expect(main).toContain('If you typed the address, check it is correct.');
    // The site-wide search leads to everything, not only courses.
    expect(main).toContain('action="/search/all"');
    expect(html).toContain('<title>Page not found | Aberwen University</title>');
    expect(html).toContain('<meta property="og:title" content="Page not found | Aberwen University"/>');
    expectHeadingOutline(html);
  });

  it('says sorry for server errors and outages, and what to do', () => {
    const failed = errorPage(500);
    expect(mainOf(failed)).toContain('<h1>Sorry, there is a problem with this page</h1>');
    expect(mainOf(failed)).toContain('Something went wrong on our side. Try again later.');
    expect(failed).toContain('<title>Sorry, there is a problem with this page | Aberwen University</title>');
    const unavailable = errorPage(503);
    expect(mainOf(unavailable)).toContain('<h1>Sorry, this page is not available right now</h1>');
    expect(mainOf(unavailable)).toContain('Try again in a few minutes.');
    expect(unavailable).toContain(
      '<title>Sorry, this page is not available right now | Aberwen University</title>',
    );
  });

  it("never shows visitors a status code or the framework's heading", () => {
    for (const status of [400, 404, 405, 500, 503]) {
      const html = errorPage(status);
      expect(html, String(status)).not.toContain(notFoundHeading(status));
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], String(status)).not.toMatch(/\d/);
      expect(/<h1>([^<]*)<\/h1>/.exec(mainOf(html))?.[1], String(status)).not.toMatch(/\d/);
    }
  });
});

describe('NotFoundPage for client errors', () => {
  it('explains a malformed address and a wrong method', () => {
    const badRequest = mainOf(errorPage(400));
    expect(badRequest).toContain('<h1>The address is not valid</h1>');
    expect(badRequest).toContain('It may have been cut short or mistyped.');
    const wrongMethod = mainOf(errorPage(405));
    expect(wrongMethod).toContain('<h1>This page cannot be used that way</h1>');
    expect(wrongMethod).toContain('Open it from a link, or type its address into your browser.');
  });
});

describe('NotFoundPage in Welsh', () => {
  it('gives the heading, the title and what to do in Welsh', () => {
    const missing = errorPage(404, IN_WELSH);
    expect(mainOf(missing)).toContain('<h1>Heb ddod o hyd i’r dudalen</h1>');
    expect(mainOf(missing)).toContain('Os teipioch chi’r cyfeiriad, gwnewch yn siŵr ei fod yn gywir.');
    expect(missing).toContain('<title>Heb ddod o hyd i’r dudalen | Prifysgol Aberwen</title>');
    const unavailable = errorPage(503, IN_WELSH);
    expect(mainOf(unavailable)).toContain(
      '<h1>Mae’n ddrwg gennym, nid yw’r dudalen hon ar gael ar hyn o bryd</h1>',
    );
    expect(mainOf(unavailable)).toContain('Rhowch gynnig arall arni ymhen ychydig funudau.');
    expect(unavailable).toContain(
      '<title>Mae’n ddrwg gennym, nid yw’r dudalen hon ar gael ar hyn o bryd | Prifysgol Aberwen</title>',
    );
    const failed = errorPage(500, IN_WELSH);
    expect(mainOf(failed)).toContain('<h1>Mae’n ddrwg gennym, mae problem gyda’r dudalen hon</h1>');
  });
});
