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
