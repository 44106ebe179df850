import { describe, expect, it } from 'vitest';
import { COMPACT_ITEMS, restoreInlineSearch, SAME_AS_HIT } from './inline-search-restore.js';
import { type InlineSearchSource, trimInlineSearch } from './inline-search-trim.js';
import { facetState, initialSearchState, type SearchState } from './search-state.js';

/** A subject taxonomy as the search slice holds it after a search (counts from buckets). */
function subjectItems() {
  const leaf = (key: string, title: string, path: string, aggregate: number) => ({
    key,
    type: 'taxonomy',
    title,
    path: `${path}/${title}`,
    isSelected: false,
    aggregate,
  });
  const life = 'Root/Subjects/Life Sciences';
  return [
    {
      key: '0/1/1',
      type: 'taxonomy',
      title: 'Life Sciences',
      path: life,
      children: [leaf('0/1/1/1', 'Marine Biology', life, 3), leaf('0/1/1/2', 'Zoology', life, 0)],
      isSelected: false,
      aggregate: 0,
    },
    // Not where its key and path say by its place: written as it is.
    {
      key: 'odd',
      type: 'entry',
      title: 'Elsewhere',
      path: 'Other/Elsewhere',
      isSelected: true,
      aggregate: 7,
    },
    // No path, no selection flag, no count: stays without them.
    { key: '0/1/3', title: 'Plain' },
  ];
}

const BODY = '<p>Practical work at <strong>sea</strong> aboard the research vessel &amp; more.</p>';

function hit(id: string, summary: string, description: unknown) {
  return {
    entryTitle: `Course ${id}`,
    entryDescription: summary,
    description,
    heroImage: { asset: { sys: { id: 'img', uri: '/image-library/sea.jpg' } }, altText: 'The bay at dusk' },
    sys: { id, contentTypeId: 'course' },
  };
}

function searchState(term: string, items: unknown[]): SearchState {
  const initial = initialSearchState({ facets: {} });
  const facet = facetState({
    title: 'Courses',
    queryParams: { fields: ['description'], snippetFields: ['description'], fuzzySearch: true },
  });
  return {
    ...initial,
    term,
    facets: {
      courses: {
        ...facet,
        filters: {
          subject: {
            title: 'Subject',
            path: 'Root/Subjects',
            isLoading: false,
            isError: false,
            error: null,
            items: subjectItems(),
            buckets: { '0/1/1/1': 3 },
          },
        },
        entries: { ...facet.entries, items: items as SearchState['facets'][string]['entries']['items'] },
      },
    },
  } as SearchState;
}

function leanOf(state: SearchState) {
  const facet = state.facets.courses;
  return {
    search: {
      term: state.term,
      facets: { courses: { filters: facet?.filters, entries: { items: facet?.entries.items } } },
    },
  };
}

const source = (state: SearchState, language: string | null = null): InlineSearchSource => ({
  search: state,
  routing: { language },
});

describe('trimInlineSearch and restoreInlineSearch', () => {
  it('write filter items without what follows from their place, and put it back', () => {
    const state = searchState('', []);
    const lean = leanOf(state);
    const trimmed = trimInlineSearch(lean, source(state)) as ReturnType<typeof leanOf>;
    const subject = trimmed.search.facets.courses.filters?.subject as unknown as Record<string, unknown>;
    expect(subject.items).toBeUndefined();
    expect(subject[COMPACT_ITEMS]).toEqual({
      type: 'taxonomy',
      root: 'Root/Subjects',
      list: [
        {
          key: '0/1/1',
          title: 'Life Sciences',
          children: [{ title: 'Marine Biology' }, { title: 'Zoology' }],
        },
        {
          key: 'odd',
          type: 'entry',
          title: 'Elsewhere',
          path: 'Other/Elsewhere',
          isSelected: true,
          aggregate: 7,
        },
        { key: '0/1/3', title: 'Plain', type: null, path: null, isSelected: null, aggregate: null },
      ],
    });
    const restored = restoreInlineSearch(JSON.parse(JSON.stringify(trimmed.search)));
    expect(restored.facets.courses.filters.subject.items).toEqual(subjectItems());
    expect(restored.facets.courses.filters.subject[COMPACT_ITEMS]).toBeUndefined();
    // The state the page was rendered from is not changed.
    expect(state.facets.courses?.filters.subject?.items).toEqual(subjectItems());
    expect(JSON.stringify(trimmed).length).toBeLessThan(JSON.stringify(lean).length * 0.8);
  });

  it('keeps counts that are not their bucket’s, and every count of a filter without buckets', () => {
    const state = searchState('', []);
    const filter = state.facets.courses?.filters.subject;
    if (!filter) throw new Error('no filter');
    const counted = { ...filter, items: [{ ...subjectItems()[0], aggregate: 12 }] };
    const withoutBuckets = { ...filter, buckets: null };
    for (const subject of [counted, withoutBuckets]) {
      const lean = { search: { facets: { courses: { filters: { subject } } } } };
      const trimmed = trimInlineSearch(lean, source(state));
      const restored = restoreInlineSearch(JSON.parse(JSON.stringify(trimmed.search)));
      expect(restored.facets.courses.filters.subject.items).toEqual(subject.items);
    }
  });

  it('leaves out a result’s snippet field unless its snippet comes from it, and writes that one as plain text', () => {
    const items = [
      // The summary has the word: the page shows the summary, the body is not needed.
      hit('a', 'Study the sea in small groups.', BODY),
      // Only the body has it: the snippet is the body's, kept as the text it is made from.
      hit('b', 'Study life in small groups.', BODY),
      // A field that is not text (a composer) is never a snippet.
      hit('c', 'Study life in small groups.', [{ type: 'paragraph' }]),
    ];
    const state = searchState('sea', items);
    const trimmed = trimInlineSearch(leanOf(state), source(state)) as ReturnType<typeof leanOf>;
    const hits = trimmed.search.facets.courses.entries.items as unknown as Record<string, unknown>[];
    expect(hits.map((entry) => entry.description)).toEqual([
      undefined,
      'Practical work at sea aboard the research vessel & more.',
      undefined,
    ]);
    expect(hits.map((entry) => 'description' in entry)).toEqual([false, true, false]);
    // Without a term nothing is a snippet.
    const browsing = searchState('', items);
    const plain = trimInlineSearch(leanOf(browsing), source(browsing)) as ReturnType<typeof leanOf>;
    const browsed = plain.search.facets.courses.entries.items as unknown as Record<string, unknown>[];
    expect(browsed.some((entry) => 'description' in entry)).toBe(false);
    // The state itself keeps its bodies (`?redux=true` answers it).
    expect(state.facets.courses?.entries.items.map((entry) => entry.description)).toEqual([
      BODY,
      BODY,
      [{ type: 'paragraph' }],
    ]);
  });

  it('keeps every snippet field of a facet that names none', () => {
    const state = searchState('sea', [hit('a', 'Study the sea.', BODY)]);
    const courses = state.facets.courses;
    if (!courses) throw new Error('no facet');
    const unnamed = {
      ...state,
      facets: { courses: { ...courses, queryParams: { ...courses.queryParams, snippetFields: [] } } },
    };
    const trimmed = trimInlineSearch(leanOf(unnamed), source(unnamed)) as ReturnType<typeof leanOf>;
    expect(trimmed.search.facets.courses.entries.items?.[0]?.description).toBe(BODY);
  });

  it('writes a member that repeats the same member of an earlier result once, and shares it again', () => {
    const items = [hit('a', 'The sea.', BODY), hit('b', 'The sea too.', BODY)];
    const state = searchState('sea', items);
    const trimmed = trimInlineSearch(leanOf(state), source(state)) as ReturnType<typeof leanOf>;
    const hits = trimmed.search.facets.courses.entries.items as unknown as Record<string, unknown>[];
    expect(hits[1]?.heroImage).toEqual({ [SAME_AS_HIT]: 0 });
    expect(hits[1]?.sys).toEqual(items[1]?.sys);
    const restored = restoreInlineSearch(JSON.parse(JSON.stringify(trimmed.search)));
    const back = restored.facets.courses.entries.items;
    expect(back[1].heroImage).toEqual(items[1]?.heroImage);
    expect(back[1].heroImage).toBe(back[0].heroImage);
  });

  it('leaves a state without a search slice, and a whole state, as they are', () => {
    const lean = { routing: { entry: null } };
    expect(trimInlineSearch(lean, { search: null, routing: {} })).toBe(lean);
    const whole = searchState('sea', [hit('a', 'The sea.', BODY)]);
    const copy = JSON.parse(JSON.stringify(whole));
    expect(restoreInlineSearch(copy)).toEqual(JSON.parse(JSON.stringify(whole)));
  });
});
