import { SearchError } from './errors.js';
import { FIELD_TOKEN_SEPARATOR } from './fields.js';
import { splitTerm, words } from './text.js';

/** What a free-text expression searches: the whole entry, or the fields with these path ids. */
export type FtsTarget = { kind: 'content' } | { kind: 'fields'; pathIds: number[] };

/** A free-text request, already validated. */
export interface FtsRequest {
  term: string;
  operator: 'and' | 'or';
  fuzzy: boolean;
  target: FtsTarget;
  /** Near spellings of a word from the index vocabulary (only called when `fuzzy`). */
  expand: (word: string) => string[];
}

// A MATCH expression bigger than this is a sign of a term × sub-field explosion.
const MAX_ALTERNATIVES = 4000;

/**
 * Builds the FTS5 MATCH expression for a free-text search. The user's words never reach
 * FTS5 syntax unquoted: each word or `"phrase"` becomes a quoted string, so operators and
 * special characters in the input are just text. For a field target every token becomes the
 * field-qualified token the indexer wrote (`12ǂharbour`), one alternative per path id.
 * Parts are joined with AND or OR per `operator`.
 */
export function buildMatch(request: FtsRequest): string {
  const prefixes =
    request.target.kind === 'content'
      ? ['']
      : request.target.pathIds.map((id) => `${id}${FIELD_TOKEN_SEPARATOR}`);
  const clauses: string[] = [];
  let alternatives = 0;
  for (const part of splitTerm(request.term)) {
    const tokens = words(part.text);
    if (tokens.length === 0) continue;
    const options: string[] = [];
    if (request.fuzzy && !part.phrase && tokens.length === 1) {
      const word = tokens[0]!;
      const spellings = [word, ...request.expand(word)];
      for (const prefix of prefixes) {
        for (const spelling of spellings) options.push(quote(prefix + spelling));
        if ([...word].length >= 3) options.push(`${quote(prefix + word)}*`);
      }
    } else {
      for (const prefix of prefixes) options.push(quote(tokens.map((token) => prefix + token).join(' ')));
    }
    alternatives += options.length;
    clauses.push(options.length === 1 ? options[0]! : `(${options.join(' OR ')})`);
  }
  if (alternatives > MAX_ALTERNATIVES) {
    throw new SearchError(
      'freeText: the term expands to too many alternatives; use fewer words or a narrower field',
    );
  }
  return clauses.join(request.operator === 'and' ? ' AND ' : ' OR ');
}

function quote(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}
