import type { Entry, RouteNode } from '@canopy/web';
import { objectField, textField } from './fields.js';

/** Which part of the events programme a listing shows: what is still to come or what is over. */
export type EventTime = 'upcoming' | 'past';

/** The categories of the demo's events (the `event.category` choices), in alphabetical order. */
export const EVENT_CATEGORIES = [
  'Exhibition',
  'Open day',
  'Performance',
  'Public lecture',
  'Sport',
  'Workshop',
] as const;

/** Query parameter of the events listing that picks past events (`?when=past`). */
export const EVENT_TIME_PARAM = 'when';
/** Query parameter of the events listing that picks one category (`?category=open-day`). */
export const EVENT_CATEGORY_PARAM = 'category';

/** The part of the programme a `when` query value asks for: past events for `past`, else upcoming. */
export function eventTimeOf(value: string | null): EventTime {
  return value === 'past' ? 'past' : 'upcoming';
}

/**
 * A category name as it appears in addresses.
 *
 * @example
 * categorySlug('Open day'); // 'open-day'
 */
export function categorySlug(category: string): string {
  return category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** When an event starts and ends, in milliseconds; an event without an end ends when it starts. */
export interface EventSpan {
  from: number;
  to: number;
}

/** The span of an event entry from its `eventDates` field, or null when it has no valid start. */
export function eventSpan(entry: Entry | null | undefined): EventSpan | null {
  const dates = objectField(entry, 'eventDates');
  const from = typeof dates?.from === 'string' ? Date.parse(dates.from) : Number.NaN;
  if (Number.isNaN(from)) return null;
  const to = typeof dates?.to === 'string' ? Date.parse(dates.to) : Number.NaN;
  return { from, to: Number.isNaN(to) || to < from ? from : to };
}

/** What an events listing shows: which part of the programme, which category (a slug) and as of when. */
export interface EventQuery {
  time: EventTime;
  /** A {@link categorySlug}, or null for every category. */
  category: string | null;
  /** The moment the listing is made, in milliseconds. */
  now: number;
}

/**
 * The event pages among `nodes` for one listing. Upcoming events are those that have not ended
 * by `now` (events on now among them), soonest first; past events are those that have ended,
 * latest first. Pages that are not events, or have no dates, are left out.
 *
 * @example
 * listEvents(node.children, { time: 'upcoming', category: 'open-day', now: Date.now() });
 */
export function listEvents(nodes: readonly RouteNode[], query: EventQuery): RouteNode[] {
  const dated: { node: RouteNode; span: EventSpan }[] = [];
  for (const node of nodes) {
    if (node.entry?.sys.contentTypeId !== 'event') continue;
    const span = eventSpan(node.entry);
    if (!span) continue;
    if (query.category !== null && categorySlug(textField(node.entry, 'category') ?? '') !== query.category) {
      continue;
    }
    const over = span.to < query.now;
    if (over === (query.time === 'past')) dated.push({ node, span });
  }
  const direction = query.time === 'past' ? -1 : 1;
  return dated
    .sort((a, b) => direction * (a.span.from - b.span.from) || a.node.path.localeCompare(b.node.path))
    .map((item) => item.node);
}

/** A category of events: its name and its {@link categorySlug}. */
export interface EventCategory {
  name: string;
  slug: string;
}

/** The categories of the event pages among `nodes`, in alphabetical order. */
export function eventCategories(nodes: readonly RouteNode[]): EventCategory[] {
  const names = new Set<string>();
  for (const node of nodes) {
    const name = node.entry?.sys.contentTypeId === 'event' ? textField(node.entry, 'category') : null;
    if (name) names.add(name);
  }
  return [...names].sort((a, b) => a.localeCompare(b)).map((name) => ({ name, slug: categorySlug(name) }));
}

/**
 * The query string of an events listing (without the page: a listing starts on its first).
 * Upcoming events of every category have the bare address.
 *
 * @example
 * eventListingSearch('upcoming', 'open-day'); // '?category=open-day'
 */
export function eventListingSearch(time: EventTime, category: string | null): string {
  const params = new URLSearchParams();
  if (time === 'past') params.set(EVENT_TIME_PARAM, 'past');
  if (category) params.set(EVENT_CATEGORY_PARAM, category);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Where the open-day calls to action lead: the upcoming open days. */
export const OPEN_DAYS_PATH = `/events${eventListingSearch('upcoming', categorySlug('Open day'))}`;

/** What a content page's mapping hands its component: the moment its listing is made. */
export interface ListingMoment {
  /** ISO timestamp taken when the page was loaded (on the server for the first page). */
  listedAt: string;
}

/**
 * The entry mapper of pages with listings: takes the time once, when the page loads, so the
 * server's HTML and the browser's hydration list the same events, and the moment travels in
 * the page state.
 */
export function listingMoment(): ListingMoment {
  return { listedAt: new Date().toISOString() };
}

/** The moment of a page's listing from its mapped entry, or the current time without one. */
export function listingTime(mapped: unknown): number {
  const listedAt = (mapped as Partial<ListingMoment> | null)?.listedAt;
  const time = typeof listedAt === 'string' ? Date.parse(listedAt) : Number.NaN;
  return Number.isNaN(time) ? Date.now() : time;
}

/** A link to a place on OpenStreetMap, or null without valid coordinates. */
export function mapLink(location: Record<string, unknown> | null): string | null {
  const lat = location?.lat;
  const lon = location?.lon;
  if (typeof lat !== 'number' || typeof lon !== 'number') return null;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}

/** What a visitor needs to know about booking. */
export function bookingText(required: boolean | null): string | null {
  if (required === null) return null;
  return required ? 'Booking required: places are limited' : 'No booking needed';
}
