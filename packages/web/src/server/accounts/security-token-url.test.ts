import { describe, expect, it } from 'vitest';
import { securityTokenInUrl } from './security-token-url.js';

describe('securityTokenInUrl', () => {
  it('finds either spelling (any case) and keeps the other parameters exactly as sent', () => {
    expect(securityTokenInUrl('/members?securityToken=abc')).toEqual({ token: 'abc', cleaned: '/members' });
    expect(securityTokenInUrl('/members?securitytoken=abc&tab=a%2Cb,c&x')).toEqual({
      token: 'abc',
      cleaned: '/members?tab=a%2Cb,c&x',
    });
    expect(securityTokenInUrl('/?q=1&SECURITYTOKEN=a%2Bb&r=2')).toEqual({
      token: 'a+b',
      cleaned: '/?q=1&r=2',
    });
  });

  it('removes every copy of the parameter, and takes the first value that is not empty', () => {
    expect(securityTokenInUrl('/a?securityToken=&securitytoken=t2&securityToken=t3')).toEqual({
      token: 't2',
      cleaned: '/a',
    });
    expect(securityTokenInUrl('/a?securityToken')).toEqual({ token: '', cleaned: '/a' });
  });

  it('is null without the parameter, also when a value merely contains the name', () => {
    expect(securityTokenInUrl('/a')).toBeNull();
    expect(securityTokenInUrl('/a?q=securityToken%3Dx')).toBeNull();
    expect(securityTokenInUrl('/a?mysecurityToken=x')).toBeNull();
  });

  it('copes with malformed percent-encoding', () => {
    expect(securityTokenInUrl('/a?%E0%A4%A=1&securityToken=%zz')).toEqual({
      token: '%zz',
      cleaned: '/a?%E0%A4%A=1',
    });
  });
});
