/** The categories of the demo's events (the `event.category` choices), in alphabetical order. */
export const EVENT_CATEGORIES = [
  'Exhibition',
  'Open day',
  'Performance',
  'Public lecture',
  'Sport',
  'Workshop',
] as const;

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

/**
 * Where the open-day calls to action lead: the upcoming open days (the `/events` listing's
 * `category` filter, see `search.ts`).
 */
export const OPEN_DAYS_PATH = `/events?category=${categorySlug('Open day')}`;

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
