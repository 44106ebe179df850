import { type Entry, filterExpression } from '@canopy/web';
import { describe, expect, it } from 'vitest';
import { contentTypeMappings } from '../mappings.js';
import { search } from '../search.js';
import { featuredNewsIds } from './home-news.js';
import { latestWithoutFeatured } from './latest-news.js';

const story = (id: string): Entry => ({ sys: { id, contentTypeId: 'newsArticle' } }) as unknown as Entry;
const home = (featuredNews: unknown): Entry =>
  ({ sys: { id: 'home', contentTypeId: 'homePage' }, featuredNews }) as unknown as Entry;

describe('featuredNewsIds', () => {
  it('reads the ids of featured stories, resolved links and plain ones alike', () => {
    const entry = home([story('a'), { sys: { id: 'b', dataFormat: 'entry' } }, null, 'c', {}]);
    expect(featuredNewsIds(entry)).toEqual(['a', 'b']);
  });

  it('is empty without featured stories', () => {
    expect(featuredNewsIds(home(undefined))).toEqual([]);
    expect(featuredNewsIds(null)).toEqual([]);
  });
});

describe('latestWithoutFeatured', () => {
  it('drops the featured stories from the latest, keeping the order of the rest', () => {
    const latest = [story('a'), story('b'), story('c')];
    expect(latestWithoutFeatured(latest, ['b']).map((entry) => entry.sys.id)).toEqual(['a', 'c']);
    expect(latestWithoutFeatured(latest, [])).toEqual(latest);
  });
});

describe('the home page’s latest news', () => {
  const mapping = contentTypeMappings.find((candidate) => candidate.contentTypeId === 'homePage');

  it('searches the newest stories that are not featured, so its three slots fill with others', async () => {
    const applied: unknown[] = [];
    // The loader's first step records the minilist's filters; the search itself is not run here.
    const stop = new Error('stop after the filters');
    await expect(
      mapping?.loader?.({
        entry: home([story('a'), story('b')]),
        dispatch: (action: { type?: string }) => {
          applied.push(action);
          if (action.type?.endsWith('minilistApplied')) throw stop;
        },
        getState: () => ({ search: { minilists: {} } }),
      } as never),
    ).rejects.toBe(stop);
    expect(applied).toContainEqual(
      expect.objectContaining({ payload: { minilist: 'latestNews', filters: { exclude: ['a', 'b'] } } }),
    );
  });

  it('turns the excluded ids into a "not one of these" condition on sys.id', () => {
    const exclude = search.minilists?.latestNews?.filters?.exclude;
    expect(exclude).toBeDefined();
    const expression = filterExpression({ ...exclude, values: ['a', 'b'] } as never);
    expect(JSON.parse(JSON.stringify(expression))).toEqual({ not: [{ field: 'sys.id', in: ['a', 'b'] }] });
  });
});
