import { describe, expect, it } from 'vitest';
import type { ChangeStreamHooks } from './content-changes.js';
import { CONTENT_CHANGE_SUBSCRIPTION, platformChangeStream } from './platform-change-stream.js';

const SECRET = 'very-secret-value';
const TOKEN_PATH = '/authenticate/connect/token';
const STREAM_PATH = '/api/management/projects/website/events/sse/stream';

interface Seen {
  path: string;
  method: string;
  authorization: string | null;
  body: string;
}

/** A fake platform: tokens numbered 1, 2…; the stream answers with `streamStatus` and a body the test writes. */
function fakePlatform(streamStatus: () => number) {
  const seen: Seen[] = [];
  let tokens = 0;
  let writer: ReadableStreamDefaultController<Uint8Array> | null = null;
  const fetchFn: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    seen.push({
      path: url.pathname,
      method: init?.method ?? 'GET',
      authorization: headers.get('authorization'),
      body: typeof init?.body === 'string' ? init.body : '',
    });
    if (url.pathname === TOKEN_PATH) {
      tokens++;
      return Response.json({ access_token: `token-${tokens}`, expires_in: 3600, token_type: 'Bearer' });
    }
    const status = streamStatus();
    if (status !== 200) return Response.json({ message: 'No' }, { status });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        writer = controller;
      },
    });
    init?.signal?.addEventListener('abort', () => writer?.error(new DOMException('Aborted', 'AbortError')));
    return new Response(body, {
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8' },
    });
  };
  return {
    seen,
    fetchFn,
    write(text: string) {
      writer?.enqueue(new TextEncoder().encode(text));
    },
    end() {
      writer?.close();
    },
  };
}

function hooks(signal: AbortSignal = new AbortController().signal) {
  const counts = { changes: 0, activity: 0 };
  const value: ChangeStreamHooks = {
    onChange: () => {
      counts.changes++;
    },
    onActivity: () => {
      counts.activity++;
    },
    signal,
  };
  return { counts, hooks: value };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

/** Waits until `done()` holds (chunks travel through a few stream stages), at most a few seconds. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!done() && Date.now() < deadline) await settle();
}

function streamFor(fetchFn: typeof fetch) {
  return platformChangeStream({
    platformUrl: 'http://platform.test',
    projectId: 'website',
    clientId: 'site-client',
    clientSecret: SECRET,
    fetchFn,
  });
}

describe('platformChangeStream', () => {
  it('signs in with the client credentials and subscribes to every resource type pages show', async () => {
    const platform = fakePlatform(() => 200);
    const { hooks: watcherHooks } = hooks();
    const stream = await streamFor(platform.fetchFn).open(watcherHooks);
    expect(platform.seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      `POST ${TOKEN_PATH}`,
      `POST ${STREAM_PATH}`,
    ]);
    expect(platform.seen[0]?.body).toContain('grant_type=client_credentials');
    expect(platform.seen[1]?.authorization).toBe('Bearer token-1');
    expect(JSON.parse(platform.seen[1]?.body ?? '')).toEqual(CONTENT_CHANGE_SUBSCRIPTION);
    expect(CONTENT_CHANGE_SUBSCRIPTION.topics.map((topic) => topic.resourceType)).toEqual(
      expect.arrayContaining(['entry', 'asset', 'node', 'contentType', 'component', 'project']),
    );
    stream.close();
    await stream.closed;
  });

  it('reports every event as a change and every chunk, heartbeats included, as activity', async () => {
    const platform = fakePlatform(() => 200);
    const { counts, hooks: watcherHooks } = hooks();
    const stream = await streamFor(platform.fetchFn).open(watcherHooks);
    platform.write(': subscribed 1\n\n');
    await until(() => counts.activity === 1);
    expect(counts).toEqual({ changes: 0, activity: 1 });
    platform.write('id: 1\nevent: message\ndata: {"resourceType":"entry"}\n\n');
    platform.write(': heartbeat\n\n');
    await until(() => counts.activity === 3);
    expect(counts).toEqual({ changes: 1, activity: 3 });
    platform.end();
    await stream.closed;
  });

  it('signs in again after the platform refused the token', async () => {
    let status = 401;
    const platform = fakePlatform(() => status);
    const open = streamFor(platform.fetchFn).open;
    await expect(open(hooks().hooks)).rejects.toMatchObject({ status: 401 });
    status = 200;
    const stream = await open(hooks().hooks);
    const streamCalls = platform.seen.filter((request) => request.path === STREAM_PATH);
    expect(streamCalls.map((request) => request.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    stream.close();
    await stream.closed;
  });

  it('keeps a token the platform accepted for the next stream', async () => {
    const platform = fakePlatform(() => 200);
    const open = streamFor(platform.fetchFn).open;
    const first = await open(hooks().hooks);
    platform.end();
    await first.closed;
    const second = await open(hooks().hooks);
    expect(platform.seen.filter((request) => request.path === TOKEN_PATH)).toHaveLength(1);
    second.close();
    await second.closed;
  });

  it('ends an attempt, token request included, when the watcher stops', async () => {
    const controller = new AbortController();
    let tokenSignal: AbortSignal | undefined;
    const hanging: typeof fetch = (_input, init) => {
      tokenSignal = init?.signal ?? undefined;
      return new Promise((_resolve, reject) => {
        const abort = () => reject(new DOMException('Aborted', 'AbortError'));
        if (init?.signal?.aborted) abort();
        init?.signal?.addEventListener('abort', abort);
      });
    };
    const attempt = streamFor(hanging).open(hooks(controller.signal).hooks);
    await until(() => tokenSignal !== undefined);
    controller.abort();
    await expect(attempt).rejects.toThrow();
    expect(tokenSignal?.aborted).toBe(true);
  });

  it('never puts the client secret in a log line', () => {
    const { describeError } = streamFor(fakePlatform(() => 200).fetchFn);
    expect(describeError(new Error(`invalid_client for ${SECRET}`))).toBe('invalid_client for [secret]');
  });
});
