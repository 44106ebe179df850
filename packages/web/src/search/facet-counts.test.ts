import type { ExpressionJson } from '@canopy/client';
import { describe, expect, it } from 'vitest';
import { defineSearch } from './config.js';
import { countTargets, facetCountTarget, itemCountId } from './count-targets.js';
import { type CountTarget, planCounts } from './facet-counts.js';
import { searchActions, searchReducer } from './search-slice.js';
import type { SearchState } from './search-state.js';
import { residualFor, signatureOf } from './where-residual.js';

const published: ExpressionJson = { field: 'sys.versionStatus', equalTo: 'published' };
const term: ExpressionJson = {
  field: 'entryTitle',
  freeText: { term: 'sea', fuzzy: false, operator: 'and' },
};
const types = (...ids: string[]): ExpressionJson => ({
  and: [
    { field: 'sys.dataFormat', equalTo: 'entry' },
    { field: 'sys.contentTypeId', in: ids },
  ],
});
const upcoming: ExpressionJson = { field: 'eventDates.to', greaterThanOrEqualTo: 'now()' };
const past: ExpressionJson = { field: 'eventDates.to', lessThan: 'now()' };
const notPastEvents: ExpressionJson = {
  or: [{ not: { field: 'sys.contentTypeId', equalTo: 'event' } }, upcoming],
};

describe('residualFor', () => {
  it('decides the content type and data format tests and folds the logic around them', () => {
    const where = [published, types('course', 'event'), notPastEvents, term];
    expect(residualFor(where, 'course')).toEqual([published, term]);
    expect(residualFor(where, 'event')).toEqual([published, upcoming, term]);
    expect(residualFor(where, 'person')).toBeNull();
    expect(residualFor([{ not: [{ field: 'sys.contentTypeId', in: ['Person'] }] }], 'person')).toBeNull();
  });

  it('leaves weights out, since they order results and never change what matches', () => {
    const weighted = { ...term, weight: 10 } as ExpressionJson;
    expect(signatureOf(residualFor([weighted], 'course') ?? [])).toBe(signatureOf([term]));
  });

  it('gives the same signature to the same expressions in any order', () => {
    expect(signatureOf([published, term])).toBe(signatureOf([term, published]));
    expect(signatureOf([published, term])).not.toBe(signatureOf([published]));
  });
});

describe('planCounts', () => {
  const target = (id: string, contentTypeIds: string[] | null, ...where: ExpressionJson[]): CountTarget => ({
    id,
    contentTypeIds,
    where: [published, ...(contentTypeIds ? [types(...contentTypeIds)] : []), ...where, term],
  });

  it('counts facets that ask the same of each content type in one query, each by its own types', () => {
    const plan = planCounts([
      target('courses', ['course']),
      target('all', ['course', 'newsArticle', 'event'], notPastEvents),
      target('news', ['newsArticle']),
      target('events', ['event'], upcoming),
    ]);
    expect(plan.queries).toHaveLength(1);
    const query = plan.queries[0]?.toJSON();
    expect(query?.pageSize).toBe(1);
    expect(query?.aggregations).toEqual({ sf_contentTypes: { field: 'sys.contentTypeId', size: 3 } });
    // What every type asks is said once; the events' own condition sits in their branch.
    expect(query?.where).toEqual([
      published,
      term,
      { field: 'sys.dataFormat', equalTo: 'entry' },
      {
        or: [
          { field: 'sys.contentTypeId', in: ['course', 'newsArticle'] },
          { and: [{ field: 'sys.contentTypeId', in: ['event'] }, upcoming] },
        ],
      },
    ]);
    const counts = plan.countsFrom([
      { totalCount: 12, aggregations: { sf_contentTypes: { course: 5, newsarticle: 4, event: 3 } } },
    ]);
    expect(counts).toEqual({ courses: 5, all: 12, news: 4, events: 3 });
  });

  it('takes a query more for each different thing asked of one type, never one per facet', () => {
    const plan = planCounts([
      target('courses', ['course']),
      target('news', ['newsArticle']),
      target('upcoming', ['event'], upcoming),
      target('past', ['event'], past),
      target('level', ['course'], { field: 'studyLevel', in: ['Undergraduate'] }),
    ]);
    // Past events and chosen courses ask different things of different types: they share one.
    expect(plan.queries).toHaveLength(2);
    const counts = plan.countsFrom([
      { totalCount: 9, aggregations: { sf_contentTypes: { course: 5, newsArticle: 3, event: 1 } } },
      { totalCount: 9, aggregations: { sf_contentTypes: { event: 7, course: 2 } } },
    ]);
    expect(counts).toEqual({ courses: 5, news: 3, upcoming: 1, past: 7, level: 2 });
  });

  it('counts a clause it cannot split by content type by its own total; a type it excludes is zero', () => {
    const plan = planCounts([
      target('pages', null, { field: 'sys.dataFormat', equalTo: 'webpage' }),
      { id: 'none', contentTypeIds: ['course'], where: [{ field: 'sys.contentTypeId', equalTo: 'event' }] },
    ]);
    expect(plan.queries).toHaveLength(1);
    expect(plan.queries[0]?.toJSON().aggregations).toBeUndefined();
    expect(plan.countsFrom([{ totalCount: 4 }])).toEqual({ pages: 4, none: 0 });
  });
});

describe('countTargets', () => {
  const config = defineSearch({
    facets: {
      courses: {
        title: 'Courses',
        queryParams: { contentTypeIds: ['course'] },
        filters: { level: { title: 'Level', fieldId: 'studyLevel', items: [{ key: 'Undergraduate' }] } },
      },
      events: {
        title: 'Events',
        queryParams: { contentTypeIds: ['event'] },
        filters: {
          when: {
            title: 'When',
            isSingleSelect: true,
            defaultKey: 'upcoming',
            items: [
              { key: 'upcoming', title: 'Upcoming', where: [upcoming] },
              { key: 'past', title: 'Past', where: [past] },
            ],
          },
        },
      },
      custom: { title: 'Custom', queryParams: {}, customApi: { uri: '/api/x' } },
    },
  });
  const call = { versionStatus: 'published' as const };
  const reducer = searchReducer(config);
  const at = (path: string, filters: Record<string, string[]> = {}): SearchState =>
    reducer(
      undefined,
      searchActions.routeApplied({
        context: 'facets',
        route: { facet: path, term: 'sea', filters, pageIndex: 0, orderBy: null, pageSize: null, hash: '' },
      }),
    );

  it('counts each facet with its own filters, the defaults of a facet not opened yet included', () => {
    const state = at('courses', { level: ['Undergraduate'] });
    const targets = countTargets(state, call);
    expect(targets.map((t) => t.id)).toEqual(['courses', 'events']);
    expect(targets.find((t) => t.id === 'events')?.where).toContainEqual(upcoming);
    // The current facet counts its own results; the count query asks it as it stands by
    // default, so the query is the same whatever the visitor chose on it.
    expect(targets.find((t) => t.id === 'courses')?.where).not.toContainEqual({
      field: 'studyLevel',
      in: ['Undergraduate'],
    });
    expect(facetCountTarget(state, 'courses', call)?.where).toContainEqual({
      field: 'studyLevel',
      in: ['Undergraduate'],
    });
    // Another facet keeps what was chosen on it.
    const elsewhere = { ...state, currentFacet: 'events' };
    expect(countTargets(elsewhere, call).find((t) => t.id === 'courses')?.where).toContainEqual({
      field: 'studyLevel',
      in: ['Undergraduate'],
    });
  });

  it('adds each where item of the current facet, the key changing only with what is counted', () => {
    const state = at('events');
    const ids = countTargets(state, call).map((t) => t.id);
    expect(ids).toEqual([
      'courses',
      'events',
      itemCountId('events', 'when', 'upcoming'),
      itemCountId('events', 'when', 'past'),
    ]);
    const item = countTargets(state, call).find((t) => t.id === itemCountId('events', 'when', 'past'));
    expect(item?.where).toContainEqual(past);
    expect(item?.where).not.toContainEqual(upcoming);
    // The facet as it stands and its default item count the same, under the same key.
    expect(facetCountTarget(state, 'events', call)?.key).toBe(
      countTargets(state, call).find((t) => t.id === itemCountId('events', 'when', 'upcoming'))?.key,
    );
    expect(facetCountTarget(at('events', { when: ['past'] }), 'events', call)?.key).toBe(item?.key);
    expect(facetCountTarget(at('courses'), 'courses', call)?.key).not.toBe(
      facetCountTarget(at('courses', { level: ['Undergraduate'] }), 'courses', call)?.key,
    );
  });
});
