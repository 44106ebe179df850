import { describe, expect, it } from 'vitest';
import { boundingBox, haversineMetres, parseDistance } from './distance.js';

describe('parseDistance', () => {
  it('reads every contract unit, case-insensitively', () => {
    const metres = (text: string) => parseDistance(text)?.metres;
    expect(metres('10.5mi')).toBeCloseTo(16_898.112);
    expect(metres('2 miles')).toBeCloseTo(3218.688);
    expect(metres('100yd')).toBeCloseTo(91.44);
    expect(metres('3 yards')).toBeCloseTo(2.7432);
    expect(metres('10ft')).toBeCloseTo(3.048);
    expect(metres('10 feet')).toBeCloseTo(3.048);
    expect(metres('12in')).toBeCloseTo(0.3048);
    expect(metres('1 inch')).toBeCloseTo(0.0254);
    expect(metres('100km')).toBe(100_000);
    expect(metres('2 kilometers')).toBe(2000);
    expect(metres('250m')).toBe(250);
    expect(metres('3 meters')).toBe(3);
    expect(metres('50cm')).toBeCloseTo(0.5);
    expect(metres('5 centimeters')).toBeCloseTo(0.05);
    expect(metres('7mm')).toBeCloseTo(0.007);
    expect(metres('7 millimeters')).toBeCloseTo(0.007);
    expect(metres('1NM')).toBe(1852);
    expect(metres('2nmi')).toBe(3704);
    expect(metres('1 nauticalmiles')).toBe(1852);
    expect(metres('100')).toBe(100);
    expect(parseDistance(42)).toEqual({ metres: 42, unitMetres: 1 });
  });

  it('keeps the unit for reporting', () => {
    expect(parseDistance('10km')?.unitMetres).toBe(1000);
  });

  it('rejects anything else', () => {
    for (const bad of ['', 'km', '10 parsecs', '-5km', '5 km km', 'ten miles', null, {}, -1, Number.NaN]) {
      expect(parseDistance(bad)).toBeUndefined();
    }
  });
});

describe('haversineMetres', () => {
  it('matches known distances', () => {
    // London to Paris is about 343.5 km.
    expect(haversineMetres(51.5074, -0.1278, 48.8566, 2.3522) / 1000).toBeCloseTo(343.5, 0);
    expect(haversineMetres(10, 20, 10, 20)).toBe(0);
  });
});

describe('boundingBox', () => {
  it('contains the circle', () => {
    const box = boundingBox(51.5, -0.12, 50_000);
    expect(box.minLat).toBeLessThan(51.5 - 0.449);
    expect(box.maxLat).toBeGreaterThan(51.5 + 0.449);
    expect(box.lon!.min).toBeLessThan(-0.12 - 0.72);
    expect(box.lon!.wraps).toBe(false);
  });

  it('wraps at the antimeridian and drops longitude near the poles', () => {
    const wrapped = boundingBox(0, 179.9, 50_000);
    expect(wrapped.lon!.wraps).toBe(true);
    expect(wrapped.lon!.max).toBeLessThan(-179);
    expect(boundingBox(89.9, 0, 50_000).lon).toBeUndefined();
  });
});
