import type { Entry } from '@canopy/client';
import { notFoundHeading } from '../routing/not-found.js';
import type { SiteDefinition } from '../site/site-definition.js';
import type { SiteState } from '../state/store-types.js';
import type { PageMeta } from './seo-config.js';

/**
 * The default page title: the page's name and the site name, the not-found heading for
 * errors, else the site name. The page's name is the static route's `title`, else the entry
 * title. On a page in another language than the default, the site name, a static route's
 * title and the error heading are the page's words for them (`routing.words`, when the
 * site's catalogue has them as messages: `'Aberwen University'` is `'Prifysgol Aberwen'`).
 *
 * @example
 * defaultTitle(state, 'Aberwen University'); // 'Courses | Aberwen University'
 */
export function defaultTitle(state: SiteState, siteName: string): string {
  const { routing } = state;
  const words = routing.words;
  const name = words?.[siteName] ?? siteName;
  if (routing.notFound || routing.isError) {
    const heading = notFoundHeading(routing.statusCode);
    return `${words?.[heading] ?? heading} | ${name}`;
  }
  const route = routing.staticRoute?.title;
  const title = route ? (words?.[route] ?? route) : routing.entry?.entryTitle;
  return title && title !== name ? `${title} | ${name}` : name;
}

/**
 * The metadata of the page in `state`, from its entry (title, `entryDescription`, the image
 * of `entryThumbnail` or of its first image field, language) and its canonical path on the
 * public origin, then the site's `seo.meta` overrides. Error and not-found pages have no
 * canonical link; previews ask not to be indexed.
 *
 * @example
 * pageMeta(state, site).canonical; // 'https://www.aberwen.ac.uk/courses/llb-law'
 */
export function pageMeta(state: SiteState, site: SiteDefinition): PageMeta {
  const { routing } = state;
  const entry = routing.entry;
  const origin = routing.publicOrigin;
  const isPage = !routing.notFound && !routing.isError && !routing.redirect;
  const image = isPage && entry ? entryImage(entry) : null;
  const defaults: PageMeta = {
    title: site.title ? site.title(state) : defaultTitle(state, site.name),
    description: (isPage && nonEmpty(entry?.entryDescription)) || null,
    canonical:
      isPage && origin && routing.canonicalPath
        ? // Under the language's prefix: `/cy` + `/cyrsiau`; the Welsh home is `/cy` itself.
          absolute(
            routing.basePath && routing.canonicalPath === '/'
              ? routing.basePath
              : (routing.basePath ?? '') + routing.canonicalPath,
            origin,
          )
        : null,
    robots: routing.isPreview ? 'noindex' : null,
    type: 'website',
    // In the page's language (its words), as the title's.
    siteName: routing.words?.[site.name] ?? site.name,
    locale: ogLocale(entry?.sys?.language ?? routing.language ?? site.language ?? 'en-GB'),
    image: image && origin ? absolute(image.uri, origin) : null,
    imageAlt: image?.alt ?? null,
    twitterCard: image && origin ? 'summary_large_image' : 'summary',
    twitterSite: site.seo?.twitterSite ?? null,
  };
  const overrides = site.seo?.meta?.(defaults, state);
  return overrides ? { ...defaults, ...overrides } : defaults;
}

/** Whether two page metadata objects say the same (for the selector that reads them). */
export function samePageMeta(a: PageMeta, b: PageMeta): boolean {
  for (const key of Object.keys(a) as (keyof PageMeta)[]) if (a[key] !== b[key]) return false;
  return Object.keys(a).length === Object.keys(b).length;
}

/** The picture that stands for an entry: its `entryThumbnail`, else its first image field. */
export function entryImage(entry: Entry): { uri: string; alt: string | null } | null {
  const thumbnail = imageOf(entry.entryThumbnail);
  if (thumbnail) return thumbnail;
  for (const [key, value] of Object.entries(entry)) {
    if (key === 'sys' || key === 'entryThumbnail') continue;
    const image = imageOf(value);
    if (image) return image;
  }
  return null;
}

/** An image field's asset address and text, when the value is an image with a resolved address. */
function imageOf(value: unknown): { uri: string; alt: string | null } | null {
  if (!value || typeof value !== 'object' || !('asset' in value)) return null;
  const { asset, altText } = value as {
    asset?: { sys?: { uri?: unknown }; altText?: unknown };
    altText?: unknown;
  };
  const uri = asset?.sys?.uri;
  if (typeof uri !== 'string' || !uri.startsWith('/')) return null;
  return { uri, alt: nonEmpty(altText) || nonEmpty(asset?.altText) || null };
}

/** `en-GB` → `en_GB`, as Open Graph writes locales; `null` for what is not a language tag. */
export function ogLocale(language: string): string | null {
  const match = /^([a-z]{2,3})(?:[-_]([A-Za-z]{2}|\d{3}))?$/.exec(language);
  if (!match) return null;
  return match[2] ? `${match[1]}_${match[2].toUpperCase()}` : (match[1] as string);
}

/** `path` on `origin`, or `null` when it would name another origin (`//host`, `/\\host`). */
function absolute(path: string, origin: string): string | null {
  try {
    const base = new URL(origin);
    const url = new URL(path.replace(/^\/+/, '/'), base);
    return url.origin === base.origin ? url.href : null;
  } catch {
    return null;
  }
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}
