import type { IncomingHttpHeaders } from 'node:http';

/** One `Set-Cookie` header, parsed. */
export interface SetCookie {
  name: string;
  value: string;
  /** Attribute names in lower case, with their values (`''` for flags). */
  attributes: Record<string, string>;
}

/** The `Set-Cookie` headers of an answer. */
export function setCookies(headers: IncomingHttpHeaders): SetCookie[] {
  const raw = headers['set-cookie'] ?? [];
  return raw.map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const equals = pair.indexOf('=');
    return {
      name: pair.slice(0, equals),
      value: pair.slice(equals + 1),
      attributes: Object.fromEntries(
        attributes.map((attribute) => {
          const at = attribute.indexOf('=');
          return at < 0
            ? [attribute.toLowerCase(), '']
            : [attribute.slice(0, at).toLowerCase(), attribute.slice(at + 1)];
        }),
      ),
    };
  });
}

/** A browser's cookie store for one site, as far as the tests need one. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes the cookies an answer sets (an expired or empty one removes the cookie). */
  take(headers: IncomingHttpHeaders): void {
    for (const cookie of setCookies(headers)) {
      const expires = cookie.attributes.expires ? Date.parse(cookie.attributes.expires) : Number.NaN;
      if (cookie.value === '' || (!Number.isNaN(expires) && expires <= Date.now()))
        this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  /** The `Cookie` header to send, or `{}` when the jar is empty. */
  header(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

/** The CSRF token a page published in `<meta name="csrf-token">`. */
export function csrfTokenOf(html: string): string {
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('The page has no CSRF token');
  return token;
}

/** A form body (`application/x-www-form-urlencoded`). */
export function formBody(fields: Record<string, string>): { body: string; headers: Record<string, string> } {
  return {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}
