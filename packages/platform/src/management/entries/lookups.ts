import type { ProjectResource } from '../../contract.js';
import { getContentType } from '../../db/content-types.js';
import { entryIdentity, entryLanguages, getEntryVersion, parseEntryData } from '../../db/entries.js';
import { getNodeLocalisation, getNodesByEntry } from '../../db/nodes.js';
import type { Db } from '../../db/open.js';
import type { DocumentLookups, LinkTarget } from '../../seed/entry-document.js';
import type { LinkTargetInfo } from './validation.js';

/**
 * The lookups a stored document is completed from (link targets, URIs, slugs), answered from
 * the database: what the seed loader answers from memory. Entry URIs are node paths (the
 * canonical node first); an asset's URI is the one its stored document carries.
 */
export function databaseLookups(db: Db, project: ProjectResource): DocumentLookups {
  const targets = new Map<string, LinkTarget | null>();
  const target = (entryId: string): LinkTarget | undefined => {
    let found = targets.get(entryId);
    if (found === undefined) {
      const identity = entryIdentity(db, project.id, entryId);
      const contentType = identity ? getContentType(db, project.id, identity.contentTypeId) : undefined;
      found = identity
        ? {
            contentTypeId: identity.contentTypeId,
            dataFormat: identity.dataFormat,
            languages: entryLanguages(db, project.id, entryId, 'latest'),
            defaultLanguage: contentType?.defaultLanguage ?? project.primaryLanguage,
          }
        : null;
      targets.set(entryId, found);
    }
    return found ?? undefined;
  };
  const nodePath = (nodeId: string, language: string) =>
    getNodeLocalisation(db, project.id, nodeId, language, project.primaryLanguage);
  return {
    projectId: project.id,
    target,
    uriOf(entryId, language) {
      const found = target(entryId);
      if (found?.dataFormat === 'asset') {
        const stored =
          getEntryVersion(db, project.id, entryId, language, 'latest') ??
          getEntryVersion(db, project.id, entryId, found.languages[0] ?? language, 'latest');
        return stored ? parseEntryData(stored).sys.uri : undefined;
      }
      const [node] = getNodesByEntry(db, project.id, entryId);
      return node ? nodePath(node.id, language)?.path : undefined;
    },
    allUrisOf(entryId, language) {
      return getNodesByEntry(db, project.id, entryId)
        .map((node) => nodePath(node.id, language)?.path)
        .filter((path): path is string => path !== undefined);
    },
    nodeSlugOf(entryId, language) {
      const [node] = getNodesByEntry(db, project.id, entryId);
      return node && node.parentId !== null ? nodePath(node.id, language)?.slug : undefined;
    },
  };
}

/** Link validation's view of the same lookups. */
export function linkTargetLookup(lookups: DocumentLookups): (entryId: string) => LinkTargetInfo | undefined {
  return (entryId) => {
    const target = lookups.target(entryId);
    return target ? { contentTypeId: target.contentTypeId, dataFormat: target.dataFormat } : undefined;
  };
}
