import { describe, expect, it } from 'vitest';
import {
  type FieldDefinition,
  MAX_ARRAY_LENGTH,
  MAX_STRING_LENGTH,
  nestingExceeds,
  type ValidationContext,
  validateEntryFields,
} from './validation.js';

const fields: FieldDefinition[] = [
  {
    id: 'title',
    name: { 'en-GB': 'Title', cy: 'Teitl' },
    dataType: 'string',
    validations: {
      required: { message: { 'en-GB': 'Title is required', cy: 'Mae angen teitl' } },
      maxLength: { value: 10 },
    },
  },
  { id: 'count', dataType: 'integer', validations: { min: { value: 1 }, max: { value: 5 } } },
  { id: 'ratio', dataType: 'decimal', validations: { decimalPlaces: { value: 1 } } },
  { id: 'flag', dataType: 'boolean' },
  { id: 'when', dataType: 'dateTime' },
  { id: 'tags', dataType: 'stringArray', validations: { maxCount: { value: 2 } } },
  { id: 'code', dataType: 'string', validations: { regex: { pattern: '^[A-Z]{3}$' } } },
  {
    id: 'level',
    dataType: 'string',
    validations: { allowedValues: { values: [{ 'en-GB': 'Low' }, { 'en-GB': 'High' }] } },
  },
  {
    id: 'author',
    dataType: 'object',
    dataFormat: 'entry',
    validations: { allowedContentTypes: { contentTypes: ['person'] } },
  },
  { id: 'picture', dataType: 'object', dataFormat: 'image', validations: { altTextRequired: {} } },
  { id: 'place', dataType: 'object', dataFormat: 'location' },
  { id: 'dates', dataType: 'object', dataFormat: 'daterange' },
  { id: 'related', dataType: 'objectArray', dataFormat: 'entry' },
  {
    id: 'body',
    dataType: 'objectArray',
    dataFormat: 'field',
    validations: {
      allowedFieldTypes: {
        fields: [
          { id: 'heading', dataType: 'string', dataFormat: 'heading' },
          { id: 'image', dataType: 'object', dataFormat: 'image' },
        ],
      },
    },
  },
  { id: 'extra', dataType: 'object', dataFormat: 'component.address' },
];

const targets: Record<string, { contentTypeId: string; dataFormat: string }> = {
  p1: { contentTypeId: 'person', dataFormat: 'entry' },
  c1: { contentTypeId: 'course', dataFormat: 'entry' },
  img: { contentTypeId: 'image', dataFormat: 'asset' },
};

const context = (language = 'en-GB'): ValidationContext => ({
  contentTypeId: 'sample',
  fields,
  language,
  linkTarget: (id) => targets[id],
});

const problemsOf = (input: Record<string, unknown>, language?: string) =>
  validateEntryFields({ title: 'Ok', ...input }, context(language)).problems;

describe('entry field validation', () => {
  it('accepts well-formed values, normalising links and dropping nulls', () => {
    const result = validateEntryFields(
      {
        sys: { id: 'ignored' },
        entryTitle: 'ignored',
        title: 'Hello',
        count: 3,
        ratio: 0.5,
        flag: true,
        when: '2026-01-02T03:04:05Z',
        tags: ['a', 'b'],
        code: 'ABC',
        level: 'High',
        author: { sys: { id: 'p1', uri: '/stale', contentTypeId: 'x', language: 'cy' } },
        picture: { asset: { sys: { id: 'img' } }, altText: 'A view' },
        place: { lat: 52.4, lon: -4.1 },
        dates: { from: '2026-01-01', to: null },
        related: [{ sys: { id: 'c1' } }, { sys: { id: 'p1' }, title: 'resolved entries become links' }],
        body: [
          { type: 'heading', value: 'Hi' },
          { type: 'image', value: { asset: { sys: { id: 'img' } } } },
        ],
        extra: { street: 'High Street' },
      },
      context(),
    );
    expect(result.problems).toEqual([]);
    expect(result.fields.author).toEqual({ sys: { id: 'p1', language: 'cy' } });
    expect(result.fields.related).toEqual([{ sys: { id: 'c1' } }, { sys: { id: 'p1' } }]);
    expect(result.fields.dates).toEqual({ from: '2026-01-01' });
    expect(validateEntryFields({ title: 'x', count: null }, context())).toEqual({
      fields: { title: 'x' },
      problems: [],
    });
    expect(Object.keys(result.fields)).toEqual([
      'title',
      'count',
      'ratio',
      'flag',
      'when',
      'tags',
      'code',
      'level',
      'author',
      'picture',
      'place',
      'dates',
      'related',
      'body',
      'extra',
    ]);
  });

  it('names unknown fields and wrong types', () => {
    expect(problemsOf({ nope: 1 })).toEqual([
      { field: 'nope', message: "The field 'nope' is not defined by the content type 'sample'" },
    ]);
    const wrong: Record<string, unknown> = {
      title: 5,
      count: 1.5,
      ratio: 'x',
      flag: 'yes',
      when: 'tomorrow',
      tags: 'a',
      author: 'p1',
      place: { lat: 91, lon: 0 },
      dates: { from: 'soon' },
      body: [{ type: 'video', value: 'x' }],
      extra: [1],
    };
    const problems = problemsOf(wrong);
    expect(problems.map((problem) => problem.field).sort()).toEqual(
      [
        'author',
        'body[0]',
        'count',
        'dates.from',
        'extra',
        'flag',
        'place',
        'ratio',
        'tags',
        'title',
        'when',
      ].sort(),
    );
  });

  it('enforces the content type validations with its own messages', () => {
    expect(problemsOf({ title: '' })).toEqual([{ field: 'title', message: 'Title is required' }]);
    expect(problemsOf({ title: undefined }, 'cy')).toEqual([{ field: 'title', message: 'Mae angen teitl' }]);
    expect(problemsOf({ title: 'Far too long a title' })[0]!.message).toMatch(/at most 10 characters/);
    expect(problemsOf({ count: 9 })[0]!.message).toMatch(/at most 5/);
    expect(problemsOf({ ratio: 0.25 })[0]!.message).toMatch(/1 decimal places/);
    expect(problemsOf({ tags: ['a', 'b', 'c'] })[0]!.message).toMatch(/at most 2 items/);
    expect(problemsOf({ code: 'abc' })[0]!.message).toMatch(/expected format/);
    expect(problemsOf({ level: 'Medium' })[0]!.message).toMatch(/one of: Low, High/);
    expect(problemsOf({ picture: { asset: { sys: { id: 'img' } } } })[0]!.message).toMatch(
      /alternative text/,
    );
  });

  it('checks link targets: existence, data format and content type', () => {
    expect(problemsOf({ author: { sys: { id: 'ghost' } } })[0]!.message).toMatch(/does not exist/);
    expect(problemsOf({ author: { sys: { id: 'c1' } } })[0]!.message).toMatch(/'person'/);
    expect(problemsOf({ author: { sys: { id: 'img' } } })[0]!.message).toMatch(/must link to an entry/);
    expect(problemsOf({ picture: { asset: { sys: { id: 'p1' } }, altText: 'x' } })[0]!.message).toMatch(
      /an asset/,
    );
    expect(
      problemsOf({ picture: { asset: { sys: { id: 'img' } }, altText: 'x', size: 1 } })[0]!.message,
    ).toMatch(/unknown image property/);
  });

  it('caps strings, arrays and nesting', () => {
    expect(problemsOf({ code: 'x'.repeat(MAX_STRING_LENGTH + 1) })[0]!.message).toMatch(/longer than/);
    expect(problemsOf({ tags: Array.from({ length: MAX_ARRAY_LENGTH + 1 }, () => 'a') })[0]!.message).toMatch(
      /more than/,
    );
    let deep: unknown = {};
    for (let i = 0; i < 40; i++) deep = { deep };
    expect(problemsOf({ extra: deep })[0]!.message).toMatch(/nested too deeply/);
    expect(nestingExceeds({ a: [1, { b: 2 }] }, 3)).toBe(false);
    expect(nestingExceeds({ a: [1, { b: {} }] }, 3)).toBe(true);
  });
});
