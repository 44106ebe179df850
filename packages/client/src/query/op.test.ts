import { describe, expect, it } from 'vitest';
import { Op } from './op.js';

/** Serialises like the HTTP layer does, so key order and Date handling are checked too. */
const wire = (value: unknown): string => JSON.stringify(value);

describe('Op field operators', () => {
  it('between serialises [min, max]', () => {
    expect(wire(Op.between('price', 5, 10))).toBe('{"field":"price","between":[5,10]}');
  });

  it('contains, startsWith and endsWith serialise the string directly', () => {
    expect(wire(Op.contains('tagline', 'gotham'))).toBe('{"field":"tagline","contains":"gotham"}');
    expect(wire(Op.startsWith('sys.uri', '/blog/'))).toBe('{"field":"sys.uri","startsWith":"/blog/"}');
    expect(wire(Op.endsWith('email', '@example.com'))).toBe('{"field":"email","endsWith":"@example.com"}');
  });

  it('equalTo serialises scalars of every kind', () => {
    expect(wire(Op.equalTo('sys.versionStatus', 'published'))).toBe(
      '{"field":"sys.versionStatus","equalTo":"published"}',
    );
    expect(wire(Op.equalTo('rating', 7))).toBe('{"field":"rating","equalTo":7}');
    expect(wire(Op.equalTo('featured', false))).toBe('{"field":"featured","equalTo":false}');
    expect(wire(Op.equalTo('parent', null))).toBe('{"field":"parent","equalTo":null}');
  });

  it('equalTo sends a Date as its untruncated ISO string', () => {
    const json = Op.equalTo('published', new Date('2020-01-02T03:04:05.678Z')).toJSON();
    expect(json).toEqual({ field: 'published', equalTo: '2020-01-02T03:04:05.678Z' });
  });

  it('equalTo does not treat date-like strings as dates', () => {
    expect(Op.equalTo('code', '6').toJSON()).toEqual({ field: 'code', equalTo: '6' });
  });

  it('exists serialises the boolean', () => {
    expect(wire(Op.exists('thumbnail', true))).toBe('{"field":"thumbnail","exists":true}');
    expect(wire(Op.exists('thumbnail', false))).toBe('{"field":"thumbnail","exists":false}');
  });

  it('freeText defaults to fuzzy false and operator and', () => {
    expect(wire(Op.freeText('title', 'dark knight'))).toBe(
      '{"field":"title","freeText":{"term":"dark knight","fuzzy":false,"operator":"and"}}',
    );
  });

  it('freeText passes fuzzy and operator through', () => {
    expect(wire(Op.freeText('*', 'earth', true, 'or'))).toBe(
      '{"field":"*","freeText":{"term":"earth","fuzzy":true,"operator":"or"}}',
    );
  });

  it('range operators serialise the value directly', () => {
    expect(wire(Op.greaterThan('rating', 7))).toBe('{"field":"rating","greaterThan":7}');
    expect(wire(Op.greaterThanOrEqualTo('rating', 7))).toBe('{"field":"rating","greaterThanOrEqualTo":7}');
    expect(wire(Op.lessThan('rating', 3))).toBe('{"field":"rating","lessThan":3}');
    expect(wire(Op.lessThanOrEqualTo('rating', 3))).toBe('{"field":"rating","lessThanOrEqualTo":3}');
  });

  it('range operators leave expression functions alone', () => {
    expect(Op.greaterThanOrEqualTo('sys.version.created', 'startOfDay(-1d)').toJSON()).toEqual({
      field: 'sys.version.created',
      greaterThanOrEqualTo: 'startOfDay(-1d)',
    });
    expect(Op.lessThan('sys.version.modified', '-1d').toJSON()).toEqual({
      field: 'sys.version.modified',
      lessThan: '-1d',
    });
  });

  it('in serialises its rest arguments as an array', () => {
    expect(wire(Op.in('genre', 'horror', 'romance'))).toBe('{"field":"genre","in":["horror","romance"]}');
    expect(wire(Op.in('rating', 1))).toBe('{"field":"rating","in":[1]}');
    expect(wire(Op.in('rating'))).toBe('{"field":"rating","in":[]}');
  });

  it('distanceWithin serialises lat, lon and distance', () => {
    expect(wire(Op.distanceWithin('location', 51.5, -0.12, '10.5mi'))).toBe(
      '{"field":"location","distanceWithin":{"lat":51.5,"lon":-0.12,"distance":"10.5mi"}}',
    );
  });
});

describe('Op date truncation', () => {
  it('truncates date strings to minutes by default on every range operator', () => {
    const value = '2026-02-10T00:59:59.999+01:00';
    const expected = '2026-02-09T23:59:00.000Z';
    expect(Op.lessThan('d', value).toJSON()).toEqual({ field: 'd', lessThan: expected });
    expect(Op.lessThanOrEqualTo('d', value).toJSON()).toEqual({ field: 'd', lessThanOrEqualTo: expected });
    expect(Op.greaterThan('d', value).toJSON()).toEqual({ field: 'd', greaterThan: expected });
    expect(Op.greaterThanOrEqualTo('d', value).toJSON()).toEqual({
      field: 'd',
      greaterThanOrEqualTo: expected,
    });
  });

  it('applies the precision to both ends of between', () => {
    const min = '2026-01-01T10:20:30.456Z';
    const max = new Date('2026-01-31T23:59:59.999Z');
    expect(Op.between('d', min, max).toJSON()).toEqual({
      field: 'd',
      between: ['2026-01-01T10:20:00.000Z', '2026-01-31T23:59:00.000Z'],
    });
    expect(Op.between('d', min, max, 'seconds').toJSON()).toEqual({
      field: 'd',
      between: ['2026-01-01T10:20:30.000Z', '2026-01-31T23:59:59.000Z'],
    });
    expect(Op.between('d', min, max, 'exact').toJSON()).toEqual({
      field: 'd',
      between: ['2026-01-01T10:20:30.456Z', '2026-01-31T23:59:59.999Z'],
    });
  });

  it('honours seconds and exact precision on single-value range operators', () => {
    const value = '2026-02-10T00:59:59.999+01:00';
    expect(Op.greaterThan('d', value, 'seconds').toJSON()).toEqual({
      field: 'd',
      greaterThan: '2026-02-09T23:59:59.000Z',
    });
    expect(Op.lessThanOrEqualTo('d', value, 'exact').toJSON()).toEqual({
      field: 'd',
      lessThanOrEqualTo: value,
    });
  });

  it('converts Date objects to UTC ISO strings', () => {
    const date = new Date('2024-05-06T07:08:09.010Z');
    expect(Op.lessThan('d', date).toJSON()).toEqual({ field: 'd', lessThan: '2024-05-06T07:08:00.000Z' });
    expect(Op.lessThan('d', date, 'seconds').toJSON()).toEqual({
      field: 'd',
      lessThan: '2024-05-06T07:08:09.000Z',
    });
    expect(Op.lessThan('d', date, 'exact').toJSON()).toEqual({
      field: 'd',
      lessThan: '2024-05-06T07:08:09.010Z',
    });
  });

  it('does not mutate the Date passed in', () => {
    const date = new Date('2024-05-06T07:08:09.010Z');
    Op.greaterThan('d', date);
    expect(date.toISOString()).toBe('2024-05-06T07:08:09.010Z');
  });

  it('never touches numbers', () => {
    expect(Op.between('n', 6, 1_700_000_000_123).toJSON()).toEqual({
      field: 'n',
      between: [6, 1_700_000_000_123],
    });
    expect(Op.lessThan('n', 6.5).toJSON()).toEqual({ field: 'n', lessThan: 6.5 });
  });

  it('reproduces the numeric-string pitfall of the official client', () => {
    const expected = new Date(Date.parse('6'));
    expected.setUTCSeconds(0, 0);
    const json = Op.greaterThan('n', '6').toJSON();
    expect(json.greaterThan).not.toBe('6');
    expect(json).toEqual({ field: 'n', greaterThan: expected.toISOString() });
  });
});
