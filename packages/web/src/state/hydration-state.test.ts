import { describe, expect, it } from 'vitest';
import { hydrationState, leanState } from './hydration-state.js';

describe('leanState and hydrationState', () => {
  const initialSearch = { facets: { news: { title: 'News' } }, minilist: {}, term: '' };
  const initial = {
    routing: { entry: null, apiCalls: [], surrogateKeys: [], statusCode: 200 },
    user: { name: null },
    search: initialSearch,
  };

  it('inlines only what changed, without server-only parts, and rebuilds the whole state', () => {
    const entry = { sys: { id: 'e1' } };
    const state = {
      routing: { entry, apiCalls: [{ url: '/x' }], surrogateKeys: ['k'], statusCode: 200 },
      user: initial.user,
      search: { ...initialSearch, minilist: { latest: { items: [1] } } },
    };
    const lean = leanState(state, initial);
    expect(lean).toEqual({ routing: { entry }, search: { minilist: { latest: { items: [1] } } } });
    const whole = hydrationState(JSON.parse(JSON.stringify(lean)), initial);
    expect(whole).toEqual({ ...state, routing: { ...state.routing, apiCalls: [], surrogateKeys: [] } });
  });

  it('takes a whole state (`?redux=true`) as it is', () => {
    const full = {
      routing: { entry: null, apiCalls: [], surrogateKeys: [], statusCode: 404 },
      user: { name: 'Ann' },
      search: initialSearch,
    };
    expect(hydrationState(full, initial)).toEqual(full);
  });

  it('leaves out unchanged parts at any depth, and inlines arrays and replaced values whole', () => {
    const queryParams = { fields: ['entryTitle', 'sys.uri'], pageSize: 3 };
    const related = { title: 'Related', queryParams, entries: { items: [] as unknown[], isLoading: false } };
    const latest = { title: 'Latest', queryParams, entries: { items: [] as unknown[], isLoading: false } };
    const start = {
      routing: { entry: null, apiCalls: [], surrogateKeys: [], statusCode: 200 },
      search: { minilist: { related, latest }, term: '', recent: ['marine', 'sea'] },
    };
    const items = [{ entryTitle: 'PhD Marine Biology' }];
    // As a reducer leaves it: the changed branch is new, everything beside it the same objects.
    const state = {
      ...start,
      search: {
        ...start.search,
        minilist: {
          ...start.search.minilist,
          related: { ...related, entries: { ...related.entries, items } },
        },
      },
    };
    const lean = leanState(state, start);
    expect(lean).toEqual({ search: { minilist: { related: { entries: { items } } } } });
    expect(JSON.stringify(lean)).not.toContain('entryTitle","sys.uri');

    const rebuilt = hydrationState(JSON.parse(JSON.stringify(lean)), structuredClone(start));
    expect(rebuilt).toEqual(state);
    // An array is never merged by position: the new one replaces the initial one.
    const shorter = {
      ...start,
      search: { ...start.search, term: 'sea', minilist: { related, latest: null } },
    };
    const leanShorter = leanState(shorter, start);
    expect(leanShorter).toEqual({ search: { term: 'sea', minilist: { latest: null } } });
    expect(hydrationState(JSON.parse(JSON.stringify(leanShorter)), structuredClone(start))).toEqual(shorter);
  });

  it('inlines what the stand-in of a slice hydrated without its initial state renders from, and the changes', () => {
    const queryParams = { pageSize: 3, fields: ['entryTitle'] };
    const latest = {
      title: 'Latest news',
      queryParams,
      entries: { isLoading: false, items: [] as string[] },
    };
    const related = { title: 'Related', queryParams, entries: { isLoading: false, items: [] as string[] } };
    const start = { search: { minilist: { related, latest }, term: '', config: { isLoaded: false } } };
    const shown = { ...related, entries: { isLoading: false, items: ['PhD Marine Biology'] } };
    const state = { search: { ...start.search, minilist: { related: shown, latest } } };
    const lean = leanState(state, start, new Map([['search', ['title']]]));
    // The minilist the page shows: its title (kept) and what changed; not the other minilist,
    // not the configuration.
    expect(lean).toEqual({
      search: { minilist: { related: { title: 'Related', entries: { items: ['PhD Marine Biology'] } } } },
    });
    // The browser's stand-in reducer starts from nothing: what it is given is all it has, enough
    // for `useMinilist` (title and entries).
    expect(hydrationState(JSON.parse(JSON.stringify(lean)), { search: null })).toEqual(lean);
    // The real reducer, once loaded, lays it over its initial state: the server's state again.
    expect(hydrationState(JSON.parse(JSON.stringify(lean)).search, structuredClone(start.search))).toEqual(
      state.search,
    );
  });
});
