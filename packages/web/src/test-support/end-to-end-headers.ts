import type { IncomingHttpHeaders } from 'node:http';

/** Headers that describe one connection, not the message (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * A message's headers without those of its connection, as a proxy must pass them on (the test
 * proxies in front of a platform): each side's own server and client describe their own
 * connection. Passing the platform's answer on whole tells the site's connection pool
 * `Keep-Alive: timeout=72` (Fastify's), while a Node proxy's server closes an idle connection
 * after about 6 s (its 5 s keep-alive and a second of grace): the site keeps such a connection
 * and, now and then, sends a delivery call on it just as the proxy closes it, and the call
 * fails with ECONNRESET (the page with it: a 503).
 *
 * @example
 * res.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
 */
export function endToEndHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name) && !named.includes(name)) kept[name] = value;
  }
  return kept;
}
