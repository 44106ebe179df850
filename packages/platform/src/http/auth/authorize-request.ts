/**
 * The federated sign-in request a site sends to the platform (contract §3.6): the OIDC
 * implicit flow with the website's fixed client id, `response_type=id_token` and the `openid`
 * scope. Pure checks, free of HTTP.
 */

/** The client id of federated website sign-in (contract §3.6). */
export const FEDERATED_CLIENT_ID = 'WebsiteAdfsClient';

/** The longest `state` or `nonce` kept. */
const MAX_OPAQUE_LENGTH = 512;
const MAX_URL_LENGTH = 2048;

/** A checked authorize request. */
export interface AuthorizeRequest {
  clientId: typeof FEDERATED_CLIENT_ID;
  /** Where the browser goes back to, with `securityToken` added to its query. */
  redirectUri: string;
  /** The site's opaque value, handed back unchanged. */
  state: string | null;
  nonce: string | null;
}

/** A request the platform cannot answer with a redirect: what is wrong, for the error page. */
export interface AuthorizeProblem {
  problem: string;
}

/**
 * Whether `origin` may receive security tokens: one of the configured origins, or, when none
 * are configured, a site on this machine (http or https on `localhost`, `127.0.0.1` or
 * `[::1]`, any port).
 *
 * @example
 * redirectAllowed(new URL('http://127.0.0.1:3000/members'), []); // true
 * redirectAllowed(new URL('https://evil.example/'), []); // false
 */
export function redirectAllowed(url: URL, allowedOrigins: readonly string[]): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  if (allowedOrigins.length > 0) return allowedOrigins.some((origin) => sameOrigin(origin, url.origin));
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname.toLowerCase());
}

function sameOrigin(configured: string, origin: string): boolean {
  try {
    return new URL(configured).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Checks the query (or form) of an authorize request: the fixed client id, `response_type`
 * `id_token`, a scope with `openid`, and a `redirect_uri` on an allowed origin. The platform
 * never redirects to an address it has not checked, so every problem is answered on its own
 * page.
 *
 * @example
 * parseAuthorizeRequest({ client_id: 'WebsiteAdfsClient', response_type: 'id_token', scope: 'openid',
 *   redirect_uri: 'http://127.0.0.1:3000/members' }, []);
 */
export function parseAuthorizeRequest(
  fields: Readonly<Record<string, unknown>>,
  allowedOrigins: readonly string[],
): AuthorizeRequest | AuthorizeProblem {
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
  if (text('client_id') !== FEDERATED_CLIENT_ID) {
    return { problem: `The client_id is not known here (website sign-in uses ${FEDERATED_CLIENT_ID}).` };
  }
  const redirect = text('redirect_uri');
  let url: URL | null = null;
  if (redirect && redirect.length <= MAX_URL_LENGTH) {
    try {
      url = new URL(redirect);
    } catch {
      url = null;
    }
  }
  if (!url) return { problem: 'The redirect_uri is missing or is not an absolute address.' };
  if (!redirectAllowed(url, allowedOrigins)) {
    return { problem: `This platform does not sign visitors in for ${url.origin}.` };
  }
  if (text('response_type') !== 'id_token') {
    return { problem: 'The response_type must be id_token.' };
  }
  if (!text('scope').split(/\s+/).includes('openid')) {
    return { problem: 'The scope must include openid.' };
  }
  const opaque = (name: string) => {
    const value = text(name);
    return value && value.length <= MAX_OPAQUE_LENGTH ? value : null;
  };
  url.hash = '';
  return {
    clientId: FEDERATED_CLIENT_ID,
    redirectUri: url.toString(),
    state: opaque('state'),
    nonce: opaque('nonce'),
  };
}

/**
 * The address the browser is sent back to: the redirect URI with `securityToken` (and the
 * site's `state`, when it sent one) added to its query.
 */
export function returnAddress(request: AuthorizeRequest, securityToken: string): string {
  const url = new URL(request.redirectUri);
  url.searchParams.set('securityToken', securityToken);
  if (request.state !== null) url.searchParams.set('state', request.state);
  return url.toString();
}
