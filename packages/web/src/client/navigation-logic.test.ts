import { describe, expect, it } from 'vitest';
import { initialRoutingState } from '../state/routing-slice.js';
import type { SiteState } from '../state/store-types.js';
import { PageSnapshots, snapshotOf } from './page-snapshots.js';
import { prefetchAllowed } from './prefetch.js';
import { PLACES_LIMIT, PLACES_STORAGE_KEY, PlaceMemory, placeKey } from './scroll-memory.js';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

const stateAt = (pathname: string, extra: Record<string, unknown> = {}) =>
  ({
    routing: { ...initialRoutingState, location: { pathname, search: '', hash: '' } },
    navigation: {},
    version: {},
    user: {},
    consent: {},
    ...extra,
  }) as unknown as SiteState;

describe('PlaceMemory', () => {
  it('keeps places across instances through storage, bounded, and ignores damaged storage', () => {
    const storage = memoryStorage();
    const first = new PlaceMemory(storage);
    first.save('k1', { x: 0, y: 5400, focus: { href: '/events/a', index: 1 } });
    expect(new PlaceMemory(storage).get('k1')).toEqual({
      x: 0,
      y: 5400,
      focus: { href: '/events/a', index: 1 },
    });
    for (let i = 0; i < PLACES_LIMIT + 5; i++) first.save(`n${i}`, { x: 0, y: i, focus: null });
    expect(first.get('k1')).toBeUndefined();
    expect(JSON.parse(storage.items.get(PLACES_STORAGE_KEY) ?? '[]')).toHaveLength(PLACES_LIMIT);
    storage.setItem(PLACES_STORAGE_KEY, '{not json');
    expect(new PlaceMemory(storage).get('n1')).toBeUndefined();
    expect(new PlaceMemory(null).get('n1')).toBeUndefined();
  });

  it('names the first history entry by its address', () => {
    expect(placeKey({ key: 'default', pathname: '/events', search: '?when=past' })).toBe(
      'default:/events?when=past',
    );
    expect(placeKey({ key: 'x1y2', pathname: '/events', search: '' })).toBe('x1y2');
  });
});

describe('PageSnapshots', () => {
  it('keeps routing and route slices, not the visit or the site slices', () => {
    const snapshot = snapshotOf(stateAt('/search', { search: { term: 'sea' }, cart: { items: 2 } }), [
      'cart',
    ]);
    expect(Object.keys(snapshot).sort()).toEqual(['routing', 'search']);
  });

  it('serves a page for the max-age only, and never after a content change', () => {
    let now = 0;
    const pages = new PageSnapshots({ now: () => now });
    pages.keep(stateAt('/events'), [], 0);
    expect(pages.get('/events', { maxAgeMs: 60_000, changes: 0 })?.routing.location.pathname).toBe('/events');
    expect(pages.get('/events', { maxAgeMs: 60_000, changes: 1 })).toBeUndefined();
    pages.keep(stateAt('/about'), [], 1);
    now = 60_000;
    expect(pages.get('/about', { maxAgeMs: 60_000, changes: 1 })).toBeUndefined();
  });

  it('is bounded', () => {
    const pages = new PageSnapshots({ limit: 2 });
    for (const path of ['/a', '/b', '/c']) pages.keep(stateAt(path), [], 0);
    expect(pages.get('/a', { maxAgeMs: 60_000, changes: 0 })).toBeUndefined();
    expect(pages.get('/c', { maxAgeMs: 60_000, changes: 0 })).toBeDefined();
  });
});

describe('prefetchAllowed', () => {
  it('prefetches unless the visitor saves data or the connection is 2G-class', () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: '4g' })).toBe(true);
    expect(prefetchAllowed({ saveData: true, effectiveType: '4g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
  });
});
