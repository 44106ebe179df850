import { describe, expect, it } from 'vitest';
import { HttpError } from '../../delivery/errors.js';
import { filterTagGroups, filterTags, parseOrder, TAG_ORDER_KEYS } from './listing.js';
import { actionAliases, reportedActions } from './permission-query.js';
import { tagGroupUsage } from './tag-group-usage.js';
import { replaceTagReferences, tagUsagePaths } from './tag-references.js';
import { tagUsageItems, usagePlace } from './tag-usage.js';
import type { TagDocument } from './tags.js';
import { firstVersion } from './versions.js';

const ref = (id: string) => ({ sys: { id, dataFormat: 'tag' } });
const version = firstVersion('2025-01-01T00:00:00.000Z', 'admin');
const tag = (id: string, value: string, label: Record<string, string>): TagDocument => ({
  id,
  groupId: 'topics',
  value,
  label,
  version,
});

describe('tag references in entries', () => {
  const entry = {
    sys: { id: 'e1', dataFormat: 'entry', tags: [ref('old')] },
    topics: [ref('old'), ref('keep'), ref('new')],
    primary: ref('old'),
    body: [{ type: 'tags', value: { topics: [{ ...ref('old'), value: 'old-value' }] } }],
    link: { sys: { id: 'old' } },
  };

  it('finds every place a tag sits, never in sys, never in plain links', () => {
    expect(tagUsagePaths(entry).get('old')).toEqual(['topics[0]', 'primary', 'body[0].value.topics[0]']);
    expect(tagUsagePaths(entry).get('keep')).toEqual(['topics[1]']);
  });

  it('re-points references without duplicating the replacement', () => {
    const replacement = { id: 'new', value: 'new-value', groupId: 'topics', label: { 'en-GB': 'New' } };
    const result = replaceTagReferences(entry, new Set(['old']), replacement)!;
    expect(result.topics).toEqual([ref('keep'), ref('new')]);
    expect(result.primary).toEqual(ref('new'));
    expect(result.body).toEqual([
      { type: 'tags', value: { topics: [{ ...ref('new'), value: 'new-value' }] } },
    ]);
    expect(result.sys).toBe(entry.sys);
    expect(result.link).toEqual({ sys: { id: 'old' } });
    expect(entry.topics[0]).toEqual(ref('old'));
  });

  it('removes references without a replacement and reports untouched entries', () => {
    const result = replaceTagReferences(entry, new Set(['old', 'keep']), null)!;
    expect(result.topics).toEqual([ref('new')]);
    expect(result.primary).toBeNull();
    expect(replaceTagReferences(entry, new Set(['unused']), null)).toBeUndefined();
  });

  it('shapes usage items and sorts archived and deleted entries out', () => {
    const candidate = {
      entryId: 'e1',
      language: 'en-GB',
      contentTypeId: 'newsArticle',
      dataFormat: 'entry',
      entryTitle: 'Bridge works',
      entry: { ...entry, sys: { workflow: { state: 'draft' } }, entryDescription: '' },
    };
    expect(tagUsageItems(candidate, 'keep')).toEqual([
      {
        id: 'e1',
        title: 'Bridge works',
        description: null,
        fieldId: 'topics[1]',
        contentTypeId: 'newsArticle',
        dataFormat: 'entry',
        language: 'en-GB',
        workflowState: 'draft',
      },
    ]);
    expect(usagePlace({ sys: { workflow: { state: 'archived' } } })).toBe('archived');
    expect(usagePlace({ sys: { version: { deleted: '2025-01-01' } } })).toBe('recycleBin');
    expect(usagePlace({ sys: {} })).toBe('live');
  });
});

describe('tag group usage', () => {
  it('lists tag fields naming the group, composer items included', () => {
    const tagField = (id: string, groups: string[]) => ({
      id,
      dataType: 'objectArray',
      dataFormat: 'tag',
      validations: { allowedTagGroups: { groupIds: groups } },
    });
    const usage = tagGroupUsage(
      [
        {
          id: 'article',
          name: { 'en-GB': 'Article' },
          dataFormat: 'entry',
          fields: [tagField('topics', ['Topics'])],
        },
        {
          id: 'page',
          name: { 'en-GB': 'Page' },
          description: { 'en-GB': 'A page' },
          fields: [
            {
              id: 'body',
              dataType: 'objectArray',
              dataFormat: 'field',
              validations: { allowedFieldTypes: { fields: [tagField('tags', ['topics'])] } },
            },
            tagField('other', ['places']),
            { id: 'any', dataFormat: 'tag' },
          ],
        },
        { id: 'broken', fields: 'nope' },
      ],
      'topics',
    );
    expect(usage).toEqual([
      {
        id: 'article',
        name: { 'en-GB': 'Article' },
        description: {},
        fieldId: 'topics',
        dataFormat: 'entry',
      },
      {
        id: 'page',
        name: { 'en-GB': 'Page' },
        description: { 'en-GB': 'A page' },
        fieldId: 'body.tags',
        dataFormat: 'entry',
      },
    ]);
  });
});

describe('tag listing', () => {
  const tags = [
    tag('1', 'transport', { 'en-GB': 'Transport', cy: 'Trafnidiaeth' }),
    tag('2', 'art', { 'en-GB': 'Art', cy: 'Celf' }),
    tag('3', 'bridges', { 'en-GB': 'Bridges', cy: 'Pontydd' }),
  ];

  it('orders by label in a language, searches labels and values', () => {
    expect(filterTags(tags, { order: [] }).map((t) => t.value)).toEqual(['art', 'bridges', 'transport']);
    expect(
      filterTags(tags, { order: parseOrder('-label', TAG_ORDER_KEYS), language: 'cy' }).map(
        (t) => t.label.cy,
      ),
    ).toEqual(['Trafnidiaeth', 'Pontydd', 'Celf']);
    expect(filterTags(tags, { order: [], q: 'pont', language: 'cy' }).map((t) => t.id)).toEqual(['3']);
    expect(filterTags(tags, { order: [], q: 'pont', language: 'en-GB' })).toEqual([]);
    expect(filterTags(tags, { order: [], q: 'rans' }).map((t) => t.id)).toEqual(['1']);
  });

  it('refuses unknown order keys with a 400', () => {
    expect(() => parseOrder('usageCount', TAG_ORDER_KEYS)).toThrow(HttpError);
    expect(parseOrder('VALUE,+id', TAG_ORDER_KEYS)).toEqual([
      { key: 'value', descending: false },
      { key: 'id', descending: false },
    ]);
  });

  it('sorts groups by tag count', () => {
    const groups = [
      { id: 'a', name: 'A', description: '', version, tagCount: 1 },
      { id: 'b', name: 'B', description: 'places', version, tagCount: 5 },
    ];
    expect(
      filterTagGroups(groups, { order: [{ key: 'tagCount', descending: true }] }).map((g) => g.id),
    ).toEqual(['b', 'a']);
    expect(filterTagGroups(groups, { order: [], q: 'place' }).map((g) => g.id)).toEqual(['b']);
  });
});

describe('permission queries', () => {
  it('spells out * and maps sys. actions', () => {
    expect(reportedActions(['*', 'contensisEntryBasic.draft.sysUpdate'])).toEqual([
      'view',
      'create',
      'update',
      'delete',
      'publish',
      'connect',
      'contensisEntryBasic.draft.sysUpdate',
    ]);
    expect(reportedActions(['view', 'View'])).toEqual(['view']);
    expect(actionAliases('sys.create')).toEqual(['sys.create', 'create']);
    expect(actionAliases('view')).toEqual(['view']);
  });
});
