import { describe, expect, it } from 'vitest';
import { progressLine } from './progress.js';

describe('progressLine', () => {
  it('draws the share done as a bar, with the count and the rate so far', () => {
    expect(progressLine(50_000, 100_000, 4_000)).toBe(
      '  [##########··········]  50%  50,000 entries  12,500 entries/s',
    );
    expect(progressLine(0, 100_000, 0)).toBe('  [····················]   0%  0 entries  0 entries/s');
  });

  it('stays within 100% when the work outgrows its estimate', () => {
    expect(progressLine(102_016, 100_000, 10_000)).toMatch(
      /^ {2}\[#{20}\] 100% {2}102,016 entries {2}10,202 entries\/s$/,
    );
  });
});
