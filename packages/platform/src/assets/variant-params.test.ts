import { describe, expect, it } from 'vitest';
import { parseVariant, variantKey } from './variant-params.js';

const parse = (query: string) => parseVariant(new URLSearchParams(query));

describe('parseVariant', () => {
  it('reads every parameter', () => {
    expect(parse('w=640&h=360&f=WEBP&q=70&fit=cover')).toEqual({
      width: 640,
      height: 360,
      format: 'webp',
      quality: 70,
      fit: 'cover',
    });
    expect(parse('f=jpg')).toEqual({ format: 'jpeg' });
    expect(parse('w=4096')).toEqual({ width: 4096 });
  });

  it('is null without variant parameters, whatever else the query holds', () => {
    expect(parse('')).toBeNull();
    expect(parse('v=3&width=100')).toBeNull();
  });

  it.each([
    ['w=0', 'w must be a whole number from 1 to 4096'],
    ['w=4097', 'w must be a whole number from 1 to 4096'],
    ['h=-5', 'h must be a whole number from 1 to 4096'],
    ['w=12.5', 'w must be a whole number from 1 to 4096'],
    ['w=1e3', 'w must be a whole number from 1 to 4096'],
    ['w=', 'w must be a whole number from 1 to 4096'],
    ['w=99999999999999999999', 'w must be a whole number from 1 to 4096'],
    ['q=0', 'q must be a whole number from 1 to 100'],
    ['q=101', 'q must be a whole number from 1 to 100'],
    ['f=gif', 'f must be one of webp, avif, jpeg, png'],
    ['f=../../etc', 'f must be one of webp, avif, jpeg, png'],
    ['fit=stretch', 'fit must be one of cover, contain, inside, outside, fill'],
    ['w=10&w=20', 'w is given more than once'],
  ])('refuses %s', (query, problem) => {
    expect(parse(query)).toEqual({ problem });
  });
});

describe('variantKey', () => {
  it('names the same variant the same way however the query was ordered', () => {
    expect(variantKey({ width: 640, format: 'webp' })).toBe('w640-f-webp');
    const a = parse('f=webp&q=50&w=10&h=20&fit=fill');
    const b = parse('fit=fill&h=20&w=10&q=50&f=webp');
    expect(a && !('problem' in a) && variantKey(a)).toBe('w10-h20-fit-fill-q50-f-webp');
    expect(a && !('problem' in a) && variantKey(a)).toBe(b && !('problem' in b) && variantKey(b));
  });
});
