import { describe, expect, it } from 'vitest';
import { dcg, firstRelevantRank, ndcgAt, reciprocalRank, summarise } from './metrics.mjs';

// Every expected figure below is worked out by hand in the comment beside it.
describe('dcg', () => {
  it('adds each grade discounted by log2(rank + 1)', () => {
    // 3/log2(2) + 2/log2(3) + 0 + 1/log2(5) = 3 + 1.26186 + 0.43068
    expect(dcg([3, 2, 0, 1])).toBeCloseTo(4.69254, 4);
  });

  it('stops at the cutoff', () => {
    // Only the first two count: 1 + 1/log2(3) = 1.63093
    expect(dcg([1, 1, 3], 2)).toBeCloseTo(1.63093, 4);
  });
});

describe('ndcgAt', () => {
  it('is 1 for the ideal order and below 1 otherwise', () => {
    const judged = { a: 3, b: 1 };
    expect(ndcgAt(['a', 'b'], judged)).toBeCloseTo(1, 10);
    // DCG = 1 + 3/log2 3 = 2.89279; ideal = 3 + 1/log2 3 = 3.63093; ratio 0.79671
    expect(ndcgAt(['b', 'a'], judged)).toBeCloseTo(0.79671, 4);
  });

  it('counts unjudged results as 0 and judged results never returned against the ranking', () => {
    // Ranking x, a: DCG = 0 + 2/log2 3 = 1.26186; ideal (a, c) = 2 + 2/log2 3 = 3.26186
    expect(ndcgAt(['x', 'a'], { a: 2, c: 2 })).toBeCloseTo(0.38685, 4);
  });

  it('gives nothing for results below the cutoff', () => {
    const ranked = [...Array.from({ length: 10 }, (_, i) => `x${i}`), 'a'];
    expect(ndcgAt(ranked, { a: 3 })).toBe(0);
  });

  it('gains once for a result listed twice', () => {
    // a, a: DCG = 3 (the repeat gains nothing); ideal = 3
    expect(ndcgAt(['a', 'a'], { a: 3 })).toBeCloseTo(1, 10);
    // a, a, b: DCG = 3 + 0 + 1/2 = 3.5; ideal = 3 + 1/log2 3 = 3.63093
    expect(ndcgAt(['a', 'a', 'b'], { a: 3, b: 1 })).toBeCloseTo(0.96394, 4);
  });

  it('is 0 for an empty ranking', () => {
    expect(ndcgAt([], { a: 3 })).toBe(0);
  });
});

describe('reciprocalRank and firstRelevantRank', () => {
  it('take the first result graded 1 or more', () => {
    expect(firstRelevantRank(['x', 'y', 'b', 'a'], { a: 3, b: 1 })).toBe(3);
    expect(reciprocalRank(['x', 'y', 'b', 'a'], { a: 3, b: 1 })).toBeCloseTo(1 / 3, 10);
  });

  it('are null and 0 when nothing relevant is in the first ten', () => {
    const ranked = [...Array.from({ length: 10 }, (_, i) => `x${i}`), 'a'];
    expect(firstRelevantRank(ranked, { a: 3 })).toBeNull();
    expect(reciprocalRank(ranked, { a: 3 })).toBe(0);
  });
});

describe('summarise', () => {
  it('averages over the queries and counts those with no results', () => {
    const figures = summarise([
      // nDCG 1, RR 1
      { judged: { a: 3 }, ranked: ['a'], total: 1 },
      // nDCG 1/log2 3 = 0.63093, RR 1/2
      { judged: { a: 3 }, ranked: ['x', 'a'], total: 2 },
      // nothing found: nDCG 0, RR 0
      { judged: { a: 3 }, ranked: [], total: 0 },
    ]);
    // nDCG (1 + 0.63093 + 0) / 3 = 0.54364; MRR (1 + 0.5 + 0) / 3 = 0.5
    expect(figures.ndcg).toBeCloseTo(0.54364, 4);
    expect(figures.mrr).toBeCloseTo(0.5, 10);
    expect(figures.zeroResults).toBe(1);
    expect(figures.zeroResultRate).toBeCloseTo(1 / 3, 10);
  });
});
