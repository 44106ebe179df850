import {
  bestSnippet,
  type Entry,
  Highlight,
  HighlightSnippet,
  Link,
  plainText,
  type TermMatcher,
  useSiteSelector,
  useTermMatcher,
  useWords,
} from '@canopy/web';
import { cardOfEntry } from '../content/cards.js';
import { inWords } from '../content/dates.js';
import { textField } from '../content/fields.js';
import { selectListsPastEvents } from '../content/past-events.js';

/** What each content type is called in a result (in the default language: shown in the page's). */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  course: 'Course',
  newsArticle: 'News',
  event: 'Event',
  person: 'Person',
  contentPage: 'Page',
};

/** The rich-text field of each content type a snippet may come from when the summary has no match. */
const BODY_FIELDS: Readonly<Record<string, string>> = {
  course: 'description',
  newsArticle: 'body',
  event: 'description',
  person: 'bio',
};

/** The texts a result's snippet is chosen from, best first on a tie: the summary, then the page's text. */
function snippetTexts(entry: Entry, description: string | null): (string | null)[] {
  const field = BODY_FIELDS[entry.sys.contentTypeId];
  const body = field ? textField(entry, field) : null;
  return [description, body ? plainText(body) : null];
}

/**
 * One search result: its type, title (the link), date or facts, and a snippet of its text,
 * with the words the search matched marked in the title and the snippet.
 */
export function SearchResult({ entry, matcher = null }: { entry: Entry; matcher?: TermMatcher | null }) {
  const past = useSiteSelector(selectListsPastEvents);
  const text = useWords();
  const card = cardOfEntry(entry, undefined, { past });
  if (!card) return null;
  // A card's words are the default language's (a status, a category, level, mode, length, a date).
  const date = card.date ? inWords(card.date.text, text) : null;
  const facts = [card.status, date, card.label, ...card.facts]
    .filter((fact): fact is string => Boolean(fact))
    .map((fact) => (fact === date ? fact : text(fact)))
    .join(' · ');
  const subject = (entry.subject as { name?: string } | undefined)?.name;
  const snippet = matcher ? bestSnippet(snippetTexts(entry, card.description), matcher) : null;
  return (
    <article className={`search-result search-result-${card.contentTypeId}`}>
      <p className="search-result-type">
        {text(TYPE_NAMES[card.contentTypeId] ?? card.contentTypeId)}
        {subject ? ` · ${subject}` : null}
      </p>
      <h3 className="search-result-title">
        <Link to={card.path}>
          <Highlight text={card.title} matcher={matcher} />
        </Link>
      </h3>
      {facts ? <p className="search-result-facts">{facts}</p> : null}
      {snippet ? (
        <p className="search-result-description">
          <HighlightSnippet snippet={snippet} />
        </p>
      ) : card.description ? (
        <p className="search-result-description">{card.description}</p>
      ) : null}
    </article>
  );
}

/** Search results as a list, marked with the words of the current search term. */
export function SearchResultList({ entries, label }: { entries: readonly Entry[]; label?: string }) {
  const matcher = useTermMatcher();
  return (
    <ol className="search-result-list" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.sys.id}>
          <SearchResult entry={entry} matcher={matcher} />
        </li>
      ))}
    </ol>
  );
}
