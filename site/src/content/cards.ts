import type { Entry } from '@canopy/web';
import { formatDate, formatDateRange, formatDuration } from './dates.js';
import { PAST_EVENT_LABEL } from './events.js';
import { numberField, objectField, pathOf, textField, titleOf } from './fields.js';
import { imageOf, type SiteImage } from './images.js';

/** What a card shows of a page: enough to choose it from a list. */
export interface CardData {
  path: string;
  title: string;
  contentTypeId: string;
  /** When it happens or was published: the timestamp (for `<time>`) and its text. */
  date: { dateTime: string; text: string } | null;
  /** A category, shown with the date. */
  label: string | null;
  /** What the visitor must know first, shown before the date: "Past event" for an event that is over. */
  status: string | null;
  description: string | null;
  /** Short facts under the description (level, mode, venue…). */
  facts: string[];
  image: SiteImage | null;
}

/**
 * Fields a card needs, for `nodeOptions.children` and linked entries: one list for every
 * content type a section can hold. The asset's width and height come with the image so cards
 * reserve their space before it loads.
 */
export const CARD_FIELDS = [
  'entryTitle',
  'entryDescription',
  'heroImage',
  'photo',
  'publishDate',
  'category',
  'eventDates',
  'venueName',
  'studyLevel',
  'studyMode',
  'durationYears',
  'department',
  'sys.properties.width',
  'sys.properties.height',
] as const;

const present = (items: (string | null)[]): string[] => items.filter((item): item is string => item !== null);

/** How a card is shown besides its entry. */
export interface CardOptions {
  /**
   * The entry is an event that is over: the list it is in holds past events (the visitor
   * chose them). Lists say so rather than compare dates with a clock while rendering, which
   * the server and the browser might read differently.
   */
  past?: boolean;
}

/** The card of an entry, or null when it is not a page of the site. */
export function cardOfEntry(
  entry: Entry,
  path: string | null = pathOf(entry),
  options: CardOptions = {},
): CardData | null {
  if (!path) return null;
  const contentTypeId = entry.sys.contentTypeId;
  const card: CardData = {
    path,
    title: titleOf(entry),
    contentTypeId,
    date: null,
    label: null,
    status: null,
    description: entry.entryDescription ?? null,
    facts: [],
    image: imageOf(entry.heroImage ?? entry.photo),
  };
  switch (contentTypeId) {
    case 'course':
      card.facts = present([
        textField(entry, 'studyLevel'),
        textField(entry, 'studyMode'),
        formatDuration(numberField(entry, 'durationYears')),
      ]);
      break;
    case 'newsArticle': {
      const published = textField(entry, 'publishDate');
      const text = formatDate(published);
      card.date = published && text ? { dateTime: published, text } : null;
      card.label = textField(entry, 'category');
      break;
    }
    case 'event': {
      const dates = objectField(entry, 'eventDates');
      const text = formatDateRange(dates?.from, dates?.to);
      card.date = typeof dates?.from === 'string' && text ? { dateTime: dates.from, text } : null;
      card.label = textField(entry, 'category');
      card.status = options.past ? PAST_EVENT_LABEL : null;
      card.facts = present([textField(entry, 'venueName')]);
      break;
    }
    case 'person':
      card.facts = present([textField(entry, 'department')]);
      break;
  }
  return card;
}

/**
 * How many columns a grid of `count` cards has at most on wide screens: three, unless that
 * leaves one card alone on the last row and four does not (four cards make one row of four,
 * seven a row of four and one of three).
 *
 * @example
 * gridColumns(4); // 4
 * gridColumns(6); // 3
 */
export function gridColumns(count: number): 3 | 4 {
  return count % 3 === 1 && count > 1 && count % 4 !== 1 ? 4 : 3;
}
