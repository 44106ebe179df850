import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.js';
import { BEARER, SEEDED_CREDENTIALS } from '../test-support/management-fixture.js';
import { type SseServer, startSseServer } from '../test-support/sse-server.js';
import { ManagementClient } from './client.js';
import type { EventStreamHandle } from './event-operations.js';
import type { ServerSentEvent } from './sse-parser.js';

let sse: SseServer;
beforeAll(async () => {
  sse = await startSseServer();
});
afterAll(() => sse.close());

let handle: EventStreamHandle | null = null;
afterEach(async () => {
  handle?.close();
  handle = null;
  sse.requests.length = 0;
});

function client() {
  return ManagementClient.create({ rootUrl: sse.url, projectId: 'website', credentials: SEEDED_CREDENTIALS });
}

/** Waits until `check` passes, polling briefly. */
async function eventually(check: () => void, timeout = 2000): Promise<void> {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

const subscription = {
  topics: [{ resourceType: 'entry', event: ['published', 'updated'], contentTypeId: ['article'] }],
  templates: { entry: '{"id":"{{resource.sys.id}}"}' },
};

describe('events.connectToEventsStream (in Node.js)', () => {
  it('POSTs the subscription and delivers message events as they stream in', async () => {
    const received: [string, string][] = [];
    const all: ServerSentEvent[] = [];
    handle = await client().events.connectToEventsStream(
      subscription,
      (data, id) => received.push([data, id]),
      {
        onEvent: (event) => all.push(event),
      },
    );
    const request = sse.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/management/projects/website/events/sse/stream');
    expect(JSON.parse(request.body)).toEqual(subscription);
    expect(request.headers).toMatchObject({
      authorization: `Bearer ${BEARER}`,
      accept: 'text/event-stream',
      'content-type': 'application/json',
    });

    sse.write(': connected\n\n');
    sse.write('id: sub-1\ndata: {"id":');
    sse.write('"e1"}\r\n\r');
    sse.write('\nevent: heartbeat\ndata: -\n\n');
    sse.write(new TextEncoder().encode('data: caf').slice(0, 9));
    sse.write(Buffer.from([0xc3]));
    sse.write(Buffer.from([0xa9, 0x0a, 0x0a]));
    await eventually(() => expect(received).toHaveLength(2));
    expect(received).toEqual([
      ['{"id":"e1"}', 'sub-1'],
      ['café', 'sub-1'],
    ]);
    expect(all.map((event) => event.type)).toEqual(['message', 'heartbeat', 'message']);
  });

  it('close() ends the connection and resolves closed', async () => {
    const received: string[] = [];
    handle = await client().events.connectToEventsStream(subscription, (data) => received.push(data));
    sse.write('data: one\n\n');
    await eventually(() => expect(received).toEqual(['one']));
    const disconnected = sse.disconnected();
    handle.close();
    await expect(handle.closed).resolves.toBeUndefined();
    await disconnected;
    handle.close(); // twice is fine
  });

  it('resolves closed when the server ends the stream, dropping an unterminated event', async () => {
    const received: string[] = [];
    handle = await client().events.connectToEventsStream(subscription, (data) => received.push(data));
    sse.write('data: done\n\ndata: partial');
    sse.end();
    await expect(handle.closed).resolves.toBeUndefined();
    expect(received).toEqual(['done']);
  });

  it('closes the stream and rejects closed when the callback throws', async () => {
    handle = await client().events.connectToEventsStream(subscription, () => {
      throw new Error('handler failed');
    });
    sse.write('data: x\n\n');
    await expect(handle.closed).rejects.toThrow('handler failed');
  });

  it('closes when the caller’s signal aborts', async () => {
    const controller = new AbortController();
    handle = await client().events.connectToEventsStream(subscription, () => undefined, {
      signal: controller.signal,
    });
    controller.abort();
    await expect(handle.closed).resolves.toBeUndefined();
  });

  it('rejects with an ApiError when the server does not answer 200', async () => {
    sse.refuseWith({ status: 403, body: { message: 'Forbidden', type: 'error' } });
    try {
      const error = await client()
        .events.connectToEventsStream(subscription, () => undefined)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 403, data: { message: 'Forbidden', type: 'error' } });
    } finally {
      sse.refuseWith(null);
    }
  });
});
