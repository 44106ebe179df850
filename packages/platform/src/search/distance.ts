/**
 * Geo distances for `distanceWithin` (contract §2.3): unit parsing, the haversine formula and
 * the bounding box used to narrow candidates on the `search_geo_position` index.
 */

/** Mean Earth radius in metres (the value Elasticsearch uses for arc distances). */
export const EARTH_RADIUS_M = 6_371_008.7714;

// Lower-cased unit spellings → metres. The contract lists mi/miles, yd/yards, ft/feet,
// in/inch, km/kilometers, m/meters, cm/centimeters, mm/millimeters, NM/nmi/nauticalmiles;
// singular and British spellings are accepted too.
const UNIT_METRES: Record<string, number> = {
  mi: 1609.344,
  mile: 1609.344,
  miles: 1609.344,
  yd: 0.9144,
  yard: 0.9144,
  yards: 0.9144,
  ft: 0.3048,
  foot: 0.3048,
  feet: 0.3048,
  in: 0.0254,
  inch: 0.0254,
  inches: 0.0254,
  km: 1000,
  kilometer: 1000,
  kilometers: 1000,
  kilometre: 1000,
  kilometres: 1000,
  m: 1,
  meter: 1,
  meters: 1,
  metre: 1,
  metres: 1,
  cm: 0.01,
  centimeter: 0.01,
  centimeters: 0.01,
  centimetre: 0.01,
  centimetres: 0.01,
  mm: 0.001,
  millimeter: 0.001,
  millimeters: 0.001,
  millimetre: 0.001,
  millimetres: 0.001,
  nm: 1852,
  nmi: 1852,
  nauticalmile: 1852,
  nauticalmiles: 1852,
};

/** A parsed `distance`: the radius in metres and the unit results are reported in. */
export interface Distance {
  metres: number;
  /** Metres per unit of the query, to express result distances in the caller's unit. */
  unitMetres: number;
}

/**
 * Parses `"10.5mi"`, `"100 km"`, `"3NM"`; a bare number (or numeric string) is metres.
 * Returns `undefined` for anything else (unknown unit, negative, not a number).
 */
export function parseDistance(value: unknown): Distance | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value) && value >= 0 ? { metres: value, unitMetres: 1 } : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*([A-Za-z]*)\s*$/.exec(value);
  if (!match) return undefined;
  const amount = Number(match[1]);
  const unit = match[2]!.toLowerCase();
  const unitMetres = unit === '' ? 1 : UNIT_METRES[unit];
  if (unitMetres === undefined || !Number.isFinite(amount)) return undefined;
  return { metres: amount * unitMetres, unitMetres };
}

/** Great-circle distance in metres between two points given in degrees. */
export function haversineMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLon = (lon2 - lon1) * toRad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Degrees box enclosing every point within `metres` of (lat, lon). `lon` is undefined when
 * the circle reaches a pole (every longitude qualifies); `lon.wraps` is set when the box
 * crosses the antimeridian, so the range is `lon >= min OR lon <= max`.
 */
export interface BoundingBox {
  minLat: number;
  maxLat: number;
  lon?: { min: number; max: number; wraps: boolean };
}

/** The {@link BoundingBox} of a circle; a little generous so rounding never drops an edge point. */
export function boundingBox(lat: number, lon: number, metres: number): BoundingBox {
  const angular = metres / EARTH_RADIUS_M;
  const dLat = (angular * 180) / Math.PI + 1e-9;
  const minLat = lat - dLat;
  const maxLat = lat + dLat;
  if (minLat <= -90 || maxLat >= 90 || angular >= Math.PI / 2) {
    return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90) };
  }
  // Widest longitude offset of the circle (at the latitude where it is tangent to a meridian).
  const dLon =
    (Math.asin(Math.min(1, Math.sin(angular) / Math.cos((lat * Math.PI) / 180))) * 180) / Math.PI + 1e-9;
  if (dLon >= 180) return { minLat, maxLat };
  let min = lon - dLon;
  let max = lon + dLon;
  if (min < -180 || max > 180) {
    if (min < -180) min += 360;
    if (max > 180) max -= 360;
    return { minLat, maxLat, lon: { min, max, wraps: true } };
  }
  return { minLat, maxLat, lon: { min, max, wraps: false } };
}
