import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What the platform says about itself at `/`. */
export interface PlatformHome {
  name: string;
  description: string;
  /** Base paths of the APIs, `{projectId}` standing for a project's id. */
  apis: {
    delivery: string;
    management: string;
    security: string;
    authentication: string;
  };
  /** Public asset paths (no token needed). */
  assets: string[];
  /** Where the APIs are documented. */
  documentation: string;
}

/** The platform's self-description: the same for everyone, and naming no project or secret. */
export const PLATFORM_HOME: PlatformHome = {
  name: 'Canopy local content platform',
  description:
    'A headless content platform on SQLite. Its delivery API needs an access token; the management and security APIs need a bearer token from the authentication endpoint.',
  apis: {
    delivery: '/api/delivery/projects/{projectId}',
    management: '/api/management/projects/{projectId}',
    security: '/api/security',
    authentication: '/authenticate/connect/token',
  },
  assets: ['/image-library/', '/video-library/', '/asset-library/'],
  documentation: 'docs/platform.md in the Canopy repository',
};

/**
 * Whether a request asks for a web page: its `Accept` header names `text/html` before (or
 * instead of) JSON, as browsers' do. API clients, and requests without the header, get JSON.
 */
export function wantsHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((part) => part.split(';')[0]?.trim().toLowerCase());
  const html = types.indexOf('text/html');
  const json = types.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The self-description as a small web page (static text only, escaped anyway). */
export function homePage(home: PlatformHome = PLATFORM_HOME): string {
  const row = (label: string, value: string) =>
    `<tr><th scope="row">${escapeHtml(label)}</th><td><code>${escapeHtml(value)}</code></td></tr>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(home.name)}</title>
<style>
body { font: 1rem/1.5 system-ui, sans-serif; max-width: 44rem; margin: 2rem auto; padding: 0 1rem; color: #1a1d21; }
th { text-align: left; padding: 0.25rem 1.5rem 0.25rem 0; vertical-align: top; }
code { font-size: 0.9375rem; }
caption { text-align: left; font-weight: 700; padding-bottom: 0.5rem; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(home.name)}</h1>
<p>${escapeHtml(home.description)}</p>
<table>
<caption>Where things are</caption>
<tbody>
${row('Delivery API', home.apis.delivery)}
${row('Management API', home.apis.management)}
${row('Security API', home.apis.security)}
${row('Sign in (tokens)', home.apis.authentication)}
${row('Assets', home.assets.join('  '))}
</tbody>
</table>
<p>Documentation: ${escapeHtml(home.documentation)}.</p>
</main>
</body>
</html>
`;
}

/**
 * `GET /` (and HEAD): what this server is, for a person who opens its address in a browser
 * (a short page) or an API client that asks (JSON), instead of a bare 404.
 */
export function registerHomeRoute(server: FastifyInstance): void {
  server.get('/', async (request: FastifyRequest, reply) => {
    reply.header('vary', 'Accept').header('cache-control', 'no-cache');
    if (wantsHtml(request.headers.accept)) {
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(homePage());
    }
    return reply.type('application/json; charset=utf-8').send(PLATFORM_HOME);
  });
}
