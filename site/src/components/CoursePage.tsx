import { type EntryPageProps, Link, useMinilist, usePageLanguage, useSite } from '@canopy/web';
import { type CardData, cardOfEntry } from '../content/cards.js';
import { subjectOf } from '../content/course.js';
import { formatDate, formatDuration } from '../content/dates.js';
import { OPEN_DAYS_PATH } from '../content/events.js';
import { numberField, textField, titleOf } from '../content/fields.js';
import type { CourseEntry } from '../content/generated/content-types.js';
import { imageOf } from '../content/images.js';
import { routeAddress } from '../content/route-address.js';
import { useText } from '../messages/words.js';
import { CardList } from './Card.js';
import { FactList } from './FactList.js';
import { Figure } from './Image.js';
import { PageHeader } from './PageHeader.js';
import { Prose } from './Prose.js';

/**
 * A course: its summary and key facts (subject, level, mode, duration, start date, code),
 * the description and related courses of the same subject. The fact list shows its terms and
 * its plain values (level, mode, length) in the page's words.
 */
export function CoursePage({ entry }: EntryPageProps<CourseEntry>) {
  const text = useText();
  // The open days at their address in the page's language (`/cy/digwyddiadau?…`), not by a redirect.
  const openDays = routeAddress(useSite().routes, OPEN_DAYS_PATH, usePageLanguage());
  if (!entry) return null;
  const hero = imageOf(entry.heroImage);
  const subject = subjectOf(entry);
  const startDate = textField(entry, 'startDate');
  const description = textField(entry, 'description');
  return (
    <article className="course-page">
      <PageHeader title={titleOf(entry)} lead={textField(entry, 'summary')} eyebrow={subject?.name} />
      <div className="page-columns">
        <div className="page-main">
          {hero ? <Figure image={hero} priority caption={null} className="hero" /> : null}
          {description ? (
            <section aria-labelledby="course-overview">
              <h2 id="course-overview">{text('Course overview')}</h2>
              <Prose html={description} />
            </section>
          ) : null}
        </div>
        <aside className="page-aside" aria-labelledby="key-facts">
          <div className="panel">
            <h2 id="key-facts">{text('Key facts')}</h2>
            <FactList
              facts={[
                { term: 'Subject', value: subject?.name ?? null },
                { term: 'Level', value: textField(entry, 'studyLevel') },
                { term: 'Study mode', value: textField(entry, 'studyMode') },
                { term: 'Duration', value: formatDuration(numberField(entry, 'durationYears')) },
                {
                  term: 'Starts',
                  value: startDate ? <time dateTime={startDate}>{formatDate(startDate, text)}</time> : null,
                },
                { term: 'Course code', value: textField(entry, 'courseCode') },
              ]}
            />
            <Link className="button" to={openDays}>
              {text('Visit us at an open day')}
            </Link>
          </div>
        </aside>
      </div>
      <RelatedCourses />
    </article>
  );
}

/** Other courses of the same subject (the `relatedCourses` minilist), when there are any. */
function RelatedCourses() {
  const text = useText();
  const related = useMinilist('relatedCourses');
  const cards = (related?.results ?? [])
    .map((entry) => cardOfEntry(entry))
    .filter((card): card is CardData => card !== null);
  if (cards.length === 0) return null;
  return (
    <section className="related-courses" aria-labelledby="related-courses">
      <h2 id="related-courses">{text(related?.title ?? '')}</h2>
      <CardList cards={cards} />
    </section>
  );
}
