import {
  DEMO_CLIENT_SECRET,
  DEMO_DELIVERY_TOKEN,
  DEMO_PREVIEW_TOKEN,
  type SiteServerOptions,
} from './options.js';

/** What a hidden secret prints as. */
export const MASKED = '•••••• (set, hidden)';

/**
 * A secret as the start banner prints it: the local platform's demo values in full (they are
 * published, and handy when trying things out), every other value masked.
 *
 * @example
 * bannerSecret('canopy-demo-delivery-token'); // 'canopy-demo-delivery-token (demo)'
 * bannerSecret('s3cr3t'); // '•••••• (set, hidden)'
 */
export function bannerSecret(value: string | null | undefined): string {
  if (!value) return 'none';
  return DEMO_SECRETS.has(value) ? `${value} (demo)` : MASKED;
}

const DEMO_SECRETS: ReadonlySet<string> = new Set([
  DEMO_DELIVERY_TOKEN,
  DEMO_PREVIEW_TOKEN,
  DEMO_CLIENT_SECRET,
]);

/**
 * A URL safe to print: a password in it masked, and query values (which may carry tokens) too.
 *
 * @example
 * bannerUrl('https://site:p4ss@platform.internal/?token=abc'); // 'https://site:***@platform.internal/?token=***'
 */
export function bannerUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return '(not a valid URL)';
  }
  if (url.password) url.password = '***';
  const params = [...url.searchParams.keys()];
  if (params.length > 0) url.search = params.map((name) => `${encodeURIComponent(name)}=***`).join('&');
  return url.href;
}

/**
 * The lines `canopy-web start` prints once the site listens: where it is, which platform it
 * reads, and which credentials it holds — demo defaults shown, anything else masked.
 *
 * @example
 * startBanner(options, 'http://127.0.0.1:3000', 'start').join('\n');
 */
export function startBanner(options: SiteServerOptions, url: string, command: 'start' | 'dev'): string[] {
  return [
    `Site ${command === 'dev' ? '(development) ' : ''}on ${url} — platform ${bannerUrl(options.platformUrl)}`,
    `  delivery token  ${bannerSecret(options.deliveryToken)}`,
    `  preview token   ${bannerSecret(options.previewToken)}`,
    `  API client      ${options.clientId ? `${options.clientId}, secret ${bannerSecret(options.clientSecret)}` : 'none (no cache purge on content changes)'}`,
  ];
}
