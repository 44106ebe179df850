/** Where a parsed JSON value holds text that cannot be stored faithfully, and what it is. */
export interface UnstorableText {
  /** Dotted path to the value (or key), e.g. `fields.title` or `tags[2]`; `''` for the body itself. */
  path: string;
  /** e.g. `a NUL character (U+0000)`. */
  problem: string;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The most nested values looked at; parsed bodies are at most 1 MiB, so this is never reached in practice. */
const MAX_VISITS = 1_000_000;

/**
 * The first string (value or object key) in a parsed JSON document that holds a NUL
 * character or an unpaired UTF-16 surrogate, or undefined when there is none. Such text
 * passes `JSON.parse` (as `\u0000` / `\ud800` escapes) but cannot be stored or served as
 * valid UTF-8 and truncates in C APIs, so writes refuse it.
 *
 * @example
 * findUnstorableText({ fields: { title: 'a\u0000b' } });
 * // { path: 'fields.title', problem: 'a NUL character (U+0000)' }
 */
export function findUnstorableText(value: unknown): UnstorableText | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  let visits = 0;
  while (stack.length > 0 && visits < MAX_VISITS) {
    visits += 1;
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return { path, problem };
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ value: current[index], path: `${path}[${index}]` });
      }
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index]!;
        const childPath = path === '' ? key : `${path}.${key}`;
        const keyProblem = textProblem(key);
        if (keyProblem) return { path: printable(childPath), problem: `${keyProblem} in a key` };
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return undefined;
}

function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'a NUL character (U+0000)';
  const match = UNPAIRED_SURROGATE.exec(text);
  if (match) {
    const code = match[0].charCodeAt(0).toString(16).toUpperCase();
    return `an unpaired UTF-16 surrogate (U+${code})`;
  }
  return undefined;
}

/** A path safe to put in a message: NUL and surrogate code units shown as `\uXXXX` escapes. */
function printable(path: string): string {
  let shown = '';
  for (const char of path) {
    const code = char.charCodeAt(0);
    const unsafe = char.length === 1 && (code === 0 || (code >= 0xd800 && code <= 0xdfff));
    shown += unsafe ? `\\u${code.toString(16).padStart(4, '0')}` : char;
  }
  return shown;
}
