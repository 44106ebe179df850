import { type EntryVersionRecord, getEntryVersionsByDocs } from '../db/entries.js';
import type { Db } from '../db/open.js';
import { searchEntries } from '../search/search.js';
import type { SearchRequest, SearchResult } from '../search/types.js';

/** A search's result and its hits' stored versions, read from one snapshot. */
export interface SearchSnapshot {
  result: SearchResult;
  records: Map<number, EntryVersionRecord>;
}

/**
 * Runs a search and reads its hits' stored versions in one read transaction, so both see the
 * database as it was at one moment even while another connection commits in between (WAL
 * keeps that snapshot): the page never lacks a hit that a write deleted meanwhile, and never
 * shows an entry as it was after the search. What a search worker runs (see SearchPool).
 */
export function searchSnapshot(db: Db, request: SearchRequest): SearchSnapshot {
  return db.transaction(() => {
    const result = searchEntries(db, request);
    const records = getEntryVersionsByDocs(
      db,
      result.hits.map((hit) => hit.doc),
    );
    return { result, records };
  })();
}
