import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSearchPath, isUnderBasePath, parseSearchRoute, type SearchRoute } from './url-codec.js';

const options = { basePath: '/search' };

function route(partial: Partial<SearchRoute>): SearchRoute {
  return {
    facet: null,
    term: '',
    orderBy: null,
    pageIndex: 0,
    pageSize: null,
    filters: {},
    hash: '',
    ...partial,
  };
}

function parse(url: string, extra: Partial<Parameters<typeof parseSearchRoute>[1]> = {}) {
  const parsed = new URL(url, 'http://site.test');
  return parseSearchRoute(
    { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash },
    { ...options, ...extra },
  );
}

describe('parseSearchRoute', () => {
  it('reads facet, term, sort, one-based page, size and filters', () => {
    expect(
      parse(
        '/search/courses?term=marine+biology&orderBy=-startDate&pageIndex=3&pageSize=10&level=Undergraduate,Postgraduate%20taught#results',
      ),
    ).toEqual(
      route({
        facet: 'courses',
        term: 'marine biology',
        orderBy: '-startDate',
        pageIndex: 2,
        pageSize: 10,
        filters: { level: ['Undergraduate', 'Postgraduate taught'] },
        hash: '#results',
      }),
    );
  });

  it('decodes %2C as a comma and joins repeated parameters of a GET form', () => {
    expect(parse('/search/courses?level=A%2CB&level=C').filters).toEqual({ level: ['A', 'B', 'C'] });
  });

  it('takes the segment after the facet as the content type filter', () => {
    expect(parse('/search/all/course,event?term=x').filters).toEqual({ contentTypeId: ['course', 'event'] });
    expect(parse('/search/all/course', { contentTypeFilter: 'type' }).filters).toEqual({ type: ['course'] });
  });

  it('treats the base path alone as no facet and ignores other paths', () => {
    expect(parse('/search?term=x').facet).toBeNull();
    expect(parse('/searching/courses').facet).toBeNull();
    expect(parse('/news?pageIndex=2', { basePath: '/news' })).toEqual(route({ pageIndex: 1 }));
  });

  it('falls back to the first page and default size for bad paging values', () => {
    for (const bad of ['0', '1', '-4', 'x', '2.5', '']) {
      expect(parse(`/search?pageIndex=${bad}`).pageIndex, bad).toBe(0);
    }
    for (const bad of ['0', '-1', 'x', '101', '1e9']) {
      expect(parse(`/search?pageSize=${bad}`).pageSize, bad).toBeNull();
    }
  });

  it('keeps only the listed filter keys when given, and never reserved parameters', () => {
    const parsed = parse('/search/courses?utm_source=mail&level=A&redux=true', { filterKeys: ['level'] });
    expect(parsed.filters).toEqual({ level: ['A'] });
    expect(parse('/search?redux=true&versionStatus=latest').filters).toEqual({});
  });

  it('drops empty values a form sends for untouched fields, and cuts over-long terms', () => {
    expect(parse('/search/courses?term=&level=').filters).toEqual({});
    expect(parse(`/search?term=${'a'.repeat(500)}`).term).toHaveLength(200);
  });
});

describe('isUnderBasePath', () => {
  it('takes the base path and addresses below it, not a longer name that starts alike', () => {
    expect(isUnderBasePath('/search', '/search')).toBe(true);
    expect(isUnderBasePath('/search/courses', '/search')).toBe(true);
    expect(isUnderBasePath('/search/', '/search/')).toBe(true);
    expect(isUnderBasePath('/searching', '/search')).toBe(false);
    expect(isUnderBasePath('/news', '/search')).toBe(false);
    expect(isUnderBasePath('/anything', '/')).toBe(true);
  });
});

describe('buildSearchPath', () => {
  it('writes the parameters in order, page one-based, first page left out, commas unencoded', () => {
    expect(
      buildSearchPath(
        route({
          facet: 'courses',
          term: 'marine biology',
          orderBy: 'entryTitle',
          pageIndex: 1,
          pageSize: 10,
          filters: { level: ['A', 'B c'], subject: ['0/1/2'] },
        }),
        options,
      ),
    ).toBe(
      '/search/courses?term=marine+biology&orderBy=entryTitle&pageIndex=2&pageSize=10&level=A,B+c&subject=0/1/2',
    );
    expect(buildSearchPath(route({ facet: 'courses' }), options)).toBe('/search/courses');
  });

  it('puts selected content types in the path and keeps the hash', () => {
    expect(
      buildSearchPath(route({ facet: 'all', filters: { contentTypeId: ['course'] }, hash: '#top' }), options),
    ).toBe('/search/all/course#top');
  });

  it('writes listing addresses on the base path alone', () => {
    expect(buildSearchPath(route({ pageIndex: 2 }), { basePath: '/news' })).toBe('/news?pageIndex=3');
  });
});

describe('parse and build are inverse', () => {
  const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 _.'&=?#/+-]{0,12}[A-Za-z0-9]$/);
  const value = fc.stringMatching(/^[^,\s][^,]{0,10}[^,\s]$|^[^,\s]$/).filter((v) => v.trim() === v);
  const key = fc
    .stringMatching(/^[a-z][A-Za-z0-9]{0,8}$/)
    .filter(
      (k) =>
        !['term', 'orderBy', 'pageIndex', 'pageSize', 'redux', 'versionStatus', 'contentTypeId'].includes(k),
    );
  const routes = fc.record({
    facet: fc.option(fc.stringMatching(/^[a-z][a-zA-Z0-9-]{0,10}$/), { nil: null }),
    term: fc.oneof(fc.constant(''), word),
    orderBy: fc.option(fc.stringMatching(/^-?[a-z][a-zA-Z.]{0,10}$/), { nil: null }),
    pageIndex: fc.nat(500),
    pageSize: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
    filters: fc.dictionary(key, fc.uniqueArray(value, { minLength: 1, maxLength: 3 }), { maxKeys: 3 }),
    contentTypes: fc.uniqueArray(fc.stringMatching(/^[a-z][a-zA-Z]{0,8}$/), { maxLength: 2 }),
    hash: fc.oneof(fc.constant(''), fc.stringMatching(/^#[a-z]{1,8}$/)),
  });

  it('parse(build(route)) gives the route back', () => {
    fc.assert(
      fc.property(routes, ({ contentTypes, ...generated }) => {
        const filters = { ...generated.filters };
        if (generated.facet && contentTypes.length > 0) filters.contentTypeId = contentTypes;
        const original = route({ ...generated, filters });
        const built = buildSearchPath(original, options);
        const parsed = parse(built);
        expect(parsed).toEqual(original);
        expect(buildSearchPath(parsed, options)).toBe(built);
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseSearchRoute with hostile parameter names', () => {
  it('ignores names of object members instead of reaching Object.prototype', () => {
    const route = parseSearchRoute(
      { pathname: '/courses', search: '?constructor=a&constructor=b&__proto__=x&prototype=y&level=UG' },
      { basePath: '/courses' },
    );
    expect(Object.keys(route.filters)).toEqual(['level']);
    expect(route.filters.level).toEqual(['UG']);
    expect(Object.getPrototypeOf(route.filters)).toBe(Object.prototype);
  });
});
