/** Text helpers shared by the indexer and the query compiler. */

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** True when a string probably holds markup worth stripping before full-text indexing. */
export function looksLikeHtml(text: string): boolean {
  return text.includes('<') && /<\/?[a-z!][^>]*>/i.test(text);
}

/**
 * Plain text of an HTML fragment for the full-text index: tags become spaces (so words in
 * adjacent elements stay apart), scripts and styles go entirely, common entities are decoded.
 */
export function stripHtml(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code =
          name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
}

/** Text for the full-text index: markup stripped when there is any. */
export function plainText(text: string): string {
  return looksLikeHtml(text) ? stripHtml(text) : text;
}

/**
 * A word as the FTS5 `unicode61 remove_diacritics 2` tokenizer stores it: lower case, without
 * combining marks. Used to compare query words with the index vocabulary.
 */
export function foldWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const ASCII_WORD = /[A-Za-z0-9]+/g;
// Any character outside printable ASCII (tabs and newlines included, which are harmless).
const NON_ASCII = /[^\t\n\r\x20-\x7e]/;

/**
 * The words of a text as the FTS5 `unicode61` tokenizer would cut them (runs of letters,
 * digits and combining marks), case and accents untouched.
 */
export function words(text: string): string[] {
  // Plain ASCII text (most of it) takes the much cheaper non-Unicode pattern.
  return text.match(NON_ASCII.test(text) ? WORD : ASCII_WORD) ?? [];
}

/** ASCII-only lower-casing: the case folding SQLite's NOCASE and LIKE apply. */
export function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
}

/** Escapes `%`, `_` and the escape character itself for a `LIKE … ESCAPE '\'` pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** One unit of a free-text term: a bare word or a quoted phrase. */
export interface TermPart {
  text: string;
  phrase: boolean;
}

/**
 * Splits a free-text term into words and `"quoted phrases"`, dropping parts with no letter
 * or digit (the tokenizer would produce nothing from them).
 */
export function splitTerm(term: string): TermPart[] {
  const parts: TermPart[] = [];
  for (const match of term.matchAll(/"([^"]*)"|([^\s"]+)/g)) {
    const phrase = match[1] !== undefined;
    const text = (phrase ? match[1] : match[2])!.trim();
    if (/[\p{L}\p{N}]/u.test(text)) parts.push({ text, phrase });
  }
  return parts;
}
