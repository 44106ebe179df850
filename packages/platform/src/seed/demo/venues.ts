/** A place where events happen. */
export interface Venue {
  name: string;
  lat: number;
  lon: number;
}

/**
 * Event venues. The Aberwen sites are invented but sit on real ground on the Cardigan Bay
 * coast; the others are in real towns and cities, with invented venue names.
 */
export const VENUES = {
  greatHall: { name: 'Great Hall, Penlan Campus', lat: 52.2071, lon: -4.2952 },
  artsCentre: { name: 'Aberwen Arts Centre', lat: 52.2049, lon: -4.3031 },
  library: { name: 'Library and Learning Centre, Penlan Campus', lat: 52.2063, lon: -4.2938 },
  recitalHall: { name: 'Harbourside Recital Hall', lat: 52.2236, lon: -4.3079 },
  marineLab: { name: 'Tidewater Marine Laboratory, Aberwen Harbour', lat: 52.2247, lon: -4.3101 },
  sportsVillage: { name: 'Penlan Sports Village', lat: 52.2012, lon: -4.2887 },
  fieldStation: { name: 'Glan-yr-afon Field Station', lat: 52.1782, lon: -4.2463 },
  observatory: { name: 'Mynydd Bach Observatory', lat: 52.2885, lon: -4.059 },
  northBeach: { name: 'North Beach, Aberwen', lat: 52.2268, lon: -4.3042 },
  cardiff: { name: 'Bay Conference Centre, Cardiff', lat: 51.4637, lon: -3.1655 },
  swansea: { name: 'Marina Gallery, Swansea', lat: 51.6165, lon: -3.9431 },
  aberystwyth: { name: 'Seafront Hall, Aberystwyth', lat: 52.4153, lon: -4.0877 },
  carmarthen: { name: 'Guildhall Rooms, Carmarthen', lat: 51.8567, lon: -4.3093 },
  london: { name: 'Aberwen Alumni Rooms, London', lat: 51.5219, lon: -0.1262 },
  bristol: { name: 'Harbourside Forum, Bristol', lat: 51.4495, lon: -2.5985 },
  manchester: { name: 'Northern Quarter Studios, Manchester', lat: 53.4839, lon: -2.236 },
} as const satisfies Record<string, Venue>;

/** Key of a venue in {@link VENUES}. */
export type VenueKey = keyof typeof VENUES;
