/** The longest security token tried; anything longer is refused without asking the platform. */
export const MAX_SECURITY_TOKEN_LENGTH = 512;

/** A security token found in a request address, and the address without it. */
export interface SecurityTokenInUrl {
  /** The token (empty when the parameter had no value). */
  token: string;
  /** The same path and query without any `securityToken` parameter (other parameters as sent). */
  cleaned: string;
}

const TOKEN_PARAMETER = /^securitytoken$/i;

/**
 * Finds a `securitytoken` / `securityToken` query parameter (any letter case) in a request
 * address and the address without it. Other parameters keep their exact encoding (the search
 * codec reads commas and `%2C` differently), only the token's go. `null` when there is none.
 *
 * @example
 * securityTokenInUrl('/members?tab=a%2Cb&securityToken=abc');
 * // { token: 'abc', cleaned: '/members?tab=a%2Cb' }
 */
export function securityTokenInUrl(url: string): SecurityTokenInUrl | null {
  const hash = url.indexOf('#');
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const mark = withoutHash.indexOf('?');
  if (mark === -1) return null;
  const path = withoutHash.slice(0, mark);
  const kept: string[] = [];
  let token: string | null = null;
  for (const part of withoutHash.slice(mark + 1).split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const name = decodeOrKeep(equals === -1 ? part : part.slice(0, equals));
    if (TOKEN_PARAMETER.test(name)) {
      const value = equals === -1 ? '' : decodeOrKeep(part.slice(equals + 1).replace(/\+/g, ' '));
      if (token === null || (token === '' && value !== '')) token = value;
    } else {
      kept.push(part);
    }
  }
  if (token === null) return null;
  return { token, cleaned: kept.length > 0 ? `${path}?${kept.join('&')}` : path };
}

function decodeOrKeep(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
