import { type Entry, Link, useSiteSelector } from '@canopy/web';
import { cardOfEntry } from '../content/cards.js';
import { selectListsPastEvents } from '../content/past-events.js';

/** What each content type is called in a result. */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  course: 'Course',
  newsArticle: 'News',
  event: 'Event',
  person: 'Person',
  contentPage: 'Page',
};

/** One search result: its type, title (the link), date or facts, and description. */
export function SearchResult({ entry }: { entry: Entry }) {
  const past = useSiteSelector(selectListsPastEvents);
  const card = cardOfEntry(entry, undefined, { past });
  if (!card) return null;
  const facts = [card.status, card.date?.text, card.label, ...card.facts].filter(Boolean).join(' · ');
  const subject = (entry.subject as { name?: string } | undefined)?.name;
  return (
    <article className={`search-result search-result-${card.contentTypeId}`}>
      <p className="search-result-type">
        {TYPE_NAMES[card.contentTypeId] ?? card.contentTypeId}
        {subject ? ` · ${subject}` : null}
      </p>
      <h3 className="search-result-title">
        <Link to={card.path}>{card.title}</Link>
      </h3>
      {facts ? <p className="search-result-facts">{facts}</p> : null}
      {card.description ? <p className="search-result-description">{card.description}</p> : null}
    </article>
  );
}

/** Search results as a list. */
export function SearchResultList({ entries, label }: { entries: readonly Entry[]; label?: string }) {
  return (
    <ol className="search-result-list" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.sys.id}>
          <SearchResult entry={entry} />
        </li>
      ))}
    </ol>
  );
}
