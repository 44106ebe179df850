/**
 * Messages with values in the browser, without a formatter: the page's words hold them in a
 * small part of ICU MessageFormat (see `wordsMessageOf`), and this picks the plural branch
 * with the browser's own `Intl.PluralRules` and writes numbers with `Intl.NumberFormat`.
 */

/** Values of a message: numbers are written in the page's language (`1,234`). */
export type WordsValues = Readonly<Record<string, string | number>>;

/**
 * `message` with `values` in `language`: text, `{name}` and `{name, number}`, and `{name, plural,
 * =0 {…} one {…} other {…}}` whose branches hold text, `#` (the count) and arguments. An exact branch (`=0`)
 * wins over the language's category; a branch the message lacks falls back to `other`.
 *
 * @example
 * formatWordsMessage('{count, plural, one {# canlyniad} two {# ganlyniad} few {# chanlyniad} other {# canlyniad}}', 'cy', { count: 3 });
 * // '3 chanlyniad'
 */
export function formatWordsMessage(message: string, language: string, values: WordsValues): string {
  return fill(message, language, values, '');
}

function fill(text: string, language: string, values: WordsValues, pound: string): string {
  let out = '';
  for (let at = 0; at < text.length; at++) {
    const char = text.charAt(at);
    if (char === '#' && pound) out += pound;
    else if (char !== '{') out += char;
    else {
      const end = closing(text, at);
      const inner = text.slice(at + 1, end);
      const comma = inner.indexOf(',');
      const value = values[(comma < 0 ? inner : inner.slice(0, comma)).trim()];
      const options = comma < 0 ? -1 : inner.indexOf(',', comma + 1);
      // `{name}` and `{name, number}` alike: a number is written in the language either way.
      if (options < 0) out += shown(value, language);
      else {
        const count = Number(value);
        const choices = branches(inner.slice(options + 1));
        const branch =
          choices[`=${count}`] ?? choices[new Intl.PluralRules(language).select(count)] ?? choices.other;
        out += fill(branch ?? '', language, values, shown(count, language));
      }
      at = end;
    }
  }
  return out;
}

/** Where the brace opened at `open` closes (the end of the text when it never does). */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    if (text[at] === '{') depth++;
    else if (text[at] === '}' && --depth === 0) return at;
  }
  return text.length;
}

/** A plural's options by selector: ` =0 {…} one {…} other {…}`. */
function branches(text: string): Record<string, string> {
  const options: Record<string, string> = {};
  for (let at = 0; ; ) {
    const open = text.indexOf('{', at);
    if (open < 0) return options;
    const end = closing(text, open);
    options[text.slice(at, open).trim()] = text.slice(open + 1, end);
    at = end + 1;
  }
}

function shown(value: string | number | undefined, language: string): string {
  return typeof value === 'number' ? new Intl.NumberFormat(language).format(value) : (value ?? '');
}
