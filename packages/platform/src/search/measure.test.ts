import { describe, it } from 'vitest';
import { formatMeasurement, removeDatabase, runMeasurement } from './measure.js';

// Not part of the normal test run: prints index and query timings at scale (see measure.ts).
describe.skipIf(!process.env.CANOPY_SEARCH_MEASURE)('search measurement', () => {
  it('indexes synthetic entries and times each query kind', () => {
    const file = process.env.CANOPY_SEARCH_MEASURE_DB ?? '/tmp/canopy-search-measure/search.db';
    const entries = Number(process.env.CANOPY_SEARCH_MEASURE_ENTRIES ?? 100_000);
    if (!process.env.CANOPY_SEARCH_MEASURE_DB) removeDatabase(file);
    const runs = Number(process.env.CANOPY_SEARCH_MEASURE_RUNS ?? 50);
    const progress = (figures: { name: string; p50: number }) =>
      console.log(`${figures.name}: p50 ${figures.p50.toFixed(1)} ms`);
    console.log(formatMeasurement(runMeasurement({ entries, file, runs, progress })));
  }, 900_000);
});
