import type { SeedContent, SeedEntry } from '../seed/types.js';

/** Ids used by {@link smallSeed}. */
export const SMALL = {
  projectId: 'tiny',
  article: '00000000-0000-4000-8000-00000000a001',
  draftArticle: '00000000-0000-4000-8000-00000000a002',
  pendingArticle: '00000000-0000-4000-8000-00000000a003',
  person: '00000000-0000-4000-8000-00000000b001',
  latePerson: '00000000-0000-4000-8000-00000000b002',
  image: '00000000-0000-4000-8000-00000000c001',
  rootNode: '00000000-0000-4000-8000-00000000d000',
  articlesNode: '00000000-0000-4000-8000-00000000d001',
  articleNode: '00000000-0000-4000-8000-00000000d002',
  otherArticleNode: '00000000-0000-4000-8000-00000000d003',
  peopleNode: '00000000-0000-4000-8000-00000000d004',
  personNode: '00000000-0000-4000-8000-00000000d005',
  deliveryToken: 'tiny-delivery',
  previewToken: 'tiny-preview',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><rect width="4" height="2"/></svg>',
} as const;

const link = (id: string, contentTypeId?: string) => ({
  sys: contentTypeId ? { id, contentTypeId } : { id },
});

/**
 * A tiny bilingual project that exercises what the loader and the entry shaper must handle:
 * a link to an entry listed later (forward link), an image with transformations, a composer
 * with a nested link, a draft-only entry, a published entry with a pending draft, an asset
 * with its file, a node missing its Welsh slug, and a taxonomy.
 */
export function smallSeed(): SeedContent {
  const entries: SeedEntry[] = [
    {
      id: SMALL.image,
      contentTypeId: 'image',
      dataFormat: 'asset',
      owner: 'media',
      created: '2026-01-01T10:00:00.000Z',
      modified: '2026-01-01T10:00:00.000Z',
      includeInSearch: true,
      variations: { 'en-GB': { published: true, fields: { title: 'Tiny picture', keywords: ['tiny'] } } },
      asset: {
        uri: '/image-library/tiny/picture.svg',
        mimeType: 'image/svg+xml',
        content: SMALL.svg,
        width: 4,
        height: 2,
      },
    },
    {
      id: SMALL.person,
      contentTypeId: 'person',
      dataFormat: 'entry',
      owner: 'hr',
      created: '2026-01-02T10:00:00.000Z',
      modified: '2026-01-03T10:00:00.000Z',
      includeInSearch: true,
      metadata: { includeInMenu: false },
      variations: {
        'en-GB': {
          published: true,
          fields: { name: 'Ann Author', photo: { asset: link(SMALL.image), altText: 'Ann' } },
        },
        cy: { published: true, fields: { name: 'Ann Awdur' } },
      },
    },
    {
      id: SMALL.article,
      contentTypeId: 'article',
      dataFormat: 'entry',
      owner: 'editor',
      created: '2026-02-01T10:00:00.000Z',
      modified: '2026-02-02T10:00:00.000Z',
      includeInSearch: true,
      variations: {
        'en-GB': {
          published: true,
          fields: {
            title: 'Hello world',
            summary: 'A first article',
            author: link(SMALL.person, 'person'),
            reviewer: link(SMALL.latePerson),
            heroImage: { asset: link(SMALL.image, 'image'), altText: 'A picture', transformations: 'w=2' },
            body: [
              { type: 'heading', value: 'Start' },
              { type: 'quote', value: { text: 'Hi', source: 'Ann', person: link(SMALL.person) } },
            ],
            related: [link(SMALL.person), link('00000000-0000-4000-8000-00000000ffff')],
            tags: ['greeting', 'first'],
          },
        },
        cy: {
          published: true,
          fields: {
            title: 'Helo byd',
            summary: 'Erthygl gyntaf',
            author: link(SMALL.person),
            tags: ['cyfarch'],
          },
        },
      },
    },
    {
      id: SMALL.draftArticle,
      contentTypeId: 'article',
      dataFormat: 'entry',
      owner: 'editor',
      created: '2026-02-05T10:00:00.000Z',
      modified: '2026-02-06T10:00:00.000Z',
      includeInSearch: false,
      variations: {
        'en-GB': { published: false, fields: { title: 'Coming soon', author: link(SMALL.person) } },
      },
    },
    {
      id: SMALL.pendingArticle,
      contentTypeId: 'article',
      dataFormat: 'entry',
      owner: 'editor',
      created: '2026-03-01T10:00:00.000Z',
      modified: '2026-03-05T10:00:00.000Z',
      includeInSearch: true,
      variations: {
        'en-GB': {
          published: true,
          fields: { title: 'Old title', summary: 'Same' },
          draftFields: { title: 'New title' },
        },
      },
    },
    {
      id: SMALL.latePerson,
      contentTypeId: 'person',
      dataFormat: 'entry',
      owner: 'hr',
      created: '2026-01-04T10:00:00.000Z',
      modified: '2026-01-04T10:00:00.000Z',
      includeInSearch: true,
      variations: { 'en-GB': { published: true, fields: { name: 'Rob Reviewer' } } },
    },
  ];
  return {
    project: {
      id: SMALL.projectId,
      name: 'Tiny',
      description: 'A tiny project for tests',
      primaryLanguage: 'en-GB',
      supportedLanguages: ['en-GB', 'cy'],
      deliverySysExclusions: [],
    },
    contentTypes: [
      {
        id: 'image',
        name: { 'en-GB': 'Image' },
        description: { 'en-GB': 'Pictures' },
        dataFormat: 'asset',
        defaultLanguage: 'en-GB',
        supportedLanguages: ['en-GB'],
        entryTitleField: 'title',
        entryTagsField: 'keywords',
        fields: [
          { id: 'title', name: { 'en-GB': 'Title' }, dataType: 'string' },
          { id: 'keywords', name: { 'en-GB': 'Keywords' }, dataType: 'stringArray' },
        ],
      },
      {
        id: 'person',
        name: { 'en-GB': 'Person' },
        description: { 'en-GB': 'People' },
        dataFormat: 'entry',
        defaultLanguage: 'en-GB',
        supportedLanguages: ['en-GB', 'cy'],
        entryTitleField: 'name',
        entryThumbnailField: 'photo',
        fields: [
          { id: 'name', name: { 'en-GB': 'Name' }, dataType: 'string', groupId: 'main' },
          {
            id: 'photo',
            name: { 'en-GB': 'Photo' },
            dataType: 'object',
            dataFormat: 'image',
            groupId: 'main',
          },
        ],
      },
      {
        id: 'article',
        name: { 'en-GB': 'Article' },
        description: { 'en-GB': 'Articles' },
        dataFormat: 'entry',
        defaultLanguage: 'en-GB',
        supportedLanguages: ['en-GB', 'cy'],
        entryTitleField: 'title',
        entryDescriptionField: 'summary',
        entryThumbnailField: 'heroImage',
        entryTagsField: 'tags',
        fields: [
          { id: 'title', name: { 'en-GB': 'Title' }, dataType: 'string', groupId: 'main' },
          { id: 'summary', name: { 'en-GB': 'Summary' }, dataType: 'string', groupId: 'main' },
          {
            id: 'author',
            name: { 'en-GB': 'Author' },
            dataType: 'object',
            dataFormat: 'entry',
            groupId: 'main',
          },
          {
            id: 'reviewer',
            name: { 'en-GB': 'Reviewer' },
            dataType: 'object',
            dataFormat: 'entry',
            groupId: 'main',
          },
          {
            id: 'heroImage',
            name: { 'en-GB': 'Hero' },
            dataType: 'object',
            dataFormat: 'image',
            groupId: 'media',
          },
          {
            id: 'body',
            name: { 'en-GB': 'Body' },
            dataType: 'objectArray',
            dataFormat: 'field',
            groupId: 'main',
          },
          {
            id: 'related',
            name: { 'en-GB': 'Related' },
            dataType: 'objectArray',
            dataFormat: 'entry',
            groupId: 'main',
          },
          { id: 'tags', name: { 'en-GB': 'Tags' }, dataType: 'stringArray', groupId: 'main' },
        ],
      },
    ],
    entries,
    nodes: [
      {
        id: SMALL.rootNode,
        parentId: null,
        slug: { 'en-GB': '' },
        displayName: { 'en-GB': 'Home', cy: 'Hafan' },
        includeInMenu: true,
      },
      {
        id: SMALL.articlesNode,
        parentId: SMALL.rootNode,
        slug: { 'en-GB': 'articles', cy: 'erthyglau' },
        displayName: { 'en-GB': 'Articles', cy: 'Erthyglau' },
        includeInMenu: true,
      },
      {
        id: SMALL.articleNode,
        parentId: SMALL.articlesNode,
        slug: { 'en-GB': 'hello-world', cy: 'helo-byd' },
        displayName: { 'en-GB': 'Hello world', cy: 'Helo byd' },
        entryId: SMALL.article,
        includeInMenu: true,
      },
      {
        id: SMALL.otherArticleNode,
        parentId: SMALL.articlesNode,
        slug: { 'en-GB': 'pending' },
        displayName: { 'en-GB': 'Pending' },
        entryId: SMALL.pendingArticle,
        includeInMenu: false,
      },
      {
        id: SMALL.peopleNode,
        parentId: SMALL.rootNode,
        slug: { 'en-GB': 'people', cy: 'pobl' },
        displayName: { 'en-GB': 'People', cy: 'Pobl' },
        includeInMenu: true,
      },
      {
        id: SMALL.personNode,
        parentId: SMALL.peopleNode,
        slug: { 'en-GB': 'ann' },
        displayName: { 'en-GB': 'Ann' },
        entryId: SMALL.person,
        includeInMenu: true,
      },
    ],
    taxonomy: {
      key: '0',
      name: { 'en-GB': 'Root', cy: 'Gwraidd' },
      children: [
        {
          key: '0/1',
          name: { 'en-GB': 'Topics', cy: 'Pynciau' },
          children: [
            { key: '0/1/1', name: { 'en-GB': 'Zebras' } },
            { key: '0/1/2', name: { 'en-GB': 'Apes' } },
          ],
        },
      ],
    },
    deliveryTokens: [
      { name: 'delivery', value: SMALL.deliveryToken, canPreview: false },
      { name: 'preview', value: SMALL.previewToken, canPreview: true },
    ],
  };
}
