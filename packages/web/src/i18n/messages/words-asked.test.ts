import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { wordsMessageOf } from '../page-words.js';
import { messages as enGB } from './en-GB.js';

// Every word a framework component asks `useWords` (`text('…')`) or `useWordsMessage`
// (`message('…', …)`) for must be a message of the framework's reference catalogue, as the
// page's words file it: otherwise a Welsh page would show it in English and nothing would say so.

const source = fileURLToPath(new URL('../../', import.meta.url));

/** The literal first arguments of `text('…')` and `message('…'` calls, comments left out. */
export function wordsAskedFor(code: string): string[] {
  const bare = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...bare.matchAll(/\b(?:text|message)\(\s*'((?:[^'\\]|\\.)*)'/g)].map((m) =>
    (m[1] as string).replace(/\\'/g, "'"),
  );
}

function codeFiles(): string[] {
  return (readdirSync(source, { recursive: true }) as string[]).filter(
    (name) => /\.tsx?$/.test(name) && !name.includes('.test.'),
  );
}

describe('the words framework components ask for', () => {
  const known = new Set(Object.values(enGB).map((message) => wordsMessageOf(message)));

  it('are messages of the reference catalogue the page words carry', () => {
    const asked = codeFiles().flatMap((name) =>
      wordsAskedFor(readFileSync(`${source}${name}`, 'utf8')).map((word) => ({ name, word })),
    );
    expect(asked.length).toBeGreaterThan(20);
    expect(asked.filter(({ word }) => !known.has(word))).toEqual([]);
  });

  it('are found in code and not in comments', () => {
    expect(
      wordsAskedFor(
        "// text('No')\n/** message('Nor {this}') */\nconst a = text('Next');\nmessage(\n  'Page {page}', v);",
      ),
    ).toEqual(['Next', 'Page {page}']);
  });
});
