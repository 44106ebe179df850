/**
 * Names the generated module uses itself (or that TypeScript's lib gives a meaning the
 * generated code relies on), so no content type or component may take them.
 */
const RESERVED_NAMES = [
  'Canopy',
  'ContentTypes',
  'AnyEntry',
  'AnyAsset',
  'mapContentType',
  'Record',
  'Array',
  'Object',
  'String',
  'Number',
  'Boolean',
  'Date',
  'Promise',
  'Symbol',
  'Function',
  'Error',
  'Map',
  'Set',
] as const;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A PascalCase type name from a platform id (`homePage` → `HomePage`, `event-date` →
 * `EventDate`); ids that start with a digit get a `T` in front.
 *
 * @example
 * pascalName('newsArticle'); // 'NewsArticle'
 */
export function pascalName(id: string): string {
  const words = id.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  if (name === '') return 'Unnamed';
  return /^[0-9]/.test(name) ? `T${name}` : name;
}

/** Whether a field id can be written as a bare property name. */
export function isIdentifier(id: string): boolean {
  return IDENTIFIER.test(id);
}

/**
 * Hands out unique type names: the first claim of a name gets it, later claims get the
 * first free of the given alternatives or a numbered variant.
 */
export class NameRegistry {
  private readonly used = new Set<string>(RESERVED_NAMES);

  /** Whether a name is free. */
  isFree(name: string): boolean {
    return !this.used.has(name);
  }

  /** Takes the first free candidate (or the first with a number after it) and returns it. */
  claim(...candidates: string[]): string {
    for (const candidate of candidates) {
      if (this.isFree(candidate)) {
        this.used.add(candidate);
        return candidate;
      }
    }
    const base = candidates[0] ?? 'Unnamed';
    for (let n = 2; ; n++) {
      if (this.isFree(`${base}${n}`)) {
        this.used.add(`${base}${n}`);
        return `${base}${n}`;
      }
    }
  }

  /** Claims a set of names built from one base (e.g. `Course` and `CourseEntry`) together. */
  claimFamily(base: string, suffixes: readonly string[], fallbackSuffix: string): string {
    const fits = (candidate: string) => suffixes.every((suffix) => this.isFree(`${candidate}${suffix}`));
    let chosen = [base, `${base}${fallbackSuffix}`].find(fits);
    for (let n = 2; chosen === undefined; n++) if (fits(`${base}${n}`)) chosen = `${base}${n}`;
    for (const suffix of suffixes) this.used.add(`${chosen}${suffix}`);
    return chosen;
  }
}
