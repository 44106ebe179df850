import { describe, expect, it } from 'vitest';
import { SEARCH_ERROR_MESSAGES } from './constants.js';
import { customApiUrl } from './search-flow.js';

describe('customApiUrl', () => {
  const input = {
    queryParams: {
      fields: ['entryTitle'],
      fieldLinkDepths: { photo: 1 },
      linkDepth: 1,
      orderBy: ['-lastName'],
    },
    term: 'smith',
    pageIndex: 2,
    pageSize: 10,
    versionStatus: 'published' as const,
    filters: { department: { fieldId: 'department', values: ['Law', 'History'] }, empty: { values: [] } },
  };

  it('sends fieldLinkDepths and fields as JSON, the paging, sort, term, version status and selected filters', () => {
    const url = new URL(customApiUrl({ uri: '/api/people' }, input), 'http://site.test');
    expect(url.pathname).toBe('/api/people');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      fieldLinkDepths: '{"photo":1}',
      fields: '["entryTitle"]',
      orderBy: '-lastName',
      linkDepth: '1',
      pageSize: '10',
      pageIndex: '2',
      term: 'smith',
      versionStatus: 'published',
      department: 'Law,History',
    });
  });

  it('keeps a relative uri relative, and uses an origin or absolute uri as given', () => {
    expect(customApiUrl({ uri: '/api/people?x=1' }, input).startsWith('/api/people?x=1&')).toBe(true);
    expect(
      customApiUrl({ uri: '/api/people' }, input, 'https://site.example').startsWith(
        'https://site.example/api/people?',
      ),
    ).toBe(true);
  });

  it("refuses a facet without a uri with the spec's message", () => {
    expect(() => customApiUrl({}, input)).toThrow(SEARCH_ERROR_MESSAGES.customApiUri);
    expect(() => customApiUrl(null, input)).toThrow('uri is required to use customApi');
  });
});
