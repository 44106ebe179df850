import type { Entry as PlatformEntry } from '@canopy/client';
import { describe, expect, it } from 'vitest';
import type { Entry, LinkTo } from './entry-types.js';
import { resolvedEntry } from './entry-types.js';
import { contentTypeMapper, type EntryPageProps } from './typed-mapping.js';

interface Course {
  title?: string | null;
  level?: 'Undergraduate' | 'Postgraduate' | null;
}
interface Person {
  name?: string | null;
  courses?: LinkTo<CourseEntry>[] | null;
}
type CourseEntry = Entry<Course, 'course'>;
type PersonEntry = Entry<Person, 'person'>;

const mapContentType = contentTypeMapper<{ course: CourseEntry; person: PersonEntry }>();
const CoursePage = ({ entry }: EntryPageProps<CourseEntry>) => entry?.title ?? null;

describe('contentTypeMapper', () => {
  it('returns the mapping as it is: the types are the whole point', () => {
    const mapping = { contentTypeId: 'course' as const, component: CoursePage, linkDepth: 1 };
    expect(mapContentType(mapping)).toBe(mapping);
  });

  it('checks the component against the entry type of the content type id (tsc -p tsconfig.tests.json)', () => {
    // @ts-expect-error a course page cannot render people
    mapContentType({ contentTypeId: 'person', component: CoursePage });
    // @ts-expect-error an id the content model does not have
    mapContentType({ contentTypeId: 'cours', component: CoursePage });
    mapContentType({
      contentTypeId: 'course',
      component: CoursePage,
      requireLogin: (entry) => (entry.level === 'Postgraduate' ? true : null),
      // @ts-expect-error the mapper gets a course, whose level is a union of two values
      entryMapper: (entry) => (entry.level === 'Doctorate' ? entry : entry),
    });
    const entry = { sys: { id: '1', contentTypeId: 'course', language: 'en-GB', dataFormat: 'entry' } };
    // A plain platform entry is not a course: only the mapping (which the framework picks by
    // content type id) or a check makes it one.
    // @ts-expect-error
    const course: CourseEntry = entry as PlatformEntry;
    expect(course).toBe(entry);
  });
});

describe('resolvedEntry', () => {
  it('gives the linked entry when it was resolved and null for a bare link or nothing', () => {
    const sys = {
      id: 'c1',
      contentTypeId: 'course' as const,
      language: 'en-GB',
      dataFormat: 'entry',
      versionStatus: 'published' as const,
    };
    const resolved: CourseEntry = { sys, title: 'Marine biology' };
    const person: PersonEntry = {
      sys: { ...sys, id: 'p1', contentTypeId: 'person' },
      courses: [resolved, { sys: { id: 'c2', contentTypeId: 'course' } }],
    };
    const [first, second] = person.courses ?? [];
    expect(resolvedEntry(first)?.title).toBe('Marine biology');
    expect(resolvedEntry(second)).toBeNull();
    expect(resolvedEntry(null)).toBeNull();
    expect(resolvedEntry(undefined)).toBeNull();
  });
});
