import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventBus, type PlatformEvent } from './bus.js';
import { eventSummary, formatComment, formatMessage } from './sse.js';
import { EventStream, MAX_BUFFERED_BYTES, type StreamSink } from './stream.js';

const event = (overrides: Partial<PlatformEvent> = {}): PlatformEvent => ({
  projectId: 'website',
  resourceType: 'entry',
  event: 'updated',
  resourceId: 'e1',
  contentTypeId: 'event',
  language: 'en-GB',
  resource: { entryTitle: 'Line one\r\nline two' },
  actor: 'editor',
  timestamp: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

class FakeSink implements StreamSink {
  chunks: string[] = [];
  ended = false;
  buffered = 0;
  write(chunk: string) {
    this.chunks.push(chunk);
  }
  end() {
    this.ended = true;
  }
  bufferedBytes() {
    return this.buffered;
  }
}

describe('event-stream framing', () => {
  it('splits data lines and keeps ids and comments on one line', () => {
    expect(formatMessage('s1', '{"a":1}')).toBe('id: s1\nevent: message\ndata: {"a":1}\n\n');
    expect(formatMessage('s1', 'a\r\nb\rc\nd')).toBe(
      'id: s1\nevent: message\ndata: a\ndata: b\ndata: c\ndata: d\n\n',
    );
    expect(formatComment('two\nlines')).toBe(': two lines\n\n');
  });

  it('summarises events without undefined keys', () => {
    expect(eventSummary(event())).toEqual({
      event: 'updated',
      resourceType: 'entry',
      resourceId: 'e1',
      projectId: 'website',
      contentTypeId: 'event',
      language: 'en-GB',
      user: 'editor',
      timestamp: '2026-01-01T00:00:00.000Z',
    });
  });
});

describe('an event stream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const open = (sink: FakeSink, bus: EventBus, authorized = () => true) =>
    new EventStream({
      id: 's1',
      projectId: 'website',
      subscription: { topics: [{ resourceType: 'entry' }], templates: { entry: '{{resource.entryTitle}}' } },
      bus,
      sink,
      canSee: (candidate) => candidate.contentTypeId !== 'secret',
      stillAuthorized: authorized,
      heartbeatMs: 1000,
    });

  it('writes matching, visible events of its project and heartbeats', () => {
    const bus = new EventBus();
    const sink = new FakeSink();
    const stream = open(sink, bus);
    bus.publish(event());
    bus.publish(event({ projectId: 'other' }));
    bus.publish(event({ resourceType: 'node' }));
    bus.publish(event({ contentTypeId: 'secret' }));
    vi.advanceTimersByTime(1000);
    expect(sink.chunks).toEqual([
      'id: s1\nevent: message\ndata: Line one\ndata: line two\n\n',
      ': heartbeat\n\n',
    ]);
    stream.close();
    stream.close();
    expect(bus.size).toBe(0);
    expect(sink.ended).toBe(true);
  });

  it('ends when the caller is no longer authorised or the client stops reading', () => {
    const bus = new EventBus();
    let authorized = true;
    const revoked = open(new FakeSink(), bus, () => authorized);
    authorized = false;
    vi.advanceTimersByTime(1000);
    expect(revoked.isClosed).toBe(true);

    const slowSink = new FakeSink();
    const slow = open(slowSink, bus);
    slowSink.buffered = MAX_BUFFERED_BYTES + 1;
    bus.publish(event());
    expect(slow.isClosed).toBe(true);
    expect(bus.size).toBe(0);
  });
});
