import { welshRadicals } from './welsh-mutations.js';

/**
 * Welsh plurals for word analysis. A Welsh plural is mostly the singular plus a suffix (llyfr →
 * llyfrau, ysgol → ysgolion, cyfle → cyfleoedd), often with a change of vowel in the stem
 * (cwrs → cyrsiau, bardd → beirdd) or a doubled consonant (adran → adrannau), and some are
 * irregular (plentyn → plant). A search for one number must find the other, so both meet at the
 * singular: a plural's **base forms** are its singular candidates, a singular is its own base.
 *
 * Conservative by design: a rule that merges two unrelated words hurts more than a plural left
 * unmatched. So the table below holds the vowel-changing and irregular plurals a university's
 * site uses, and the suffix rules are only those whose stripping rarely lands on another word,
 * each with a shortest stem. Left out on purpose, with the kind of word they would wrongly cut:
 *  - `-i` (codi "to raise" is not cod "code"), `-ydd` (mynydd "mountain"), `-on` (digon
 *    "enough" is not dig "angry"), `-od` (cyfnod "period"), `-ed`, `-aid` without i: those
 *    plurals are in the table when they matter.
 * Words that only look plural (newyddion "news" is not newydd "new") are listed as their own
 * base. Everything works on folded words (lower case, no diacritics), as the tokenizer stores
 * them.
 */

/**
 * Plurals whose singular no suffix rule finds (vowel change, doubled consonant, irregular), or
 * that a rule would cut wrongly: plural → singular.
 */
const IRREGULAR_PLURALS: ReadonlyMap<string, string> = new Map([
  // Vowel changes (w → y, a → ai/ei/e, aw → o …).
  ['cyrsiau', 'cwrs'],
  ['pynciau', 'pwnc'],
  ['clybiau', 'clwb'],
  ['campysau', 'campws'],
  ['beirdd', 'bardd'],
  ['gerddi', 'gardd'],
  ['meysydd', 'maes'],
  ['gwledydd', 'gwlad'],
  ['ieithoedd', 'iaith'],
  ['gweithiau', 'gwaith'],
  ['ffyrdd', 'ffordd'],
  ['athrawon', 'athro'],
  ['anifeiliaid', 'anifail'],
  ['cymwysterau', 'cymhwyster'],
  ['cyngherddau', 'cyngerdd'],
  ['blynyddoedd', 'blwyddyn'],
  ['swyddfeydd', 'swyddfa'],
  ['labordai', 'labordy'],
  ['ysbytai', 'ysbyty'],
  ['tai', 'ty'],
  ['plant', 'plentyn'],
  ['merched', 'merch'],
  ['cwestiynau', 'cwestiwn'],
  ['opsiynau', 'opsiwn'],
  ['cwmniau', 'cwmni'],
  ['timau', 'tim'],
  ['negeseuon', 'neges'],
  ['manylion', 'manylyn'],
  ['dynion', 'dyn'],
  ['cyfrifiaduron', 'cyfrifiadur'],
  ['cyfarfodydd', 'cyfarfod'],
  ['dosbarthiadau', 'dosbarth'],
  // -i plurals (no general -i rule: codi is not cod).
  ['swyddi', 'swydd'],
  ['cerddi', 'cerdd'],
  ['gwersi', 'gwers'],
  ['myfyrwragedd', 'myfyrwraig'],
  // Agent nouns in -ydd whose plural is -wyr or -ion (myfyriwr/myfyrwyr is a rule).
  ['darlithwyr', 'darlithydd'],
  ['ymchwilwyr', 'ymchwilydd'],
  ['ymwelwyr', 'ymwelydd'],
  ['golygyddion', 'golygydd'],
  ['ysgrifenyddion', 'ysgrifennydd'],
]);

/**
 * Words that look plural but are not, or whose singular-looking stem is another word: no
 * singular is sought for them, nor for any of their radical candidates (newyddion could be a
 * nasal "dewyddion", which would meet newydd's own candidate "dewydd").
 */
const NOT_PLURAL: ReadonlySet<string> = new Set([
  'newyddion', // "news", not newydd "new"
  'gwirion', // "silly", not gwir "true"
  'weithiau', // "sometimes", not gwaith "work" through gweithiau
  'dechrau', // "to begin"
  'golau', // "light"
  'gorau', // "best"
  // Emphatic pronouns: chwithau "you too" is not chwith "left".
  'minnau',
  'finnau',
  'tithau',
  'yntau',
  'hithau',
  'ninnau',
  'chwithau',
  'hwythau',
]);

/** A suffix rule: a plural ending, what replaces it to give singular candidates, and the shortest stem kept. */
interface SuffixRule {
  suffix: string;
  singulars: readonly string[];
  minStem: number;
}

/**
 * The suffix rules, longest suffix first; the first that fits is the only one applied. The
 * stem is what is left after the suffix; `singulars` are appended to it.
 */
const SUFFIX_RULES: readonly SuffixRule[] = [
  // Doubled n before a suffix: adrannau → adran, rhaglenni → rhaglen, canolfannau → canolfan.
  { suffix: 'nnau', singulars: ['n'], minStem: 3 },
  { suffix: 'nni', singulars: ['n'], minStem: 4 },
  // -oedd: cyfleoedd → cyfle, lleoedd → lle, ystafelloedd → ystafell, ffioedd → ffi.
  { suffix: 'oedd', singulars: [''], minStem: 3 },
  // -wyr from -wr, -iwr or -ydd: myfyrwyr → myfyriwr, gweithwyr → gweithiwr, cynhyrchwyr → cynhyrchydd.
  { suffix: 'wyr', singulars: ['wr', 'iwr', 'ydd'], minStem: 3 },
  // -iaid: tiwtoriaid → tiwtor.
  { suffix: 'iaid', singulars: [''], minStem: 4 },
  // -iau before -au: ffiniau → ffin (not ffini), cynlluniau → cynllun.
  { suffix: 'iau', singulars: [''], minStem: 4 },
  { suffix: 'ion', singulars: [''], minStem: 4 },
  // -au: llyfrau → llyfr, graddau → gradd, digwyddiadau → digwyddiad.
  { suffix: 'au', singulars: [''], minStem: 4 },
];

/**
 * The singular candidates of a folded Welsh word, empty when it is not read as a plural: the
 * table's singular for an irregular plural, else those of the first suffix rule that fits.
 * Words with digits are never plurals.
 *
 * @example
 * welshSingulars('cyrsiau');   // ['cwrs']
 * welshSingulars('llyfrau');   // ['llyfr']
 * welshSingulars('myfyrwyr');  // ['myfyrwr', 'myfyriwr', 'myfyrydd']
 * welshSingulars('newyddion'); // []
 */
export function welshSingulars(folded: string): string[] {
  if (NOT_PLURAL.has(folded) || /\d/.test(folded)) return [];
  const irregular = IRREGULAR_PLURALS.get(folded);
  if (irregular !== undefined) return [irregular];
  for (const rule of SUFFIX_RULES) {
    if (!folded.endsWith(rule.suffix)) continue;
    const stem = folded.slice(0, folded.length - rule.suffix.length);
    if (stem.length < rule.minStem) return [];
    return rule.singulars.map((ending) => stem + ending);
  }
  return [];
}

/**
 * The Welsh base forms of a folded word: its radical candidates (welsh-mutations.ts, the word
 * itself first), then the singular candidates of each radical that reads as a plural, each
 * form once. A word listed as no plural keeps its radicals alone. Two Welsh words meet when
 * their base forms share one, so "gyrsiau" (a mutated plural) meets "cwrs".
 *
 * @example
 * welshBaseForms('gyrsiau'); // ['gyrsiau', 'cyrsiau', 'gyrs', 'cwrs']
 * welshBaseForms('llyfrau'); // ['llyfrau', 'llyfr']
 */
export function welshBaseForms(folded: string): string[] {
  const forms = welshRadicals(folded);
  if (NOT_PLURAL.has(folded)) return forms;
  const seen = new Set(forms);
  for (const radical of [...forms]) {
    for (const singular of welshSingulars(radical)) {
      if (seen.has(singular)) continue;
      seen.add(singular);
      forms.push(singular);
    }
  }
  return forms;
}
