import { describe, expect, it } from 'vitest';
import { initialNavigationState } from '../state/navigation-slice.js';
import { initialRoutingState, type RoutingState } from '../state/routing-slice.js';
import type { SiteState } from '../state/store-types.js';
import { initialVersionState } from '../state/version-slice.js';
import { initialUserState } from '../user/user-slice.js';
import { defaultTitle } from './PageHead.js';

const stateWith = (routing: Partial<RoutingState>): SiteState =>
  ({
    routing: { ...initialRoutingState, ...routing },
    navigation: initialNavigationState,
    version: initialVersionState,
    user: initialUserState,
  }) as SiteState;

const entry = (entryTitle: string) =>
  ({ entryTitle, sys: { id: 'e', contentTypeId: 'page', dataFormat: 'entry', language: 'en-GB' } }) as const;

describe('defaultTitle', () => {
  it('names a static route by its title, before the site name', () => {
    const route = { path: '/account/login', params: {}, nodePath: null, title: 'Sign in' };
    expect(defaultTitle(stateWith({ staticRoute: route }), 'Aberwen University')).toBe(
      'Sign in | Aberwen University',
    );
  });

  it('names a content page by its entry, and a page without a name by the site alone', () => {
    expect(defaultTitle(stateWith({ entry: entry('Courses') as never }), 'Aberwen University')).toBe(
      'Courses | Aberwen University',
    );
    const untitled = { path: '/somewhere', params: {}, nodePath: null };
    expect(defaultTitle(stateWith({ staticRoute: untitled }), 'Aberwen University')).toBe(
      'Aberwen University',
    );
  });

  it('names errors by their heading', () => {
    const route = { path: '/account/login', params: {}, nodePath: null, title: 'Sign in' };
    expect(
      defaultTitle(stateWith({ staticRoute: route, notFound: true, statusCode: 404 }), 'Aberwen University'),
    ).toBe('404 Page Not Found | Aberwen University');
  });
});
