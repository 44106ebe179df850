import { describe, expect, it } from 'vitest';
import { parseServerSentEvents, type ServerSentEvent, SseParser } from './sse-parser.js';

const message = (data: string, lastEventId = '', type = 'message'): ServerSentEvent => ({
  type,
  data,
  lastEventId,
});

/** Feeds `chunks` one by one and returns the events. */
function feed(chunks: (string | Uint8Array)[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const parser = new SseParser((event) => events.push(event));
  for (const chunk of chunks) {
    if (typeof chunk === 'string') parser.push(chunk);
    else parser.pushBytes(chunk);
  }
  parser.end();
  return events;
}

describe('SSE parsing (WHATWG event-stream rules)', () => {
  it.each([
    ['one event', 'data: hello\n\n', [message('hello')]],
    ['multi-line data joined with LF', 'data: {"a":\ndata: 1}\n\n', [message('{"a":\n1}')]],
    ['CRLF line endings', 'id: 7\r\ndata: a\r\ndata: b\r\n\r\n', [message('a\nb', '7')]],
    ['CR line endings', 'data: a\rdata: b\r\r', [message('a\nb')]],
    ['mixed line endings', 'data: a\r\ndata: b\rdata: c\n\n', [message('a\nb\nc')]],
    ['comments', ': keep-alive\ndata: x\n: another\n\n', [message('x')]],
    ['only one leading space removed', 'data:  two\ndata:none\n\n', [message(' two\nnone')]],
    ['a field name without colon', 'data\n\n', [message('')]],
    ['an empty data line adds a line', 'data: a\ndata:\n\n', [message('a\n')]],
    ['event types', 'event: ping\ndata: 1\n\ndata: 2\n\n', [message('1', '', 'ping'), message('2')]],
    [
      'the last id persists',
      'id: 1\ndata: a\n\ndata: b\n\nid\ndata: c\n\n',
      [message('a', '1'), message('b', '1'), message('c')],
    ],
    [
      'an id containing NUL is ignored',
      'id: 5\ndata: a\n\nid: x\0y\ndata: b\n\n',
      [message('a', '5'), message('b', '5')],
    ],
    ['an event without data is not dispatched', 'id: 9\nevent: x\n\ndata: y\n\n', [message('y', '9')]],
    ['unknown fields are ignored', 'foo: bar\ndata: z\n\n', [message('z')]],
    ['an unterminated event at the end is dropped', 'data: a\n\ndata: b\n', [message('a')]],
    ['a leading byte-order mark', '\uFEFFdata: bom\n\n', [message('bom')]],
    ['several blank lines', '\n\n\ndata: a\n\n\n\n', [message('a')]],
  ])('%s', (_name, text, expected) => {
    expect(parseServerSentEvents(text)).toEqual(expected);
  });

  it('reads retry only when it is all digits', () => {
    const parser = new SseParser(() => undefined);
    parser.push('retry: 1500\n\nretry: 2s\n\n');
    expect(parser.retry).toBe(1500);
  });

  const stream =
    '\uFEFF: hello\r\nid: 1\r\nevent: update\r\ndata: {"title":\r\ndata: "Pont"}\r\n\r\ndata: plain\rdata: two\r\rid: 2\ndata: last\n\n';
  const whole = parseServerSentEvents(stream);

  it('gives the same events wherever the stream is split into two chunks', () => {
    expect(whole).toEqual([
      message('{"title":\n"Pont"}', '1', 'update'),
      message('plain\ntwo', '1'),
      message('last', '2'),
    ]);
    for (let i = 0; i <= stream.length; i++) {
      expect(feed([stream.slice(0, i), stream.slice(i)])).toEqual(whole);
    }
  });

  it('gives the same events fed one character at a time, or split into three anywhere', () => {
    expect(feed([...stream])).toEqual(whole);
    for (let i = 0; i < stream.length; i += 3) {
      for (let j = i; j <= stream.length; j += 5) {
        expect(feed([stream.slice(0, i), stream.slice(i, j), stream.slice(j)])).toEqual(whole);
      }
    }
  });

  it('joins UTF-8 characters split across byte chunks', () => {
    const bytes = new TextEncoder().encode('data: Pont yn ailagor — café 🌉\n\n');
    const expected = [message('Pont yn ailagor — café 🌉')];
    for (let i = 0; i <= bytes.length; i++) {
      expect(feed([bytes.slice(0, i), bytes.slice(i)])).toEqual(expected);
    }
  });
});
