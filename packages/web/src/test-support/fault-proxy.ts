import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endToEndHeaders } from './end-to-end-headers.js';

/**
 * Security tokens the fault proxy answers itself at IsAuthenticated, each the way a broken or
 * odd platform would, so the site's messages for them (website spec §8) can be seen.
 */
export const FAULTY_SECURITY_TOKENS = {
  /** 500 Internal Server Error: 'Fetch credentials error: 500 Internal Server Error'. */
  serverError: 'fault-server-error',
  /** LogonResult 0 without the refresh token: 'Fetch credentials: Unable to find ContensisSecurityRefreshToken'. */
  noRefreshToken: 'fault-no-refresh-token',
  /** A body that is not JSON: 'Failed to fetch credentials'. */
  notJson: 'fault-not-json',
} as const;

/**
 * Email addresses the fault proxy answers itself when a site registers them
 * (`POST /api/security/users`) or asks for their password reset (`POST /api/password-reset`),
 * each the way a broken or odd platform would, so the site's messages for them (website spec
 * §8) can be seen. Every other address goes to the platform.
 */
export const FAULTY_ACCOUNT_EMAILS = {
  /** Registration answered 200 without a user: 'Unable to parse the created user from the register service response'. */
  createdUserUnreadable: 'fault-no-user@example.org',
  /** Registration answered 503 with no body: 'Registration service: Service Unavailable'. */
  registrationDown: 'fault-registration-down@example.org',
  /** Registration refused with the platform's own message (the response's error). */
  registrationRefused: 'fault-registration-refused@example.org',
  /** A reset request whose connection closes without an answer: 'No response from server'. */
  resetNoResponse: 'fault-reset-silent@example.org',
} as const;

/** The message of {@link FAULTY_ACCOUNT_EMAILS.registrationRefused}'s refusal. */
export const FAULTY_REGISTRATION_MESSAGE = 'Registrations are closed for maintenance until Monday';

/** Something the proxy saw go wrong on either side, reported to {@link startFaultProxy}'s `onProblem`. */
export type FaultProxyProblem = (message: string, details: Record<string, unknown>) => void;

/** A proxy in front of the platform that breaks the delivery calls of one path. */
export interface FaultProxy {
  /** e.g. `http://127.0.0.1:41234`: give it to the site as its platform. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Starts an HTTP proxy on 127.0.0.1 that forwards everything to `target` unchanged, except
 * delivery calls whose URL names `failingSlug`: those get a 500 whose body holds `secret`
 * (a platform message with a file path, as a crashing platform would send). The site must
 * answer such a page with 500 and show none of it, like the framework's integration tests do
 * with their fake platform's `/nodes/broken`. The {@link FAULTY_SECURITY_TOKENS} get their odd
 * answers from IsAuthenticated, the {@link FAULTY_ACCOUNT_EMAILS} theirs from registration and
 * password reset requests; everything else goes to the platform. `onProblem` hears of what
 * the proxy answers with a 502 (the platform unreachable) and of broken client connections,
 * which would otherwise leave no trace.
 */
export async function startFaultProxy(
  target: string,
  failingSlug: string,
  secret: string,
  onProblem: FaultProxyProblem = () => undefined,
): Promise<FaultProxy> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    const faulty = req.method === 'POST' ? faultyAnswerFor(url) : null;
    if (faulty) {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        if (!faulty(body, res)) forwardBody(body);
      });
      const forwardBody = (text: string) => {
        const forward = httpRequest(
          {
            hostname: upstream.hostname,
            port: upstream.port,
            method: 'POST',
            path: url,
            headers: {
              ...endToEndHeaders(req.headers),
              host: upstream.host,
              'content-length': Buffer.byteLength(text),
            },
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
            answer.pipe(res);
          },
        );
        forward.on('error', (error) => {
          onProblem('Forwarding to the platform failed', { method: 'POST', url, error: describe(error) });
          if (!res.headersSent) res.writeHead(502);
          res.end();
        });
        forward.end(text);
      };
      return;
    }
    if (url.startsWith('/api/delivery/') && decodeURIComponent(url).includes(failingSlug)) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ logId: 'e2e', message: secret, data: {}, type: 'error' }));
      return;
    }
    const forward = httpRequest(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: url,
        headers: { ...endToEndHeaders(req.headers), host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
        answer.pipe(res);
      },
    );
    forward.on('error', (error) => {
      onProblem('Forwarding to the platform failed', { method: req.method, url, error: describe(error) });
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  // As Node answers without a listener: a 400 for a malformed request, a reset connection closed.
  server.on('clientError', (error: Error & { code?: unknown }, socket) => {
    onProblem('A client connection to the proxy failed', { error: describe(error) });
    if (error.code !== 'ECONNRESET' && socket.writable) {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    } else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An error's name, code and message, for `onProblem`. */
function describe(error: Error & { code?: unknown }): Record<string, unknown> {
  return {
    name: error.name,
    message: error.message,
    ...(error.code !== undefined ? { code: error.code } : {}),
  };
}

/** The odd answers of a POST to `url`, if the proxy has any: they return false for an ordinary body. */
function faultyAnswerFor(
  url: string,
): ((body: string, res: import('node:http').ServerResponse) => boolean) | null {
  const path = url.split('?')[0] ?? '';
  if (/^\/REST\/Contensis\/Security\/IsAuthenticated$/i.test(path)) return answerFaultyToken;
  if (path === '/api/security/users') return answerFaultyRegistration;
  if (path === '/api/password-reset') return answerFaultyResetRequest;
  return null;
}

/** The `email` of a JSON body, or '' when there is none. */
function emailOf(body: string): string {
  try {
    const email = (JSON.parse(body) as { email?: unknown }).email;
    return typeof email === 'string' ? email.toLowerCase() : '';
  } catch {
    return '';
  }
}

/** Answers a registration of one of the {@link FAULTY_ACCOUNT_EMAILS}; false for any other body. */
function answerFaultyRegistration(body: string, res: import('node:http').ServerResponse): boolean {
  switch (emailOf(body)) {
    case FAULTY_ACCOUNT_EMAILS.createdUserUnreadable:
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
      return true;
    case FAULTY_ACCOUNT_EMAILS.registrationDown:
      res.writeHead(503);
      res.end();
      return true;
    case FAULTY_ACCOUNT_EMAILS.registrationRefused:
      res.writeHead(422, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ logId: 'e2e', message: FAULTY_REGISTRATION_MESSAGE, data: [], type: 'error' }),
      );
      return true;
    default:
      return false;
  }
}

/** Drops the connection of a reset request for one of the {@link FAULTY_ACCOUNT_EMAILS}. */
function answerFaultyResetRequest(body: string, res: import('node:http').ServerResponse): boolean {
  if (emailOf(body) !== FAULTY_ACCOUNT_EMAILS.resetNoResponse) return false;
  res.socket?.destroy();
  return true;
}

/** Answers IsAuthenticated for one of the {@link FAULTY_SECURITY_TOKENS}; false for any other body. */
function answerFaultyToken(body: string, res: import('node:http').ServerResponse): boolean {
  let token = '';
  try {
    token = decodeURIComponent((JSON.parse(body) as { securityToken?: string }).securityToken ?? '');
  } catch {
    return false;
  }
  switch (token) {
    case FAULTY_SECURITY_TOKENS.serverError:
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"message":"boom"}');
      return true;
    case FAULTY_SECURITY_TOKENS.noRefreshToken:
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ LogonResult: 0, ApplicationData: [{ Key: 'Other', Value: 'x' }] }));
      return true;
    case FAULTY_SECURITY_TOKENS.notJson:
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>maintenance</html>');
      return true;
    default:
      return false;
  }
}
