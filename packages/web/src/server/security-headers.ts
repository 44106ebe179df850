import { randomBytes } from 'node:crypto';

/** CSP directives this module writes; each maps to its sources. */
export type CspDirective =
  | 'default-src'
  | 'script-src'
  | 'style-src'
  | 'img-src'
  | 'font-src'
  | 'connect-src'
  | 'media-src'
  | 'frame-src'
  | 'object-src'
  | 'base-uri'
  | 'form-action'
  | 'frame-ancestors';

/** Options of {@link securityHeaders}. */
export interface SecurityHeaderOptions {
  /** The per-request nonce that inline scripts must carry; none for responses without scripts. */
  nonce?: string | null;
  /** Who may frame the site (`frame-ancestors`); default `'self'`. */
  frameAncestors?: readonly string[];
  /** Development mode: the Vite client's websocket is allowed. */
  dev?: boolean;
  /** Extra sources per directive, e.g. `{ 'img-src': ['https://images.example.com'] }`. */
  extraSources?: Partial<Record<CspDirective, readonly string[]>>;
}

/**
 * A fresh nonce for one response: 128 random bits, base64. Inline scripts run only when they
 * carry it, so injected markup cannot run script even if it reaches the page.
 */
export function createNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * NONCE_BATCH);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/** Bytes of a nonce, and how many nonces' worth are drawn from the random source at once. */
const NONCE_BYTES = 16;
const NONCE_BATCH = 256;
/** Random bytes not handed out yet: each part is used for one nonce only. */
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;

/**
 * The Content-Security-Policy of a page: scripts only from the site itself and inline scripts
 * with this response's nonce; styles from the site (inline styles allowed, since React style
 * attributes need them and styles cannot run code); images, fonts and media from the site
 * (assets are proxied) and data URLs; no plugins; forms and `<base>` bound to the site.
 *
 * @example
 * contentSecurityPolicy({ nonce: 'abc' });
 * // "default-src 'self'; script-src 'self' 'nonce-abc'; style-src 'self' 'unsafe-inline'; …"
 */
export function contentSecurityPolicy(options: SecurityHeaderOptions = {}): string {
  const directives: Record<CspDirective, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(options.nonce ? [`'nonce-${options.nonce}'`] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(options.dev ? ['ws:', 'wss:'] : [])],
    'media-src': ["'self'"],
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': [...(options.frameAncestors ?? ["'self'"])],
  };
  for (const [name, sources] of Object.entries(options.extraSources ?? {}) as [CspDirective, string[]][]) {
    const list = directives[name];
    for (const source of sources) if (!list.includes(source)) list.push(source);
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * The security headers of every page: the CSP (with the nonce when given), `nosniff`, a
 * referrer policy that never leaks paths to other sites, and `X-Frame-Options` mirroring
 * `frame-ancestors` for browsers that predate it.
 *
 * @example
 * securityHeaders({ nonce: createNonce() })['X-Content-Type-Options']; // 'nosniff'
 */
export function securityHeaders(options: SecurityHeaderOptions = {}): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
  const ancestors = options.frameAncestors ?? ["'self'"];
  if (ancestors.length === 1 && ancestors[0] === "'self'") headers['X-Frame-Options'] = 'SAMEORIGIN';
  if (ancestors.length === 1 && ancestors[0] === "'none'") headers['X-Frame-Options'] = 'DENY';
  return headers;
}

/** The security headers of one site, prepared once; see {@link prepareSecurityHeaders}. */
export interface PreparedSecurityHeaders {
  /** Every security header, the CSP without a nonce (redirects, error pages). */
  readonly plain: Readonly<Record<string, string>>;
  /** Every security header but the CSP: the baseline of every answer. */
  readonly baseline: Readonly<Record<string, string>>;
  /** Every security header with the CSP allowing inline scripts with `nonce` (pages). */
  withNonce(nonce: string): Record<string, string>;
}

/**
 * {@link securityHeaders} for one set of options, computed once: per response only the nonce
 * changes, so a page's headers cost one string concatenation.
 *
 * @example
 * const headers = prepareSecurityHeaders({ frameAncestors: ["'self'"] });
 * reply.headers(headers.withNonce(createNonce()));
 */
export function prepareSecurityHeaders(
  options: Omit<SecurityHeaderOptions, 'nonce'> = {},
): PreparedSecurityHeaders {
  const plain = Object.freeze(securityHeaders(options));
  const { 'Content-Security-Policy': _csp, ...baseline } = plain;
  const marker = 'canopy-nonce-marker';
  const [before = '', after = ''] = contentSecurityPolicy({ ...options, nonce: marker }).split(marker);
  return {
    plain,
    baseline: Object.freeze(baseline),
    withNonce: (nonce) => ({ ...plain, 'Content-Security-Policy': `${before}${nonce}${after}` }),
  };
}
