import { describe, expect, it } from 'vitest';
import type { SeedContent } from '../types.js';
import { seedProblems } from './check.js';
import { demoContentTypes } from './content-types.js';

function content(overrides: Partial<SeedContent> = {}): SeedContent {
  return {
    project: {
      id: 'p',
      name: 'P',
      description: '',
      primaryLanguage: 'en-GB',
      supportedLanguages: ['en-GB'],
      deliverySysExclusions: [],
    },
    contentTypes: demoContentTypes(),
    entries: [
      {
        id: 'person-1',
        contentTypeId: 'person',
        dataFormat: 'entry',
        owner: 'me',
        created: '2026-01-01T00:00:00Z',
        modified: '2026-01-02T00:00:00Z',
        includeInSearch: true,
        variations: { 'en-GB': { published: true, fields: { title: 'Ann', expertise: ['x'] } } },
      },
    ],
    nodes: [
      {
        id: 'root',
        parentId: null,
        slug: { 'en-GB': '' },
        displayName: { 'en-GB': 'Home' },
        includeInMenu: true,
      },
      {
        id: 'ann',
        parentId: 'root',
        slug: { 'en-GB': 'ann' },
        displayName: { 'en-GB': 'Ann' },
        entryId: 'person-1',
        includeInMenu: false,
      },
    ],
    deliveryTokens: [],
    ...overrides,
  };
}

describe('seedProblems', () => {
  it('accepts sound content', () => {
    expect(seedProblems(content())).toEqual([]);
  });

  it('reports unknown fields, broken links, wrong shapes and disallowed link targets', () => {
    const problems = seedProblems(
      content({
        entries: [
          ...content().entries,
          {
            id: 'news-1',
            contentTypeId: 'newsArticle',
            dataFormat: 'entry',
            owner: 'me',
            created: '2026-01-01T00:00:00Z',
            modified: '2026-01-01T00:00:00Z',
            includeInSearch: true,
            variations: {
              'en-GB': {
                published: true,
                fields: {
                  title: 'Hello',
                  colour: 'red',
                  author: { sys: { id: 'nobody' } },
                  relatedCourses: [{ sys: { id: 'person-1' } }],
                  publishDate: 'yesterday',
                  category: 'Gossip',
                },
              },
            },
          },
        ],
      }),
    );
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).toMatch(/field colour is not on the content type/);
    expect(problems.join('\n')).toMatch(/link to missing entry nobody/);
    expect(problems.join('\n')).toMatch(/link to a person, allowed course/);
    expect(problems.join('\n')).toMatch(/expected an ISO date-time/);
    expect(problems.join('\n')).toMatch(/Gossip is not an allowed value/);
  });

  it('reports nodes listed before their parents, duplicate paths and missing entries', () => {
    const [root, ann] = [...content().nodes];
    const problems = seedProblems(
      content({
        nodes: [
          root!,
          { ...ann!, id: 'child', parentId: 'late' },
          { ...ann!, id: 'late' },
          { ...ann!, id: 'twin', entryId: 'missing' },
        ],
      }),
    );
    expect(problems).toEqual([
      'node child: parent late is not listed before it',
      'node twin: entry missing does not exist',
      'node twin: path /ann (en-GB) is used twice',
    ]);
  });

  it('reports taxonomy keys that do not extend their parent key', () => {
    const problems = seedProblems(
      content({
        taxonomy: { key: '0', name: { 'en-GB': 'Root' }, children: [{ key: '0/7', name: { 'en-GB': 'A' } }] },
      }),
    );
    expect(problems).toEqual(['taxonomy key 0/7 under 0, expected 0/1']);
  });
});

describe('seedProblems on composer and taxonomy values', () => {
  it('reports undeclared composer items and taxonomy terms that do not match the taxonomy', () => {
    const base = content();
    const problems = seedProblems(
      content({
        taxonomy: {
          key: '0',
          name: { 'en-GB': 'Root' },
          children: [{ key: '0/1', name: { 'en-GB': 'Subjects' } }],
        },
        entries: [
          ...base.entries,
          {
            id: 'page-1',
            contentTypeId: 'contentPage',
            dataFormat: 'entry',
            owner: 'me',
            created: '2026-01-01T00:00:00Z',
            modified: '2026-01-01T00:00:00Z',
            includeInSearch: true,
            variations: {
              'en-GB': {
                published: true,
                fields: {
                  title: 'Page',
                  body: [
                    { type: 'heading', value: 'Hi' },
                    { type: 'video', value: 'x' },
                  ],
                },
              },
            },
          },
          {
            id: 'course-1',
            contentTypeId: 'course',
            dataFormat: 'entry',
            owner: 'me',
            created: '2026-01-01T00:00:00Z',
            modified: '2026-01-01T00:00:00Z',
            includeInSearch: true,
            variations: {
              'en-GB': {
                published: true,
                fields: {
                  title: 'BSc Things',
                  subject: { key: '0/1', name: 'Topics', path: 'Root/Subjects', hasChildren: false },
                },
              },
            },
          },
        ],
      }),
    );
    expect(problems).toEqual([
      'entry page-1 (contentPage) [en-GB] body: composer item type video is not declared',
      'entry course-1 (course) [en-GB] subject: taxonomy name Topics for 0/1',
    ]);
  });
});
