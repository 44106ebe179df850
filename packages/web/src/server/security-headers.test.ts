import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  createNonce,
  prepareSecurityHeaders,
  securityHeaders,
} from './security-headers.js';

function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('allows only own scripts and inline scripts with the nonce', () => {
    const csp = directives(contentSecurityPolicy({ nonce: 'n0nce' }));
    expect(csp['script-src']).toEqual(["'self'", "'nonce-n0nce'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
  });

  it('has no nonce source without a nonce', () => {
    expect(directives(contentSecurityPolicy())['script-src']).toEqual(["'self'"]);
  });

  it('takes frame ancestors, extra sources and the dev websocket', () => {
    const csp = directives(
      contentSecurityPolicy({
        frameAncestors: ["'none'"],
        dev: true,
        extraSources: { 'img-src': ['https://img.example.com', "'self'"] },
      }),
    );
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['connect-src']).toEqual(["'self'", 'ws:', 'wss:']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://img.example.com']);
  });
});

describe('securityHeaders', () => {
  it('sets nosniff, the referrer policy and a matching X-Frame-Options', () => {
    const headers = securityHeaders({ nonce: 'x' });
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(headers['Content-Security-Policy']).toContain("'nonce-x'");
    expect(securityHeaders({ frameAncestors: ["'none'"] })['X-Frame-Options']).toBe('DENY');
    expect(
      securityHeaders({ frameAncestors: ['https://cms.example.com'] })['X-Frame-Options'],
    ).toBeUndefined();
  });
});

describe('createNonce', () => {
  it('makes a different 128-bit base64 value each time', () => {
    const a = createNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(createNonce()).not.toBe(a);
  });

  it('never repeats a nonce across batches of the random pool', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => createNonce()));
    expect(seen.size).toBe(1000);
    for (const nonce of seen) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe('prepareSecurityHeaders', () => {
  it('gives the headers securityHeaders gives, with and without a nonce', () => {
    const options = {
      frameAncestors: ['https://cms.example.com'],
      dev: true,
      extraSources: { 'img-src': ['https://img.example.com'] },
    };
    const prepared = prepareSecurityHeaders(options);
    expect(prepared.withNonce('abc+/==')).toEqual(securityHeaders({ ...options, nonce: 'abc+/==' }));
    expect(prepared.plain).toEqual(securityHeaders(options));
    const { 'Content-Security-Policy': _csp, ...baseline } = securityHeaders(options);
    expect(prepared.baseline).toEqual(baseline);
    expect(prepareSecurityHeaders().withNonce('n')).toEqual(securityHeaders({ nonce: 'n' }));
  });
});
