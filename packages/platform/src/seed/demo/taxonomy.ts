import type { SeedTaxonomyNode } from '../types.js';
import { FACULTIES, type Subject } from './subjects.js';

/** Key of the "Subjects" branch; course `subject` fields are restricted to it. */
export const SUBJECTS_TAXONOMY_KEY = '0/1';

/** A taxonomy field value (contract §1.6.2): the term, not a link. */
export interface TaxonomyTerm {
  key: string;
  name: string;
  path: string;
  hasChildren: boolean;
}

const ROOT_NAME = { 'en-GB': 'Root', cy: 'Gwraidd' };
const SUBJECTS_NAME = { 'en-GB': 'Subjects', cy: 'Pynciau' };

/**
 * The taxonomy tree: Root › Subjects › faculty › subject. Keys are positional (`0/1/3/2` is
 * the second subject of the third faculty), so they follow from the order in `FACULTIES`.
 */
export function subjectTaxonomy(): SeedTaxonomyNode {
  return {
    key: '0',
    name: { ...ROOT_NAME },
    children: [
      {
        key: SUBJECTS_TAXONOMY_KEY,
        name: { ...SUBJECTS_NAME },
        children: FACULTIES.map((faculty, f) => ({
          key: `${SUBJECTS_TAXONOMY_KEY}/${f + 1}`,
          name: { 'en-GB': faculty.name, cy: faculty.nameCy },
          children: faculty.subjects.map((subject, s) => ({
            key: `${SUBJECTS_TAXONOMY_KEY}/${f + 1}/${s + 1}`,
            name: { 'en-GB': subject.name, cy: subject.nameCy },
          })),
        })),
      },
    ],
  };
}

/** The taxonomy term of a subject as a course's `subject` field holds it, in `language`. */
export function subjectTerm(subject: Subject, language: string): TaxonomyTerm {
  const welsh = language === 'cy';
  for (const [f, faculty] of FACULTIES.entries()) {
    const s = faculty.subjects.indexOf(subject);
    if (s < 0) continue;
    const name = welsh ? subject.nameCy : subject.name;
    const names = [
      welsh ? ROOT_NAME.cy : ROOT_NAME['en-GB'],
      welsh ? SUBJECTS_NAME.cy : SUBJECTS_NAME['en-GB'],
      welsh ? faculty.nameCy : faculty.name,
      name,
    ];
    return {
      key: `${SUBJECTS_TAXONOMY_KEY}/${f + 1}/${s + 1}`,
      name,
      path: names.join('/'),
      hasChildren: false,
    };
  }
  throw new Error(`Subject ${subject.id} is not in the taxonomy`);
}
