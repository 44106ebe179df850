import type { SiteLanguages } from '../i18n/site-languages.js';
import type { HostEnvironment } from '../routing/host-environment.js';
import type { LanguageRoute } from '../routing/route-paths.js';
import { rulesInLanguages } from './robots-languages.js';
import type { RobotsConfig, RobotsContext, RobotsRule } from './seo-config.js';

/** What `robots.txt` says on a host that is not the live site: stay away from everything. */
export const DISALLOW_ALL = 'User-agent: *\nDisallow: /\n';

/** Inputs of {@link robotsTxt}. */
export interface RobotsInput {
  environment: HostEnvironment;
  /** The site's public origin, e.g. `https://www.aberwen.ac.uk`. */
  origin: string;
  /** The sitemap's path, or `null` when the site has none. */
  sitemapPath: string | null;
  /** The site's preview path (default `/preview`). */
  previewPath: string;
  config?: RobotsConfig | ((context: RobotsContext) => string);
  /**
   * The site's languages: each rule's paths are written under every language prefix too, and
   * in a static route's own address in that language (see `rulesInLanguages`). Rules written
   * by a function are taken as they are.
   */
  languages?: SiteLanguages | null;
  /** The site's static routes, whose addresses per language the rules follow. */
  routes?: readonly LanguageRoute[];
}

/**
 * The `robots.txt` of a host. Local, preview, api and cms hosts disallow everything,
 * whatever the site configures, so drafts and duplicates stay out of search engines. A live
 * host gets the site's rules (default: every agent, all but the account area, the delivery
 * proxy and previews) and a `Sitemap:` line, or what the site's function writes.
 *
 * @example
 * robotsTxt({ environment: hostEnvironment('preview-aberwen.example.com'), origin, sitemapPath: '/sitemap.xml', previewPath: '/preview' });
 * // 'User-agent: *\nDisallow: /\n'
 */
export function robotsTxt(input: RobotsInput): string {
  if (!input.environment.isLive) return DISALLOW_ALL;
  const sitemapUrl = input.sitemapPath ? new URL(input.sitemapPath, input.origin).href : null;
  const inLanguages = (rules: readonly RobotsRule[]) =>
    rulesInLanguages(rules, input.languages ?? null, input.routes ?? []);
  const defaults = writeRobots(inLanguages(defaultRules(input.previewPath)), sitemapUrl);
  const { config } = input;
  if (typeof config === 'function') {
    const text = config({ origin: input.origin, sitemapUrl, defaults });
    return text.endsWith('\n') ? text : `${text}\n`;
  }
  return config?.rules ? writeRobots(inLanguages(config.rules), sitemapUrl) : defaults;
}

/** The default group: everything but the account area, the delivery proxy and previews. */
export function defaultRules(previewPath: string): RobotsRule[] {
  return [{ userAgent: '*', disallow: ['/account/', '/api/', `${previewPath.replace(/\/+$/, '')}/`] }];
}

/** Writes groups and the sitemap line in the robots exclusion protocol's syntax (RFC 9309). */
export function writeRobots(rules: readonly RobotsRule[], sitemapUrl: string | null): string {
  const groups = rules.map((rule) => {
    const agents = typeof rule.userAgent === 'string' ? [rule.userAgent] : rule.userAgent;
    const lines = [
      ...agents.map((agent) => `User-agent: ${clean(agent)}`),
      ...(rule.allow ?? []).map((path) => `Allow: ${clean(path)}`),
      ...(rule.disallow ?? []).map((path) => `Disallow: ${clean(path)}`),
    ];
    // A group without rules allows everything; RFC 9309 wants at least one rule line.
    if (!rule.allow?.length && !rule.disallow?.length) lines.push('Disallow:');
    return lines.join('\n');
  });
  if (sitemapUrl) groups.push(`Sitemap: ${sitemapUrl}`);
  return `${groups.join('\n\n')}\n`;
}

/** A value on one line: line breaks would start a directive of their own. */
function clean(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}
