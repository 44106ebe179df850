import { type FlatEntry, flattenEntry } from './flatten.js';
import { fullTextBody } from './fts-body.js';
import { words } from './text.js';
import type { EntryJson } from './types.js';

/** What the index holds for one entry, before any of it is written. */
export interface EntryRows {
  flat: FlatEntry;
  /** The full-text row, or undefined when the entry has no text. */
  body: string | undefined;
  /** Every word of the entry's text, for the fuzzy vocabulary (computed on demand). */
  contentWords: () => string[];
}

/**
 * Analyses an entry into its index rows. `pathId` turns a field path into its id and is
 * called in a fixed order (value paths, then geo paths, then full-text paths), so a writer
 * that assigns ids on first use gives every caller the same ids. Pure apart from `pathId`:
 * the seed's index worker runs it off the writer's thread.
 */
export function entryRows(entry: EntryJson, pathId: (path: string) => number): EntryRows {
  const flat = flattenEntry(entry);
  for (const value of flat.values) pathId(value.path);
  for (const geo of flat.geo) pathId(geo.path);
  // An entry repeats texts (entryTitle is the title, entryDescription a summary field):
  // each is split into words once.
  const tokenized = new Map<string, string[]>();
  const wordsOf = (text: string): string[] => {
    let found = tokenized.get(text);
    if (!found) {
      found = words(text);
      tokenized.set(text, found);
    }
    return found;
  };
  const body = fullTextBody(flat, pathId, wordsOf);
  return { flat, body, contentWords: () => flat.content.flatMap(wordsOf) };
}

/**
 * The value rows of one doc with their path ids, five items a row: path id, seq, text, long
 * text (or null), number (or null). The seed's index worker hands rows over in this shape.
 */
export type ValueTuples = (number | string | null)[];

/** Geo rows with their path ids, four numbers a row: path id, seq, lat, lon. */
export type GeoTuples = number[];

/** One doc's index rows, ready to write. */
export interface DocRows {
  doc: number;
  values: ValueTuples;
  geo: GeoTuples;
  /** The full-text row, or null when the entry has no text. */
  body: string | null;
}

/** Turns analysed rows into tuples, turning paths into ids in the order entryRows did. */
export function docRows(doc: number, rows: EntryRows, pathId: (path: string) => number): DocRows {
  const values: ValueTuples = new Array(rows.flat.values.length * 5);
  let i = 0;
  for (const v of rows.flat.values) {
    values[i++] = pathId(v.path);
    values[i++] = v.seq;
    values[i++] = v.text;
    values[i++] = v.long;
    values[i++] = v.num;
  }
  const geo: GeoTuples = [];
  for (const g of rows.flat.geo) geo.push(pathId(g.path), g.seq, g.lat, g.lon);
  return { doc, values, geo, body: rows.body ?? null };
}

/**
 * A batch of docs' index rows, as the seed's index worker hands them to the writer. Value and
 * long-text rows come as flat lists of column values, ready to bind in multi-row inserts (the
 * writer slices them; a list of primitives clones between threads far cheaper than one
 * object per row). The few geo and doc-path rows and the full-text rows come as JSON texts,
 * each an array of rows, which the writer inserts with one statement over `json_each`: one
 * statement of full-text rows makes one segment of the full-text index.
 */
export interface BatchRows {
  /** search_long rows, 2 items a row: id, text. */
  longs: (number | string)[];
  /** search_values rows, 6 items a row: doc, path, seq, text, long id, num. */
  values: (number | string | null)[];
  /** search_geo rows as JSON: [doc, path, seq, lat, lon]. */
  geo: string;
  /** search_doc_paths rows as JSON: [doc, [path ids]]. */
  docPaths: string;
  /** search_fts rows as JSON: [doc, body]. */
  fullText: string;
  fullTextCount: number;
}

/**
 * Collects docs' rows into {@link BatchRows}, giving out search_long ids in order from
 * `nextLongId` (one per distinct long text of a doc, as the plain indexer's writes get them).
 */
export class BatchRowsBuilder {
  #longs: (number | string)[] = [];
  #values: (number | string | null)[] = [];
  #geo: unknown[] = [];
  #docPaths: unknown[] = [];
  #fullText: unknown[] = [];

  constructor(private nextLongId: number) {}

  /** Adds one doc's rows. */
  add(rows: DocRows): void {
    const { doc, values, geo } = rows;
    if (values.length > 0) {
      const paths = new Set<number>();
      const longIds = new Map<string, number>();
      const out = this.#values;
      for (let k = 0; k < values.length; k += 5) {
        const path = values[k] as number;
        const long = values[k + 3] as string | null;
        let longId: number | null = null;
        if (long !== null) {
          const known = longIds.get(long);
          if (known === undefined) {
            longId = this.nextLongId++;
            longIds.set(long, longId);
            this.#longs.push(longId, long);
          } else longId = known;
        }
        paths.add(path);
        out.push(doc, path, values[k + 1]!, values[k + 2]!, longId, values[k + 4]!);
      }
      this.#docPaths.push([doc, [...paths]]);
    }
    for (let k = 0; k < geo.length; k += 4) this.#geo.push([doc, geo[k], geo[k + 1], geo[k + 2], geo[k + 3]]);
    if (rows.body !== null) this.#fullText.push([doc, rows.body]);
  }

  /** The rows added since the last call. */
  take(): BatchRows {
    const batch: BatchRows = {
      longs: this.#longs,
      values: this.#values,
      geo: JSON.stringify(this.#geo),
      docPaths: JSON.stringify(this.#docPaths),
      fullText: JSON.stringify(this.#fullText),
      fullTextCount: this.#fullText.length,
    };
    this.#longs = [];
    this.#values = [];
    this.#geo = [];
    this.#docPaths = [];
    this.#fullText = [];
    return batch;
  }
}
