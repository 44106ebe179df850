import { type EntryPageProps, Link, resolvedEntry } from '@canopy/web';
import type { CourseEntry, HomePageEntry } from '../content/generated/content-types.js';

/** The home page entry: its title, introduction and featured courses. */
export function HomePage({ entry }: EntryPageProps<HomePageEntry>) {
  if (!entry) return null;
  // A link past the link depth comes unresolved (only its `sys`): leave those out.
  const courses = (entry.featuredCourses ?? [])
    .map((link) => resolvedEntry(link))
    .filter((course): course is CourseEntry => course !== null);
  return (
    <article>
      <h1>{entry.title ?? entry.entryTitle}</h1>
      {entry.introduction ? (
        // An html field holds markup editors wrote on the platform: rendered as it is.
        <div className="introduction" dangerouslySetInnerHTML={{ __html: entry.introduction }} />
      ) : null}
      {courses.length > 0 ? (
        <section aria-labelledby="featured-courses">
          <h2 id="featured-courses">Featured courses</h2>
          <ul>
            {courses.map((course) => (
              <li key={course.sys.id}>
                {course.sys.uri ? <Link to={course.sys.uri}>{course.title}</Link> : course.title}
                {course.studyLevel ? ` (${course.studyLevel})` : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
