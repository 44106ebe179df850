import { describe, expect, it } from 'vitest';
import { decodeOrKeep, parseCookies } from './cookies.js';

describe('cookie header parsing', () => {
  it('reads names and decoded values, first occurrence winning', () => {
    expect({ ...parseCookies('RefreshToken=a%2Bb; ContensisCMSUserName="q"; RefreshToken=second') }).toEqual({
      RefreshToken: 'a+b',
      ContensisCMSUserName: 'q',
    });
  });

  it('never throws and skips what is not a cookie', () => {
    const cookies = parseCookies(['junk; =nameless; __proto__=x', 'bad=%E0%A4%A; empty=']);
    expect(Object.entries(cookies)).toEqual([
      ['__proto__', 'x'],
      ['bad', '%E0%A4%A'],
      ['empty', ''],
    ]);
    expect(Object.getPrototypeOf(cookies)).toBeNull();
    expect(parseCookies(undefined)).toEqual({});
  });

  it('reads at most a hundred cookies', () => {
    const header = Array.from({ length: 500 }, (_, i) => `c${i}=${i}`).join('; ');
    expect(Object.keys(parseCookies(header))).toHaveLength(100);
  });

  it('keeps text that is not valid percent-encoding', () => {
    expect(decodeOrKeep('%')).toBe('%');
    expect(decodeOrKeep('%41')).toBe('A');
  });
});
