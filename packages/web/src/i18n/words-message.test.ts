import { describe, expect, it } from 'vitest';
import { formatWordsMessage } from './words-message.js';

const RESULTS_CY =
  '{count, plural, =0 {Dim canlyniadau} one {# canlyniad} two {# ganlyniad} few {# chanlyniad} many {# chanlyniad} other {# canlyniad}}';

describe('formatWordsMessage', () => {
  it("picks the Welsh plural branch with the language's own rules", () => {
    const counts = [0, 1, 2, 3, 4, 6, 11, 100].map((count) =>
      formatWordsMessage(RESULTS_CY, 'cy', { count }),
    );
    expect(counts).toEqual([
      'Dim canlyniadau',
      '1 canlyniad',
      '2 ganlyniad',
      '3 chanlyniad',
      '4 canlyniad',
      '6 chanlyniad',
      '11 canlyniad',
      '100 canlyniad',
    ]);
  });

  it('writes the count with the language’s digits grouping and falls back to other', () => {
    const message = '{count, plural, one {# result} other {# results}}';
    expect(formatWordsMessage(message, 'en-GB', { count: 1 })).toBe('1 result');
    expect(formatWordsMessage(message, 'en-GB', { count: 1234 })).toBe('1,234 results');
    expect(formatWordsMessage('{count, plural, other {# canlyniad}}', 'cy', { count: 3 })).toBe(
      '3 canlyniad',
    );
  });

  it('fills plain arguments inside and outside a plural, with text around it', () => {
    expect(formatWordsMessage('Tudalen {page} o {pages}', 'cy', { page: 2, pages: 7 })).toBe('Tudalen 2 o 7');
    expect(
      formatWordsMessage(
        '{count, plural, one {# result for {term}} other {# results for {term}}}, in all',
        'en-GB',
        {
          count: 2,
          term: 'law',
        },
      ),
    ).toBe('2 results for law, in all');
    expect(formatWordsMessage('Hidlyddion (#)', 'cy', {})).toBe('Hidlyddion (#)');
    expect(formatWordsMessage('({count, number})', 'en-GB', { count: 1234 })).toBe('(1,234)');
    expect(formatWordsMessage('ar gyfer “{term}”', 'cy', { term: 'cyfraith' })).toBe('ar gyfer “cyfraith”');
  });
});
