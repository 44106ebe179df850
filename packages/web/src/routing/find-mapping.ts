import type { ContentTypeMapping, SiteDefinition } from '../site/site-definition.js';

/**
 * The mapping for a content type, if the site has one.
 *
 * @example
 * findMapping(site, state.routing.entry?.sys.contentTypeId)?.component
 */
export function findMapping(
  site: SiteDefinition,
  contentTypeId: string | null | undefined,
): ContentTypeMapping | null {
  if (!contentTypeId) return null;
  return site.contentTypeMappings.find((mapping) => mapping.contentTypeId === contentTypeId) ?? null;
}
