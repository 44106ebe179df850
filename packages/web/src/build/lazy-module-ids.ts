import { relative } from 'node:path';
import type { Plugin } from 'vite';

/** `lazyComponent(() => import('spec')` with nothing after the import's arrow function yet. */
const LAZY_CALL = /\blazyComponent\(\s*\(\)\s*=>\s*import\(\s*(['"])([^'"]+)\1\s*\)/g;

/**
 * Names the module of every `lazyComponent(() => import('…')…)` in the site's code: adds the
 * module's path relative to the site root (the key of Vite's build manifest) as the call's
 * second argument, so the server can preload the chunk of a lazily loaded route it renders.
 * The call must hold its `import()` inline; a call that already names its module is left as
 * it is.
 *
 * @example
 * // lazyComponent(() => import('./CoursePage.js').then((m) => m.CoursePage))
 * // becomes
 * // lazyComponent(() => import('./CoursePage.js').then((m) => m.CoursePage), "src/components/CoursePage.tsx")
 */
export function lazyModuleIds(): Plugin {
  let root = process.cwd();
  return {
    name: 'canopy:lazy-module-ids',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async transform(code, id) {
      if (!code.includes('lazyComponent(')) return null;
      let out = '';
      let last = 0;
      for (const match of code.matchAll(LAZY_CALL)) {
        const spec = match[2] as string;
        const resolved = await this.resolve(spec, id);
        if (!resolved) continue;
        const end = closingParen(code, (match.index ?? 0) + 'lazyComponent'.length);
        if (end === -1) continue;
        // Already named (a second argument at the top level of the call): leave it.
        if (hasSecondArgument(code, (match.index ?? 0) + 'lazyComponent'.length, end)) continue;
        const moduleId = relative(root, resolved.id.split('?')[0] as string)
          .split('\\')
          .join('/');
        out += `${code.slice(last, end)}, ${JSON.stringify(moduleId)}`;
        last = end;
      }
      return last === 0 ? null : { code: out + code.slice(last), map: null };
    },
  };
}

/** The index of the `)` that closes the `(` at `open` (strings and template literals skipped simply). */
function closingParen(code: string, open: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < code.length; i++) {
    const char = code[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'" || char === '`') quote = char;
    else if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Whether the call between `open` and `close` has a comma at its top level. */
function hasSecondArgument(code: string, open: number, close: number): boolean {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open + 1; i < close; i++) {
    const char = code[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'" || char === '`') quote = char;
    else if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') depth--;
    else if (char === ',' && depth === 0) return true;
  }
  return false;
}
