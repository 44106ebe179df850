import { type EntryPageProps, Link } from '@canopy/web';
import { formatDate } from '../content/dates.js';
import { linkedEntries, linkedEntry, pathOf, stringsField, textField, titleOf } from '../content/fields.js';
import type { NewsArticleEntry } from '../content/generated/content-types.js';
import { imageOf } from '../content/images.js';
import { useText } from '../messages/words.js';
import { Figure } from './Image.js';
import { PageHeader } from './PageHeader.js';
import { PersonCard } from './PersonCard.js';
import { Prose } from './Prose.js';
import { TagList } from './TagList.js';

/**
 * A news story: date and category, headline and standfirst, picture, body and tags, with the
 * author (linking to their profile) and the courses the story relates to.
 */
export function NewsArticlePage({ entry }: EntryPageProps<NewsArticleEntry>) {
  const text = useText();
  if (!entry) return null;
  const hero = imageOf(entry.heroImage);
  const published = textField(entry, 'publishDate');
  const category = textField(entry, 'category');
  const body = textField(entry, 'body');
  const author = linkedEntry(entry, 'author');
  const courses = linkedEntries(entry, 'relatedCourses').filter((course) => pathOf(course));
  return (
    <article className="news-page">
      <PageHeader
        title={titleOf(entry)}
        lead={textField(entry, 'standfirst')}
        eyebrow={
          published || category ? (
            <>
              {published ? <time dateTime={published}>{formatDate(published, text)}</time> : null}
              {published && category ? ' · ' : null}
              {category ? text(category) : null}
            </>
          ) : null
        }
      />
      <div className="page-columns">
        <div className="page-main">
          {hero ? <Figure image={hero} priority className="hero" /> : null}
          {body ? <Prose html={body} /> : null}
          <TagList tags={stringsField(entry, 'tags')} label={text('Tags')} />
        </div>
        {author || courses.length ? (
          <aside className="page-aside" aria-label={text('About this story')}>
            {author ? (
              <section className="panel" aria-labelledby="article-author">
                <h2 id="article-author">{text('Written by')}</h2>
                <PersonCard person={author} />
              </section>
            ) : null}
            {courses.length ? (
              <section className="panel" aria-labelledby="related-courses">
                <h2 id="related-courses">{text('Related courses')}</h2>
                <ul className="link-list">
                  {courses.map((course) => (
                    <li key={course.sys.id}>
                      <Link to={pathOf(course) as string}>{titleOf(course)}</Link>
                      {textField(course, 'studyLevel') ? (
                        <span className="link-list-note">{text(textField(course, 'studyLevel') ?? '')}</span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </aside>
        ) : null}
      </div>
    </article>
  );
}
