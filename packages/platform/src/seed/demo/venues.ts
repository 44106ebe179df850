/** A place where events happen. */
export interface Venue {
  name: string;
  /** The venue's name on Welsh pages. */
  nameCy: string;
  lat: number;
  lon: number;
}

/**
 * Event venues. The Aberwen sites are invented but sit on real ground on the Cardigan Bay
 * coast; the others are in real towns and cities, with invented venue names.
 */
export const VENUES = {
  greatHall: {
    name: 'Great Hall, Penlan Campus',
    nameCy: 'Y Neuadd Fawr, Campws Penlan',
    lat: 52.2071,
    lon: -4.2952,
  },
  artsCentre: {
    name: 'Aberwen Arts Centre',
    nameCy: 'Canolfan y Celfyddydau, Aberwen',
    lat: 52.2049,
    lon: -4.3031,
  },
  library: {
    name: 'Library and Learning Centre, Penlan Campus',
    nameCy: 'Y Llyfrgell a’r Ganolfan Ddysgu, Campws Penlan',
    lat: 52.2063,
    lon: -4.2938,
  },
  recitalHall: {
    name: 'Harbourside Recital Hall',
    nameCy: 'Neuadd Gyngerdd yr Harbwr',
    lat: 52.2236,
    lon: -4.3079,
  },
  marineLab: {
    name: 'Tidewater Marine Laboratory, Aberwen Harbour',
    nameCy: 'Labordy Morol Tidewater, Harbwr Aberwen',
    lat: 52.2247,
    lon: -4.3101,
  },
  sportsVillage: {
    name: 'Penlan Sports Village',
    nameCy: 'Pentref Chwaraeon Penlan',
    lat: 52.2012,
    lon: -4.2887,
  },
  fieldStation: {
    name: 'Glan-yr-afon Field Station',
    nameCy: 'Gorsaf Maes Glan-yr-afon',
    lat: 52.1782,
    lon: -4.2463,
  },
  observatory: { name: 'Mynydd Bach Observatory', nameCy: 'Arsyllfa Mynydd Bach', lat: 52.2885, lon: -4.059 },
  northBeach: {
    name: 'North Beach, Aberwen',
    nameCy: 'Traeth y Gogledd, Aberwen',
    lat: 52.2268,
    lon: -4.3042,
  },
  cardiff: {
    name: 'Bay Conference Centre, Cardiff',
    nameCy: 'Canolfan Gynadledda’r Bae, Caerdydd',
    lat: 51.4637,
    lon: -3.1655,
  },
  swansea: {
    name: 'Marina Gallery, Swansea',
    nameCy: 'Oriel y Marina, Abertawe',
    lat: 51.6165,
    lon: -3.9431,
  },
  aberystwyth: {
    name: 'Seafront Hall, Aberystwyth',
    nameCy: 'Neuadd Glan y Môr, Aberystwyth',
    lat: 52.4153,
    lon: -4.0877,
  },
  carmarthen: {
    name: 'Guildhall Rooms, Carmarthen',
    nameCy: 'Ystafelloedd Neuadd y Dref, Caerfyrddin',
    lat: 51.8567,
    lon: -4.3093,
  },
  london: {
    name: 'Aberwen Alumni Rooms, London',
    nameCy: 'Ystafelloedd Cyn-fyfyrwyr Aberwen, Llundain',
    lat: 51.5219,
    lon: -0.1262,
  },
  bristol: {
    name: 'Harbourside Forum, Bristol',
    nameCy: 'Fforwm Glan yr Harbwr, Bryste',
    lat: 51.4495,
    lon: -2.5985,
  },
  manchester: {
    name: 'Northern Quarter Studios, Manchester',
    nameCy: 'Stiwdios y Northern Quarter, Manceinion',
    lat: 53.4839,
    lon: -2.236,
  },
} as const satisfies Record<string, Venue>;

/** Key of a venue in {@link VENUES}. */
export type VenueKey = keyof typeof VENUES;
