/**
 * Welsh initial mutations as the content platform undoes them for `freeText` in Welsh
 * (docs/platform.md, "Words in Welsh"; the platform's `search/welsh-mutations.ts`), repeated
 * here because the framework talks to the platform only over HTTP: a Welsh search finds "y
 * Gyfraith" for "cyfraith", and its highlight must mark it. Keep the two in step.
 */

/** Welsh vowels: `w` and `y` are vowels in Welsh. */
const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'w', 'y']);

// Mutated initials and the radicals they may come from, longest first so a digraph is one
// letter; an empty list: a radical digraph, never a mutation of a shorter letter.
const MUTATED_INITIALS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['ngh', ['c']],
  ['ng', ['g']],
  ['mh', ['p']],
  ['nh', ['t']],
  ['ph', ['p']],
  ['th', ['t']],
  ['ch', ['c']],
  ['dd', ['d']],
  ['ff', []],
  ['ll', []],
  ['rh', []],
  ['b', ['p']],
  ['d', ['t']],
  ['g', ['c']],
  ['f', ['b', 'm']],
  ['l', ['ll']],
  ['r', ['rh']],
  ['m', ['b']],
  ['n', ['d']],
];

// Short words are mostly function words whose radicals are other common words ("mae", "bae").
const MIN_MUTATED_LENGTH = 4;

/**
 * The radical candidates of a folded Welsh word, the word itself first: the forms it could be
 * a soft, nasal or aspirate mutation of, or an h- before a vowel. Two Welsh words meet when
 * their candidates share one.
 *
 * @example
 * welshRadicals('mhrifysgol'); // ['mhrifysgol', 'prifysgol']
 */
export function welshRadicals(folded: string): string[] {
  const forms = [folded];
  if (folded.length < MIN_MUTATED_LENGTH || /\d/.test(folded)) return forms;
  const first = folded[0]!;
  if (VOWELS.has(first)) {
    forms.push(`g${folded}`);
    return forms;
  }
  if (first === 'h' && VOWELS.has(folded[1]!)) {
    forms.push(folded.slice(1));
    return forms;
  }
  for (const [initial, radicals] of MUTATED_INITIALS) {
    if (!folded.startsWith(initial)) continue;
    const rest = folded.slice(initial.length);
    for (const radical of radicals) forms.push(radical + rest);
    break;
  }
  return forms;
}

/**
 * Whether a language code is Welsh (`cy`, `cy-…`), whose words are matched through their
 * mutations and never by English stems.
 */
export function isWelsh(language: string | null | undefined): boolean {
  return typeof language === 'string' && /^cy(?:-|$)/i.test(language);
}
