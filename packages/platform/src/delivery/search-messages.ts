/**
 * What the main thread and a search worker send each other (see {@link SearchPool}). A
 * search request crosses threads as plain data, so its `hidden` builder — a function of the
 * caller's access — is run on the main thread into a template that the worker fills in.
 */
import type { EntryVersionRecord } from '../db/entries.js';
import type { SearchRequest, SearchResult } from '../search/types.js';

/** `SearchRequest.hidden`, evaluated: SQL with the column and each bound value marked. */
export interface HiddenTemplate {
  sql: string;
  values: string[];
}

/** A search request without functions, as it crosses to a worker. */
export type PortableSearchRequest = Omit<SearchRequest, 'hidden'> & { hidden?: HiddenTemplate };

/** Main thread → worker. */
export interface WorkerQuestion {
  id: number;
  request: PortableSearchRequest;
}

/** Worker → main thread: the result and its hits' stored versions, or the error thrown. */
export type WorkerAnswer =
  | { id: number; ok: true; result: SearchResult; records: Map<number, EntryVersionRecord> }
  | { id: number; ok: false; error: { name: string; message: string } };

// Control characters cannot occur in SQL built from column names and bound parameters.
const COLUMN = '\u0001column\u0001';
const valueMark = (i: number) => `\u0002${i}\u0002`;

/** Runs `hidden` once with marked placeholders; undefined when it hides nothing. */
export function hiddenTemplate(hidden: SearchRequest['hidden']): HiddenTemplate | undefined {
  if (!hidden) return undefined;
  const values: string[] = [];
  const sql = hidden(COLUMN, (value) => {
    values.push(value);
    return valueMark(values.length - 1);
  });
  return sql === null ? undefined : { sql, values };
}

/** The `hidden` builder a {@link HiddenTemplate} stands for. */
export function fillHidden(template: HiddenTemplate): NonNullable<SearchRequest['hidden']> {
  return (column, bind) =>
    template.values.reduce(
      (sql, value, i) => sql.replace(valueMark(i), () => bind(value)),
      template.sql.replaceAll(COLUMN, column),
    );
}
