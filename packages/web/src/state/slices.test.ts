import { describe, expect, it } from 'vitest';
import {
  initialNavigationState,
  navigationFailed,
  navigationSlice,
  UNKNOWN_ERROR_MESSAGE,
} from './navigation-slice.js';
import {
  initialRoutingState,
  routeAccessRequired,
  routeFailed,
  routeLoaded,
  routeNotFound,
  routeRequested,
  routingSlice,
} from './routing-slice.js';

const reduce = routingSlice.reducer;
const entry = {
  sys: {
    id: 'e1',
    contentTypeId: 'page',
    language: 'en-GB',
    dataFormat: 'entry',
    versionStatus: 'published' as const,
  },
  entryTitle: 'Page',
};
const loaded = {
  entry,
  mappedEntry: { title: 'Page' },
  node: null,
  ancestors: [],
  siblings: [],
  staticRoute: null,
  allowedGroups: null,
  isPreview: false,
};

describe('routing slice', () => {
  it('starts at / with status 200', () => {
    expect(initialRoutingState.currentPath).toBe('/');
    expect(initialRoutingState.statusCode).toBe(200);
  });

  it('sets the canonical path from the entry URI, else the current path', () => {
    const requested = reduce(
      initialRoutingState,
      routeRequested({ location: { pathname: '/a', search: '', hash: '' }, path: '/a', isBrowser: true }),
    );
    expect(requested.isLoading).toBe(true);
    expect(reduce(requested, routeLoaded(loaded)).canonicalPath).toBe('/a');
    const withUri = { ...loaded, entry: { ...entry, sys: { ...entry.sys, uri: '/canonical' } } };
    const state = reduce(requested, routeLoaded(withUri));
    expect(state).toMatchObject({
      canonicalPath: '/canonical',
      entryID: 'e1',
      statusCode: 200,
      isLoading: false,
    });
  });

  it('clears the entry when not found (404) or failed (the status, or 500)', () => {
    const page = reduce(initialRoutingState, routeLoaded(loaded));
    expect(reduce(page, routeNotFound())).toMatchObject({
      notFound: true,
      entry: null,
      entryID: null,
      statusCode: 404,
    });
    expect(reduce(page, routeFailed({ message: 'x' }))).toMatchObject({
      isError: true,
      entry: null,
      statusCode: 500,
      error: { message: 'x', status: 500 },
    });
    expect(reduce(page, routeFailed({ message: 'x', status: 503 })).statusCode).toBe(503);
  });

  it('records an access redirect without the entry', () => {
    const page = reduce(initialRoutingState, routeLoaded(loaded));
    const state = reduce(
      page,
      routeAccessRequired({ status: 403, location: '/account/access-denied', allowedGroups: ['Staff'] }),
    );
    expect(state).toMatchObject({
      entry: null,
      statusCode: 403,
      allowedGroups: ['Staff'],
      redirect: { status: 403, location: '/account/access-denied' },
    });
  });
});

describe('navigation slice', () => {
  it('defaults a failure message to Unknown error occurred', () => {
    const state = navigationSlice.reducer(initialNavigationState, navigationFailed({}));
    expect(state.error).toEqual({ isError: true, message: UNKNOWN_ERROR_MESSAGE });
    expect(UNKNOWN_ERROR_MESSAGE).toBe('Unknown error occurred');
    expect(
      navigationSlice.reducer(initialNavigationState, navigationFailed({ message: 'Down' })).error.message,
    ).toBe('Down');
  });
});
