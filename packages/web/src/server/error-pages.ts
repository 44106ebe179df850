import { statusText } from '../routing/not-found.js';

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(siteName: string, title: string, message: string): string {
  const name = escapeHtml(siteName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | ${name}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2328}h1{font-size:1.5rem}</style>
</head>
<body>
<main>
<p>${name}</p>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="/">Go to the home page</a></p>
</main>
</body>
</html>
`;
}

/**
 * The page shown when the content platform cannot be reached (503). It names no internals and
 * holds no script; the site serves pages again on its own as soon as the platform answers.
 */
export function unavailablePage(siteName: string): string {
  return page(
    siteName,
    'This site is taking a short break',
    'We cannot load this page right now. Please try again in a minute or two.',
  );
}

/** The page shown when the site is too busy to take another page right now (503). */
export function busyPage(siteName: string): string {
  return page(
    siteName,
    'This site is very busy',
    'So many people are visiting right now that we could not show this page. Please try again in a few seconds.',
  );
}

/** The page shown when something failed on the server (no stack trace, no error text). */
export function serverErrorPage(siteName: string, status = 500): string {
  return page(
    siteName,
    `Something went wrong (${status})`,
    'Sorry, we could not show this page. The problem has been logged; please try again later.',
  );
}

/**
 * The plain page of a client error (4xx), when the site's own error page cannot be rendered:
 * the status and its reason phrase, and a way home.
 */
export function clientErrorPage(siteName: string, status: number): string {
  const reason = statusText(status);
  return page(
    siteName,
    `${status}${reason ? ` ${reason}` : ''}`,
    status === 405
      ? 'This address cannot be used that way. Follow a link or type the address to open the page.'
      : 'This address cannot be opened. Please check it, or start again from the home page.',
  );
}
