import type { Entry } from '@canopy/web';
import { objectField } from './fields.js';

/** The subject taxonomy term of a course: its key and name. */
export function subjectOf(entry: Entry | null | undefined): { key: string; name: string } | null {
  const term = objectField(entry, 'subject');
  return typeof term?.key === 'string' && typeof term.name === 'string'
    ? { key: term.key, name: term.name }
    : null;
}
