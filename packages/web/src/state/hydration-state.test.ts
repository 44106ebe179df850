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
});
