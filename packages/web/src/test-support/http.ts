import { type Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** An HTTP answer as the tests read it. */
export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  bytes: Buffer;
}

/** Options of {@link httpGet}. */
export interface HttpGetOptions {
  /** The Host header (the site decides preview and caching by host name). */
  host?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Send `path` exactly as given (no URL normalisation), to test hostile request lines. */
  raw?: boolean;
  /** The connection pool (default Node's global agent, which drops idle connections after 5 s). */
  agent?: Agent;
}

/**
 * A plain HTTP request with full control of the Host header (fetch does not allow setting it)
 * and no redirect following.
 */
export function httpGet(baseUrl: string, path: string, options: HttpGetOptions = {}): Promise<HttpAnswer> {
  const url = new URL(options.raw ? '/' : path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        path: options.raw ? path : `${url.pathname}${url.search}`,
        method: options.method ?? 'GET',
        headers: { ...(options.host ? { host: options.host } : {}), ...options.headers },
        ...(options.agent ? { agent: options.agent } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.body) req.write(options.body);
    req.end();
  });
}
