import { describe, expect, it } from 'vitest';
import {
  busyPage,
  clientErrorPage,
  escapeHtml,
  fallbackPlaceOf,
  serverErrorPage,
  unavailablePage,
} from './error-pages.js';

const WELSH = { language: 'cy', home: '/cy' };

describe('error pages', () => {
  it('escape the site name and hold no script', () => {
    const html = unavailablePage('<script>alert(1)</script>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;');
  });

  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&#38;&#60;&#62;&#34;&#39;');
  });

  it('say what happened in plain words, with no status code or reason phrase', () => {
    const pages = [
      serverErrorPage('Site'),
      unavailablePage('Site'),
      busyPage('Site'),
      ...[400, 401, 403, 404, 405, 408, 410, 413, 429].map((status) => clientErrorPage('Site', status)),
    ];
    for (const html of pages) {
      const heading = /<h1>(.*)<\/h1>/.exec(html)?.[1] ?? '';
      expect(heading).not.toMatch(/\d{3}|Not Found|Internal Server Error|Bad Request|Method Not Allowed/);
      expect(html).toContain('<html lang="en-GB">');
      expect(html).toContain('<a href="/">Go to the home page</a>');
    }
    expect(serverErrorPage('Site')).toContain('<h1>Sorry, there is a problem with this page</h1>');
    expect(clientErrorPage('Site', 404)).toContain('<h1>Page not found</h1>');
    expect(clientErrorPage('Site', 404)).toContain('<title>Page not found | Site</title>');
    expect(clientErrorPage('Site', 405)).toContain('<h1>This page cannot be used that way</h1>');
    expect(clientErrorPage('Site', 400)).toContain('<h1>Sorry, we could not open this page</h1>');
  });

  it('are in Welsh on a Welsh page, with its home page', () => {
    const html = clientErrorPage('Prifysgol Aberwen', 404, WELSH);
    expect(html).toContain('<html lang="cy">');
    expect(html).toContain('<h1>Heb ddod o hyd i’r dudalen</h1>');
    expect(html).toContain('<a href="/cy">Mynd i’r hafan</a>');
    expect(serverErrorPage('Site', WELSH)).toContain(
      '<h1>Mae’n ddrwg gennym, mae problem gyda’r dudalen hon</h1>',
    );
    expect(busyPage('Site', WELSH)).toContain('<h1>Mae’r wefan hon yn brysur iawn</h1>');
    expect(unavailablePage('Site', WELSH)).toContain('<h1>Mae’r wefan hon yn cael seibiant byr</h1>');
  });

  it('fall back to English words for a language the framework has none for', () => {
    expect(serverErrorPage('Site', { language: 'de', home: '/' })).toContain('<html lang="en-GB">');
    expect(serverErrorPage('Site', { language: 'en-US', home: '/' })).toContain('<html lang="en-US">');
    expect(serverErrorPage('Site', { language: 'cy-GB', home: '/' })).toContain('<html lang="cy-GB">');
  });
});

describe('fallbackPlaceOf', () => {
  const site = { language: 'en-GB', languagePaths: { cy: '/cy' } };
  const WELSH_HOST = 'www.aberwen.cymru';
  const hosted = { language: 'en-GB', languageHosts: { cy: WELSH_HOST } };

  it('finds the language from the prefix of the address, else the default at the root', () => {
    expect(fallbackPlaceOf('/cy/cyrsiau/x?y=1', null, site)).toEqual(WELSH);
    expect(fallbackPlaceOf('/cy', null, site)).toEqual(WELSH);
    expect(fallbackPlaceOf('/cy?x', null, site)).toEqual(WELSH);
    expect(fallbackPlaceOf('/cymru', null, site)).toEqual({ language: 'en-GB', home: '/' });
    expect(fallbackPlaceOf('/courses', 'www.aberwen.example', site)).toEqual({
      language: 'en-GB',
      home: '/',
    });
    expect(fallbackPlaceOf('/courses', null, { language: 'cy' })).toEqual({ language: 'cy', home: '/' });
  });

  it('places every address on a language’s own host in that language, home at that host’s root', () => {
    for (const url of ['/', '/cyrsiau/llb-y-gyfraith?x=1', '/courses', '/cy/newyddion'])
      expect(fallbackPlaceOf(url, WELSH_HOST, hosted)).toEqual({ language: 'cy', home: '/' });
    // Host names are compared as the server compares them, whatever their case.
    expect(fallbackPlaceOf('/', 'WWW.Aberwen.Cymru', hosted)).toEqual({ language: 'cy', home: '/' });
  });

  it('places an address on any other host (or none) in the default language', () => {
    for (const host of ['www.aberwen.example', 'aberwen.cymru', 'www.aberwen.cymru.evil.example', null])
      expect(fallbackPlaceOf('/cyrsiau', host, hosted)).toEqual({ language: 'en-GB', home: '/' });
  });

  it('keeps the prefixed languages on the default language’s own host', () => {
    const both = { ...site, languageHosts: { 'en-GB': 'www.aberwen.example' } };
    expect(fallbackPlaceOf('/cy/newyddion', 'www.aberwen.example', both)).toEqual(WELSH);
    expect(fallbackPlaceOf('/news', 'www.aberwen.example', both)).toEqual({ language: 'en-GB', home: '/' });
  });
});
