import type { Component, ContentType, ContentTypeField } from '@canopy/client';
import { describe, expect, it } from 'vitest';
import { type ContentModel, generateContentTypes } from './generate-types.js';

const en = (text: string) => ({ 'en-GB': text });

function field(
  id: string,
  dataType: string,
  dataFormat: string | null = null,
  extra: Partial<ContentTypeField> = {},
): ContentTypeField {
  return { id, name: en(id), dataType, dataFormat, ...extra };
}

function contentType(id: string, fields: ContentTypeField[], dataFormat = 'entry'): ContentType {
  return {
    id,
    projectId: 'website',
    name: en(id),
    dataFormat,
    defaultLanguage: 'en-GB',
    supportedLanguages: ['en-GB'],
    fields,
  };
}

function generate(contentTypes: ContentType[], components: Component[] = []): string {
  const model: ContentModel = { projectId: 'website', contentTypes, components };
  return generateContentTypes(model);
}

/** The line that declares a property, without its indentation. */
function property(source: string, id: string): string | undefined {
  return source
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith(`${id}?:`) || line.startsWith(`'${id}'?:`));
}

describe('generateContentTypes', () => {
  it('maps every scalar data type, and arrays of each', () => {
    const source = generate([
      contentType('sample', [
        field('plain', 'string'),
        field('rich', 'string', 'html'),
        field('notes', 'string', 'markdown'),
        field('words', 'stringArray'),
        field('count', 'integer'),
        field('counts', 'integerArray'),
        field('ratio', 'decimal'),
        field('ratios', 'decimalArray'),
        field('flag', 'boolean'),
        field('flags', 'booleanArray'),
        field('when', 'dateTime'),
        field('whens', 'dateTimeArray'),
        field('mystery', 'somethingNew'),
      ]),
    ]);
    expect(property(source, 'plain')).toBe('plain?: string | null;');
    expect(property(source, 'rich')).toBe('rich?: string | null;');
    expect(property(source, 'notes')).toBe('notes?: string | null;');
    expect(property(source, 'words')).toBe('words?: string[] | null;');
    expect(property(source, 'count')).toBe('count?: number | null;');
    expect(property(source, 'counts')).toBe('counts?: number[] | null;');
    expect(property(source, 'ratio')).toBe('ratio?: number | null;');
    expect(property(source, 'ratios')).toBe('ratios?: number[] | null;');
    expect(property(source, 'flag')).toBe('flag?: boolean | null;');
    expect(property(source, 'flags')).toBe('flags?: boolean[] | null;');
    expect(property(source, 'when')).toBe('when?: Canopy.DateTimeString | null;');
    expect(property(source, 'whens')).toBe('whens?: Canopy.DateTimeString[] | null;');
    expect(property(source, 'mystery')).toBe('mystery?: unknown | null;');
    expect(source).toContain("export type SampleEntry = Canopy.Entry<Sample, 'sample'>;");
  });

  it('maps object formats: image, location, date range, quote, taxonomy and unknown objects', () => {
    const source = generate([
      contentType('sample', [
        field('picture', 'object', 'image'),
        field('gallery', 'objectArray', 'image'),
        field('place', 'object', 'location'),
        field('dates', 'object', 'daterange'),
        field('saying', 'object', 'quote'),
        field('subject', 'object', 'taxonomy'),
        field('blocks', 'objectArray', 'canvas'),
      ]),
    ]);
    expect(property(source, 'picture')).toBe('picture?: Canopy.Image | null;');
    expect(property(source, 'gallery')).toBe('gallery?: Canopy.Image[] | null;');
    expect(property(source, 'place')).toBe('place?: Canopy.GeoLocation | null;');
    expect(property(source, 'dates')).toBe('dates?: Canopy.DateRange | null;');
    expect(property(source, 'saying')).toBe('saying?: Canopy.Quote | null;');
    expect(property(source, 'subject')).toBe('subject?: Canopy.TaxonomyTerm | null;');
    expect(property(source, 'blocks')).toBe('blocks?: Record<string, unknown>[] | null;');
  });

  it('turns allowed values into a literal union, for single values and arrays, in every language', () => {
    const source = generate([
      contentType('course', [
        field('studyLevel', 'string', null, {
          validations: {
            allowedValues: { values: [en('Undergraduate'), { 'en-GB': 'Postgraduate', cy: 'Ôl-radd' }] },
          },
        }),
        field('modes', 'stringArray', null, {
          validations: {
            allowedValues: { labeledValues: [{ value: 'full', label: en('Full time') }, { value: "it's" }] },
          },
        }),
      ]),
    ]);
    expect(source).toContain("export type CourseStudyLevel = 'Undergraduate' | 'Postgraduate' | 'Ôl-radd';");
    expect(property(source, 'studyLevel')).toBe('studyLevel?: CourseStudyLevel | null;');
    expect(source).toContain(`export type CourseModes = 'full' | "it's";`);
    expect(property(source, 'modes')).toBe('modes?: CourseModes[] | null;');
  });

  it('types entry links by their allowed content types, resolved or not', () => {
    const source = generate([
      contentType('person', [field('title', 'string')]),
      contentType('course', [field('title', 'string')]),
      contentType('newsArticle', [
        field('author', 'object', 'entry', {
          validations: { allowedContentTypes: { contentTypes: ['person'] } },
        }),
        field('related', 'objectArray', 'entry', {
          validations: { allowedContentTypes: { contentTypes: ['course', 'person'] } },
        }),
        field('anything', 'object', 'entry'),
        field('ghost', 'object', 'entry', {
          validations: { allowedContentTypes: { contentTypes: ['gone'] } },
        }),
      ]),
    ]);
    expect(property(source, 'author')).toBe('author?: Canopy.LinkTo<PersonEntry> | null;');
    expect(source).toContain('export type NewsArticleRelatedTarget = CourseEntry | PersonEntry;');
    expect(property(source, 'related')).toBe('related?: Canopy.LinkTo<NewsArticleRelatedTarget>[] | null;');
    expect(property(source, 'anything')).toBe('anything?: Canopy.LinkTo<AnyEntry> | null;');
    expect(source).toContain('export type AnyEntry = CourseEntry | NewsArticleEntry | PersonEntry;');
    expect(property(source, 'ghost')).toBe(
      "ghost?: Canopy.LinkTo<Canopy.Entry<Record<never, never>, 'gone'>> | null;",
    );
  });

  it('types asset links by the asset content types', () => {
    const source = generate([
      contentType('document', [field('title', 'string')], 'asset'),
      contentType('image', [field('title', 'string'), field('altText', 'string')], 'asset'),
      contentType('page', [
        field('download', 'object', 'asset'),
        field('brochure', 'object', 'asset', {
          validations: { allowedContentTypes: { contentTypes: ['document'] } },
        }),
      ]),
    ]);
    expect(property(source, 'download')).toBe('download?: Canopy.LinkTo<AnyAsset> | null;');
    expect(source).toContain('export type AnyAsset = DocumentEntry | ImageEntry;');
    expect(property(source, 'brochure')).toBe('brochure?: Canopy.LinkTo<DocumentEntry> | null;');
    // The asset content type `image` gets the name Image: the image field type stays Canopy.Image.
    expect(source).toContain('export interface Image {');
    expect(source).not.toContain('AnyEntry');
  });

  it('types a composer as a discriminated union of its item types', () => {
    const source = generate(
      [
        contentType('contentPage', [
          field('body', 'objectArray', 'field', {
            validations: {
              allowedFieldTypes: {
                fields: [
                  field('heading', 'string', 'heading'),
                  field('markup', 'string', 'html'),
                  field('quote', 'object', 'quote'),
                  field('image', 'object', 'image'),
                  field('links', 'objectArray', 'entry', {
                    validations: { allowedContentTypes: { contentTypes: ['contentPage'] } },
                  }),
                  field('address', 'object', 'component.address'),
                  field('size', 'string', null, {
                    validations: { allowedValues: { values: [en('s'), en('m')] } },
                  }),
                ],
              },
            },
          }),
          field('loose', 'objectArray', 'field'),
        ]),
      ],
      [
        {
          id: 'address',
          name: en('Address'),
          fields: [field('street', 'string'), field('postcode', 'string')],
        },
      ],
    );
    expect(property(source, 'body')).toBe('body?: ContentPageBodyItem[] | null;');
    expect(source).toContain(
      [
        'export type ContentPageBodyItem =',
        "  | Canopy.ComposerItem<'heading', string>",
        "  | Canopy.ComposerItem<'markup', string>",
        "  | Canopy.ComposerItem<'quote', Canopy.Quote>",
        "  | Canopy.ComposerItem<'image', Canopy.Image>",
        "  | Canopy.ComposerItem<'links', Canopy.LinkTo<ContentPageEntry>[]>",
        "  | Canopy.ComposerItem<'address', Address>",
        "  | Canopy.ComposerItem<'size', ContentPageBodySize>;",
      ].join('\n'),
    );
    expect(source).toContain("export type ContentPageBodySize = 's' | 'm';");
    expect(property(source, 'loose')).toBe('loose?: Canopy.ComposerItem[] | null;');
  });

  it('writes components as interfaces, nested and in arrays, and keeps them out of the entry map', () => {
    const source = generate(
      [
        contentType('event', [
          field('venue', 'object', 'component.address'),
          field('stops', 'objectArray', 'component.address'),
          field('missing', 'object', 'component.nowhere'),
        ]),
      ],
      [
        {
          id: 'address',
          name: en('Address'),
          description: en('A postal address'),
          fields: [field('street', 'string'), field('geo', 'object', 'component.point')],
        },
        { id: 'point', name: en('Point'), fields: [field('lat', 'decimal'), field('lon', 'decimal')] },
      ],
    );
    expect(property(source, 'venue')).toBe('venue?: Address | null;');
    expect(property(source, 'stops')).toBe('stops?: Address[] | null;');
    expect(property(source, 'missing')).toBe('missing?: Record<string, unknown> | null;');
    expect(property(source, 'geo')).toBe('geo?: Point | null;');
    expect(source).toContain(
      '/** Address (component `address`): A postal address. */\nexport interface Address {',
    );
    expect(source).not.toContain('AddressEntry');
    expect(source).toContain('export interface ContentTypes {\n  event: EventEntry;\n}');
  });

  it('keeps names unique and valid, and quotes ids that are not identifiers', () => {
    const source = generate(
      [
        contentType('canopy', [field('my-field', 'string')]),
        contentType('3d-model', []),
        contentType('address', [field('x', 'string')]),
        contentType('record', [field('y', 'string')]),
      ],
      [{ id: 'address', name: en('Address'), fields: [] }],
    );
    // `Canopy` and `Record` are names the module uses itself.
    expect(source).toContain('export interface CanopyType {');
    expect(source).toContain("export type CanopyTypeEntry = Canopy.Entry<CanopyType, 'canopy'>;");
    expect(source).toContain('export interface RecordType {');
    expect(property(source, 'my-field')).toBe("'my-field'?: string | null;");
    expect(source).toContain('export type T3dModel = Record<never, never>;');
    expect(source).toContain("'3d-model': T3dModelEntry;");
    // The content type came first and keeps the plain name; the component gets a suffix.
    expect(source).toContain('export interface Address {');
    expect(source).toContain('export type AddressComponent = Record<never, never>;');
  });

  it('writes documentation from names, descriptions and required validations, made safe for comments', () => {
    const source = generate([
      {
        ...contentType('course', [
          field('title', 'string', null, {
            name: { cy: 'Teitl', 'en-GB': 'Course title' },
            description: en('Shown as the heading */ of the page'),
            validations: { required: {} },
          }),
        ]),
        name: en('Course'),
        description: en('A degree'),
      },
    ]);
    expect(source).toContain('/** Course (content type `course`): A degree. */');
    expect(source).toContain(
      '  /** Course title. Required. Shown as the heading *\\/ of the page */\n  title?: string | null;',
    );
  });

  it('ends with the entry map and the typed mapping helper, and is the same for the same model in any order', () => {
    const a = contentType('b', [field('x', 'string')]);
    const b = contentType('a', [field('y', 'boolean')]);
    const source = generate([a, b]);
    expect(source.startsWith('// Generated by `canopy-web types`')).toBe(true);
    expect(source).toContain("import * as Canopy from '@canopy/web';");
    expect(source).toContain('export interface ContentTypes {\n  a: AEntry;\n  b: BEntry;\n}');
    expect(source).toContain('export const mapContentType = Canopy.contentTypeMapper<ContentTypes>();');
    expect(generate([b, a])).toBe(source);
    expect(source.endsWith('\n')).toBe(true);
    expect(source.split('\n').every((line) => line.length <= 110)).toBe(true);
  });

  it('writes long unions one member per line, within the line width', () => {
    const values = Array.from({ length: 12 }, (_, i) => en(`A rather long allowed value ${i}`));
    const source = generate([
      contentType('event', [
        field('category', 'string', null, { validations: { allowedValues: { values } } }),
      ]),
    ]);
    expect(source).toContain("export type EventCategory =\n  | 'A rather long allowed value 0'\n");
    expect(source.split('\n').every((line) => line.length <= 110)).toBe(true);
  });
});
