import { SearchError } from './errors.js';

/** A ZenQL token with its 0-based start offset in the text. */
export type ZenqlToken =
  | { type: 'word'; text: string; pos: number }
  | { type: 'string'; text: string; pos: number }
  | { type: 'op'; text: '=' | '!=' | '~' | '!~' | '>' | '<' | '>=' | '<='; pos: number }
  | { type: 'punct'; text: '(' | ')' | ',' | '^'; pos: number }
  | { type: 'end'; text: ''; pos: number };

// Characters that end a bare word: whitespace, quotes, parentheses, comma, caret, operators.
const WORD_END = /[\s"'(),^=!~<>]/;

/**
 * Splits ZenQL (contract §2.8) into tokens. Bare words run until whitespace or a special
 * character, so field paths (`sys.version.created`), GUIDs, ISO dates, numbers, relative
 * periods (`-5d`) and distances (`100km`) each come out as one word; the parser decides
 * what a word means from where it stands. Strings are single- or double-quoted, with a
 * doubled quote or a backslash escaping the quote character.
 */
export function tokenizeZenql(text: string): ZenqlToken[] {
  const tokens: ZenqlToken[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    const pos = i;
    if (c === '"' || c === "'") {
      let value = '';
      i += 1;
      for (;;) {
        if (i >= text.length)
          throw new SearchError(`zenql: unterminated string starting at position ${pos + 1}`);
        const d = text[i]!;
        if (d === '\\' && i + 1 < text.length) {
          value += text[i + 1];
          i += 2;
        } else if (d === c && text[i + 1] === c) {
          value += c;
          i += 2;
        } else if (d === c) {
          i += 1;
          break;
        } else {
          value += d;
          i += 1;
        }
      }
      tokens.push({ type: 'string', text: value, pos });
      continue;
    }
    if (c === '(' || c === ')' || c === ',' || c === '^') {
      tokens.push({ type: 'punct', text: c, pos });
      i += 1;
      continue;
    }
    const two = text.slice(i, i + 2);
    if (two === '!=' || two === '!~' || two === '>=' || two === '<=') {
      tokens.push({ type: 'op', text: two, pos });
      i += 2;
      continue;
    }
    if (c === '=' || c === '~' || c === '>' || c === '<') {
      tokens.push({ type: 'op', text: c, pos });
      i += 1;
      continue;
    }
    if (c === '!') throw new SearchError(`zenql: unexpected "!" at position ${pos + 1}; expected != or !~`);
    while (i < text.length && !WORD_END.test(text[i]!)) i += 1;
    tokens.push({ type: 'word', text: text.slice(pos, i), pos });
  }
  tokens.push({ type: 'end', text: '', pos: text.length });
  return tokens;
}
