import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { messages as enGB } from './en-GB.js';

// Every word a component asks `useText` for must be an English message of the catalogue:
// otherwise a Welsh page would show it in English, untranslated, and nothing would say so.

const components = fileURLToPath(new URL('../components/', import.meta.url));

/** The literal words of the `text('…')` calls in a component, and the not-found page's explanations. */
function wordsAskedFor(source: string): string[] {
  const asked = [...source.matchAll(/\btext\('((?:[^'\\]|\\.)*)'\)/g)].map((m) =>
    (m[1] as string).replace(/\\'/g, "'"),
  );
  return asked;
}

describe('the words the components ask for', () => {
  const english = new Set<string>(Object.values(enGB));
  const files = readdirSync(components).filter((name) => name.endsWith('.tsx') && !name.includes('.test.'));

  it('are English messages of the catalogue', () => {
    const asked = files.flatMap((name) => wordsAskedFor(readFileSync(`${components}${name}`, 'utf8')));
    expect(asked.length).toBeGreaterThan(15);
    expect(asked.filter((word) => !english.has(word))).toEqual([]);
  });

  it('include the names of the months dates are written with', () => {
    const source = readFileSync(fileURLToPath(new URL('../content/dates.ts', import.meta.url)), 'utf8');
    const months = /const MONTHS = \[([^\]]+)\]/.exec(source)?.[1]?.match(/'[^']+'/g) ?? [];
    expect(months).toHaveLength(12);
    expect(months.map((month) => month.slice(1, -1)).filter((month) => !english.has(month))).toEqual([]);
  });

  it("include the not-found page's explanations", () => {
    const source = readFileSync(`${components}NotFoundPage.tsx`, 'utf8');
    const explanations = [...source.matchAll(/return '([^']+)';/g)].map((m) => m[1] as string);
    expect(explanations).toHaveLength(5);
    expect(explanations.filter((word) => !english.has(word))).toEqual([]);
  });
});
