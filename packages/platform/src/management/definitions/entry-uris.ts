import type { ProjectResource } from '../../contract.js';
import { updateEntryVersionData } from '../../db/entries.js';
import { getNodeLocalisation, getNodesByEntry } from '../../db/nodes.js';
import type { Db } from '../../db/open.js';
import { parseJsonColumn, preparedFor } from '../../db/statements.js';
import { indexEntryVersion } from '../../search/index.js';
import type { EntryJson } from '../../search/types.js';

const statements = preparedFor((db) => ({
  versions: db.prepare<
    [string, string],
    { doc: number; language: string; data_format: string; entry_title: string; data: string }
  >(
    'SELECT doc, language, data_format, entry_title, data FROM entry_versions WHERE project_id = ? AND entry_id = ?',
  ),
}));

/**
 * Brings `sys.uri` and `sys.allUris` of every stored version of the given entries in line
 * with the site view after a node write: an entry's URI is its canonical node's path in the
 * version's language (the primary language's path when the node has none in it), `allUris`
 * the paths of all its nodes; an entry without nodes has no URI. Asset entries keep their
 * file URIs. Changed versions are re-indexed, so searches on `sys.uri` see the new paths.
 * Call inside the node write's transaction.
 */
export function refreshEntryUris(db: Db, project: ProjectResource, entryIds: Iterable<string>): void {
  for (const entryId of new Set(entryIds)) {
    const nodes = getNodesByEntry(db, project.id, entryId);
    for (const row of statements(db).versions.all(project.id, entryId)) {
      if (row.data_format === 'asset') continue;
      const paths = nodes
        .map(
          (node) => getNodeLocalisation(db, project.id, node.id, row.language, project.primaryLanguage)?.path,
        )
        .filter((path): path is string => path !== undefined);
      const entry = parseJsonColumn<EntryJson & { sys: { uri?: string; allUris?: string[] } }>(row.data);
      const uri = paths[0];
      if (entry.sys.uri === uri && sameList(entry.sys.allUris, paths)) continue;
      // The stored sys is a plain JSON object; only its uri keys change.
      entry.sys = withUris(
        entry.sys as unknown as Record<string, unknown>,
        uri,
        paths,
      ) as unknown as typeof entry.sys;
      updateEntryVersionData(db, row.doc, JSON.stringify(entry), row.entry_title);
      indexEntryVersion(db, row.doc, entry);
    }
  }
}

function sameList(a: readonly string[] | undefined, b: readonly string[]): boolean {
  return (a ?? []).length === b.length && b.every((value, i) => a![i] === value);
}

/** `sys` with new URIs, keeping the contract's key order (`uri` right after `slug`). */
function withUris(
  sys: Record<string, unknown>,
  uri: string | undefined,
  allUris: string[],
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  let placed = false;
  for (const [key, value] of Object.entries(sys)) {
    if (key === 'uri') continue;
    result[key] = key === 'allUris' ? allUris : value;
    if (key === 'slug' && uri !== undefined) {
      result.uri = uri;
      placed = true;
    }
  }
  if (!placed && uri !== undefined) result.uri = uri;
  if (!('allUris' in result)) result.allUris = allUris;
  return result;
}
