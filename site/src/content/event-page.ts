// What only an event's own page shows: apart from events.ts, whose periods and categories
// the search configuration brings into every page's first load.

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
