import { describe, expect, it } from 'vitest';
import { endToEndHeaders } from './end-to-end-headers.js';

describe('endToEndHeaders', () => {
  it('drops the hop-by-hop headers and those the Connection header names, case aside', () => {
    expect(
      endToEndHeaders({
        connection: 'Keep-Alive, X-Trace-Hop',
        'keep-alive': 'timeout=72',
        'transfer-encoding': 'chunked',
        'x-trace-hop': '1',
        'content-type': 'text/html',
        'set-cookie': ['a=1', 'b=2'],
      }),
    ).toEqual({ 'content-type': 'text/html', 'set-cookie': ['a=1', 'b=2'] });
  });
});
