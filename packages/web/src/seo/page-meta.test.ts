import type { Entry } from '@canopy/client';
import { describe, expect, it } from 'vitest';
import type { SiteDefinition } from '../site/site-definition.js';
import { initialNavigationState } from '../state/navigation-slice.js';
import { initialRoutingState, type RoutingState } from '../state/routing-slice.js';
import type { SiteState } from '../state/store-types.js';
import { initialVersionState } from '../state/version-slice.js';
import { initialUserState } from '../user/user-slice.js';
import { entryImage, ogLocale, pageMeta } from './page-meta.js';

const site: SiteDefinition = { name: 'Aberwen University', contentTypeMappings: [] };
const origin = 'https://www.aberwen.example';

const stateWith = (routing: Partial<RoutingState>): SiteState =>
  ({
    routing: { ...initialRoutingState, publicOrigin: origin, ...routing },
    navigation: initialNavigationState,
    version: initialVersionState,
    user: initialUserState,
  }) as SiteState;

const image = (uri: string, altText?: string) => ({
  asset: { sys: { id: 'i', contentTypeId: 'image', dataFormat: 'asset', language: 'en-GB', uri } },
  ...(altText ? { altText } : {}),
});

const course = {
  entryTitle: 'LLB Law',
  entryDescription: 'Study law in Aberwen.',
  summary: 'x',
  heroImage: image('/image-library/courses/law.svg', 'The law library'),
  sys: { id: 'c', contentTypeId: 'course', dataFormat: 'entry', language: 'cy', uri: '/courses/llb-law' },
} as unknown as Entry;

describe('pageMeta', () => {
  it('describes a page from its entry, with its canonical URL on the public origin', () => {
    const meta = pageMeta(stateWith({ entry: course, canonicalPath: '/courses/llb-law' }), site);
    expect(meta).toEqual({
      title: 'LLB Law | Aberwen University',
      description: 'Study law in Aberwen.',
      canonical: 'https://www.aberwen.example/courses/llb-law',
      robots: null,
      type: 'website',
      siteName: 'Aberwen University',
      locale: 'cy',
      image: 'https://www.aberwen.example/image-library/courses/law.svg',
      imageAlt: 'The law library',
      twitterCard: 'summary_large_image',
      twitterSite: null,
    });
  });

  it("names the site, a static route and an error in the page's words", () => {
    const words = {
      'Aberwen University': 'Prifysgol Aberwen',
      'Sign in': 'Mewngofnodi',
      '404 Page Not Found': 'Heb ddod o hyd i’r dudalen',
    };
    const welsh = (routing: Partial<RoutingState>) =>
      pageMeta(stateWith({ language: 'cy', words, ...routing }), site);
    const entry = { ...course, entryTitle: 'LLB y Gyfraith' } as Entry;
    expect(welsh({ entry })).toMatchObject({
      title: 'LLB y Gyfraith | Prifysgol Aberwen',
      siteName: 'Prifysgol Aberwen',
    });
    expect(
      welsh({ staticRoute: { path: '/account/login', params: {}, nodePath: null, title: 'Sign in' } }).title,
    ).toBe('Mewngofnodi | Prifysgol Aberwen');
    expect(welsh({ notFound: true, statusCode: 404 }).title).toBe(
      'Heb ddod o hyd i’r dudalen | Prifysgol Aberwen',
    );
    // A heading the words do not have stays the framework's.
    expect(welsh({ isError: true, statusCode: 502 }).title).toBe('502 Page Not Found | Prifysgol Aberwen');
    expect(welsh({}).title).toBe('Prifysgol Aberwen');
  });

  it('has no canonical link or description on error pages, and none without an origin', () => {
    const notFound = pageMeta(stateWith({ notFound: true, statusCode: 404, canonicalPath: '/x' }), site);
    expect(notFound).toMatchObject({
      canonical: null,
      description: null,
      title: '404 Page Not Found | Aberwen University',
    });
    const failed = pageMeta(
      stateWith({ isError: true, statusCode: 503, entry: course, canonicalPath: '/x' }),
      site,
    );
    expect(failed).toMatchObject({ canonical: null, image: null, description: null, twitterCard: 'summary' });
    const unknownOrigin = pageMeta(
      stateWith({ publicOrigin: null, entry: course, canonicalPath: '/x' }),
      site,
    );
    expect(unknownOrigin).toMatchObject({ canonical: null, image: null });
  });

  it('keeps the canonical link on the origin, whatever the path looks like', () => {
    for (const path of ['//evil.example/x', '/\\evil.example/x', '///evil.example']) {
      const canonical = pageMeta(stateWith({ canonicalPath: path }), site).canonical;
      expect(canonical === null || canonical.startsWith(`${origin}/`), String(canonical)).toBe(true);
    }
  });

  it('asks search engines to leave previews alone', () => {
    expect(pageMeta(stateWith({ entry: course, isPreview: true, canonicalPath: '/x' }), site).robots).toBe(
      'noindex',
    );
  });

  it("applies the site's overrides to the defaults", () => {
    const withOverrides: SiteDefinition = {
      ...site,
      seo: {
        twitterSite: '@aberwen',
        meta: (defaults, state) =>
          state.routing.entry?.sys.contentTypeId === 'course'
            ? { type: 'article', description: `${defaults.description} Apply now.` }
            : null,
      },
    };
    const meta = pageMeta(stateWith({ entry: course, canonicalPath: '/courses/llb-law' }), withOverrides);
    expect(meta).toMatchObject({
      type: 'article',
      description: 'Study law in Aberwen. Apply now.',
      twitterSite: '@aberwen',
    });
    expect(pageMeta(stateWith({}), withOverrides).type).toBe('website');
  });
});

describe('entryImage', () => {
  it('prefers the entry thumbnail, then the first image field with an address', () => {
    const withThumbnail = {
      ...course,
      entryThumbnail: image('/image-library/thumb.svg'),
    } as unknown as Entry;
    expect(entryImage(withThumbnail)).toEqual({ uri: '/image-library/thumb.svg', alt: null });
    expect(entryImage(course)).toEqual({ uri: '/image-library/courses/law.svg', alt: 'The law library' });
    const unresolved = { photo: { asset: { sys: { id: 'x' } } }, sys: course.sys } as unknown as Entry;
    expect(entryImage(unresolved)).toBeNull();
  });
});

describe('ogLocale', () => {
  it('writes language tags the Open Graph way', () => {
    expect(ogLocale('en-GB')).toBe('en_GB');
    expect(ogLocale('cy')).toBe('cy');
    expect(ogLocale('es-419')).toBe('es_419');
    expect(ogLocale('not a tag')).toBeNull();
  });
});
