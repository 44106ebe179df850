import type { Client, Entry } from '@canopy/client';
import { describe, expect, it } from 'vitest';
import type { SiteDefinition } from '../site/site-definition.js';
import { languageName, languageVersionsOf } from './language-versions.js';

const site = {
  name: 'Test',
  language: 'en-GB',
  languages: ['en-GB', 'cy'],
  contentTypeMappings: [],
} as SiteDefinition;
const ORIGIN = 'https://www.example.ac.uk';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A client whose node-by-entry lookup answers from `paths` (language → path), 404 otherwise. */
function clientWith(paths: Record<string, string>, asked: string[] = []): Client {
  return {
    nodes: {
      getByEntry: async ({ language }: { language: string }) => {
        asked.push(language);
        const path = paths[language];
        if (!path) throw Object.assign(new Error('Not found'), { status: 404 });
        return { path };
      },
    },
  } as unknown as Client;
}

function entry(availableLanguages: string[]): Entry {
  return { sys: { id: 'e1', availableLanguages } } as unknown as Entry;
}

describe('languageVersionsOf', () => {
  it('links a translated page to its node in the other language, with alternates', async () => {
    const asked: string[] = [];
    const versions = await languageVersionsOf(
      site,
      clientWith({ cy: '/cyrsiau/llb-y-gyfraith' }, asked),
      {
        language: 'en-GB',
        path: '/courses/llb-law',
        entry: entry(['en-GB', 'cy']),
        isStaticRoute: false,
        origin: ORIGIN,
      },
      quiet,
      new AbortController().signal,
    );
    expect(asked).toEqual(['cy']);
    expect(versions?.switcher).toEqual([
      { language: 'cy', name: 'Cymraeg', href: '/cy/cyrsiau/llb-y-gyfraith', translated: true },
    ]);
    expect(versions?.alternates.map((a) => a.hreflang)).toEqual(['en-GB', 'cy', 'x-default']);
  });

  it('asks nothing for an entry in one language and leads to the other home page', async () => {
    const asked: string[] = [];
    const versions = await languageVersionsOf(
      site,
      clientWith({}, asked),
      { language: 'en-GB', path: '/news/x', entry: entry(['en-GB']), isStaticRoute: false, origin: ORIGIN },
      quiet,
      new AbortController().signal,
    );
    expect(asked).toEqual([]);
    expect(versions).toEqual({
      switcher: [{ language: 'cy', name: 'Cymraeg', href: '/cy?translation=missing', translated: false }],
      alternates: [],
    });
  });

  it('falls back to the home page when the other node is missing', async () => {
    const versions = await languageVersionsOf(
      site,
      clientWith({}),
      {
        language: 'cy',
        path: '/cyrsiau/x',
        entry: entry(['en-GB', 'cy']),
        isStaticRoute: false,
        origin: ORIGIN,
      },
      quiet,
      new AbortController().signal,
    );
    expect(versions?.switcher[0]).toMatchObject({ language: 'en-GB', href: '/?translation=missing' });
  });

  it('keeps a static route’s path and gives an error page the home page', async () => {
    const page = { entry: null, isStaticRoute: true, origin: ORIGIN } as const;
    const signal = new AbortController().signal;
    const search = await languageVersionsOf(
      site,
      clientWith({}),
      { ...page, language: 'cy', path: '/search' },
      quiet,
      signal,
    );
    expect(search?.switcher[0]?.href).toBe('/search');
    const missing = await languageVersionsOf(
      site,
      clientWith({}),
      { ...page, language: 'cy', path: null },
      quiet,
      signal,
    );
    expect(missing?.switcher[0]?.href).toBe('/?translation=missing');
  });

  it('is null for a site in one language', async () => {
    const one = { ...site, languages: ['en-GB'] } as SiteDefinition;
    const page = { language: 'en-GB', path: '/', entry: null, isStaticRoute: true, origin: ORIGIN };
    expect(
      await languageVersionsOf(one, clientWith({}), page, quiet, new AbortController().signal),
    ).toBeNull();
  });
});

describe('languageName', () => {
  it('names a language in itself', () => {
    expect(languageName('cy')).toBe('Cymraeg');
    expect(languageName('en-GB')).toBe('English');
  });
});
