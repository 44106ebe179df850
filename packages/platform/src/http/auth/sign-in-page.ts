import type { AuthorizeRequest } from './authorize-request.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What the platform's sign-in page shows. */
export interface SignInPageInput {
  request: AuthorizeRequest;
  /** The value of the form-token cookie, repeated in the form (login CSRF). */
  formToken: string;
  /** The path the form posts to. */
  action: string;
  username?: string;
  /** The last attempt's error, shown above the form. */
  error?: string | null;
}

const STYLE = `
* { box-sizing: border-box; }
body { font: 1rem/1.5 system-ui, sans-serif; margin: 0; color: #1a1d21; background: #f3f5f4; }
main { max-width: 26rem; margin: 3rem auto; padding: 2rem 1.5rem; background: #fff; border: 1px solid #c9cfcc; border-radius: 0.5rem; }
h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
p { margin: 0 0 1rem; }
label { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }
input { width: 100%; font: inherit; padding: 0.5rem 0.625rem; border: 1px solid #5c6660; border-radius: 0.25rem; }
input:focus, button:focus { outline: 3px solid #1d5fbf; outline-offset: 2px; }
button { margin-top: 1.5rem; font: inherit; font-weight: 600; padding: 0.625rem 1.25rem; border: 0; border-radius: 0.25rem; background: #0b5d3b; color: #fff; cursor: pointer; }
.error { border-left: 4px solid #b3261e; background: #fdecea; padding: 0.75rem 1rem; margin: 1rem 0; }
.site { font-weight: 600; overflow-wrap: anywhere; }
@media (max-width: 30rem) { main { margin: 0; border: 0; border-radius: 0; min-height: 100vh; } }
`;

/** The platform's sign-in page for a federated website sign-in (static text, values escaped). */
export function signInPage(input: SignInPageInput): string {
  const { request } = input;
  const hidden = (name: string, value: string | null) =>
    value === null ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const site = new URL(request.redirectUri).origin;
  const error = input.error
    ? `<div class="error" id="sign-in-error" role="alert"><p>${escapeHtml(input.error)}</p></div>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${input.error ? 'Error: ' : ''}Sign in — Canopy platform</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Sign in to the Canopy platform</h1>
<p>After you sign in, you go back to <span class="site">${escapeHtml(site)}</span>, signed in there too.</p>
${error}
<form method="post" action="${escapeHtml(input.action)}">
${hidden('client_id', request.clientId)}
<input type="hidden" name="response_type" value="id_token">
<input type="hidden" name="scope" value="openid">
${hidden('redirect_uri', request.redirectUri)}
${hidden('state', request.state)}
${hidden('nonce', request.nonce)}
${hidden('form_token', input.formToken)}
<label for="username">Username or email address</label>
<input id="username" name="username" autocomplete="username" required value="${escapeHtml(input.username ?? '')}"${input.error ? ' aria-describedby="sign-in-error"' : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>
`;
}

/** A page for an authorize request the platform will not answer with a redirect. */
export function authorizeProblemPage(problem: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign-in request refused — Canopy platform</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>This sign-in request cannot be answered</h1>
<p>${escapeHtml(problem)}</p>
<p>Go back to the website and try again, or ask its owner.</p>
</main>
</body>
</html>
`;
}
