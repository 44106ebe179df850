/**
 * Welsh initial mutations for word analysis. A Welsh word changes its first sound after
 * certain words ("Prifysgol Aberwen", "ym Mhrifysgol Aberwen", "i Brifysgol Aberwen", "a
 * Phrifysgol Aberwen"), so a search for one form must find the others. Matching a mutated form
 * with its dictionary form (the radical) takes undoing the mutation; the same mutated initial
 * can come from several radicals (f- from b- or m-), so a word has a set of radical
 * candidates, and two words meet when their sets share a form.
 *
 * Undone here, on folded words (lower case, diacritics gone, as the tokenizer stores them):
 *  - soft:     b←p, d←t, g←c, f←b, f←m, dd←d, l←ll, r←rh, and a vowel ← g+vowel (g dropped);
 *  - nasal:    mh←p, nh←t, ngh←c, m←b, n←d, ng←g;
 *  - aspirate: ph←p, th←t, ch←c;
 *  - h before a vowel (ei hysgol ← ysgol).
 * Digraphs are single letters in Welsh: `ll`, `rh`, `ff` are radicals never taken for a
 * mutated `l`, `r` or `f`, and `dd` is never read as a `d`.
 */

/** Welsh vowels: `w` and `y` are vowels in Welsh. */
const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'w', 'y']);

/**
 * Mutated initials and the radical initials they may come from, longest first so a digraph is
 * read as one letter (`ngh` before `ng` before `n`). An empty list: a radical digraph, never a
 * mutation of a shorter letter.
 */
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

/**
 * Shortest word whose mutation is undone. Short words are mostly function words ("mae", "fel",
 * "chi", "dy"), whose radical candidates are other common words ("bae", "mel", "ci", "ty"): a
 * search for "bae" must not find every page that says "mae".
 */
export const MIN_MUTATED_LENGTH = 4;

/**
 * The radical candidates of a folded Welsh word: the word itself first, then every form it
 * could be a mutation of (see the module notes). Words shorter than
 * {@link MIN_MUTATED_LENGTH} or holding digits are only themselves.
 *
 * @example
 * welshRadicals('mhrifysgol'); // ['mhrifysgol', 'prifysgol']
 * welshRadicals('fawr');       // ['fawr', 'bawr', 'mawr']
 * welshRadicals('wyliau');     // ['wyliau', 'gwyliau']
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
