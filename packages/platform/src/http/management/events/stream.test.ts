import type { EntryInput, EventStreamHandle, ManagementClient } from '@canopy/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../../../events/bus.js';
import { clientWithToken } from '../../../test-support/management-client.js';
import { type RunningPlatform, startDemoPlatform } from '../../../test-support/platform-fixture.js';
import { issueTestToken } from '../../../test-support/tokens.js';

// The event stream through the project's own client (fetch-based, so it runs in Node).
let platform: RunningPlatform;
let bus: EventBus;
let editor: ManagementClient;
let editorToken: string;
let streamUrl: string;
/**
 * Listeners the server itself keeps on the bus (the receipt mails of created bookings), so
 * the tests count streams above them.
 */
let ownListeners: number;
/** Whether the platform still needs closing (the last test shuts it down itself). */
let open = true;

/** Collects a stream's messages; `next()` resolves with the next one (or one already waiting). */
class Inbox {
  private readonly messages: { data: string; id: string }[] = [];
  private waiting: ((message: { data: string; id: string }) => void) | undefined;

  readonly callback = (data: string, id: string) => {
    const message = { data, id };
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve(message);
    } else this.messages.push(message);
  };

  next(): Promise<{ data: string; id: string }> {
    const ready = this.messages.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  get pending(): number {
    return this.messages.length;
  }
}

function event(title: string): EntryInput {
  return {
    title,
    eventDates: { from: '2030-05-01T10:00:00Z', to: '2030-05-01T16:00:00Z' },
    category: 'Exhibition',
    sys: { contentTypeId: 'event', language: 'en-GB' },
  };
}

function person(title: string): EntryInput {
  return { title, jobTitle: 'Curator', sys: { contentTypeId: 'person', language: 'en-GB' } };
}

/** How many streams are subscribed to the bus. */
function openStreams(): number {
  return bus.size - ownListeners;
}

/** Resolves once `size` streams are subscribed (they unsubscribe when their connection closes). */
async function listenersBecome(size: number): Promise<void> {
  while (openStreams() !== size) await new Promise((resolve) => setTimeout(resolve, 10));
}

beforeAll(async () => {
  bus = new EventBus();
  platform = await startDemoPlatform({ events: bus });
  ownListeners = bus.size;
  editorToken = issueTestToken(platform.db, 'editor');
  editor = clientWithToken(platform, editorToken);
  streamUrl = `${platform.origin}/api/management/projects/${platform.projectId}/events/sse/stream`;
}, 60_000);

afterAll(async () => {
  if (open) await platform?.close();
});

describe('the event stream', () => {
  it('delivers an event for each matching write, as JSON by default', async () => {
    const inbox = new Inbox();
    const stream = await editor.events.connectToEventsStream(
      { topics: [{ resourceType: 'entry', event: ['created', 'published'] }] },
      inbox.callback,
    );
    try {
      const created = await editor.entries.create(event('Streamed exhibition'));
      const first = await inbox.next();
      expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.parse(first.data)).toEqual({
        event: 'created',
        resourceType: 'entry',
        resourceId: created.sys.id,
        projectId: platform.projectId,
        contentTypeId: 'event',
        language: 'en-GB',
        workflowState: 'draft',
        owner: 'editor',
        user: 'editor',
        timestamp: expect.any(String),
      });
      await editor.entries.update({ ...created, title: 'Renamed' }); // `updated` is not subscribed
      const saved = await editor.entries.get(created.sys.id);
      await editor.entries.invokeWorkflow(saved, 'publish');
      const second = await inbox.next();
      expect(second.id).toBe(first.id);
      expect(JSON.parse(second.data)).toMatchObject({
        event: 'published',
        workflowEvent: 'publish',
        workflowState: 'versionComplete',
        // The first published version of this variation: sites learn a language was added.
        newVariation: true,
      });
      const published = await editor.entries.get(created.sys.id);
      await editor.entries.update({ ...published, title: 'Renamed again' });
      await editor.entries.invokeWorkflow(await editor.entries.get(created.sys.id), 'publish');
      const republished = JSON.parse((await inbox.next()).data);
      expect(republished).toMatchObject({ event: 'published', workflowEvent: 'publish' });
      expect(republished).not.toHaveProperty('newVariation');
    } finally {
      stream.close();
      await stream.closed;
    }
  });

  it('renders templates with JSON-escaped values and splits multi-line data correctly', async () => {
    const inbox = new Inbox();
    const stream = await editor.events.connectToEventsStream(
      {
        topics: [{ resourceType: 'entry', event: ['created'], contentTypeId: ['event'] }],
        templates: {
          entry:
            '{"title":"{{resource.entryTitle}}","id":"{{resource.sys.id}}",\n"version":{{resource.sys.version.versionNo}},"missing":"{{resource.nothing}}","who":"{{event.user}}"}',
        },
      },
      inbox.callback,
    );
    try {
      const title = 'Quotes "here" and a \\ backslash';
      const created = await editor.entries.create(event(title));
      const message = await inbox.next();
      expect(message.data).toContain('\n"version"');
      expect(JSON.parse(message.data)).toEqual({
        title,
        id: created.sys.id,
        version: '0.1',
        missing: '',
        who: 'editor',
      });
    } finally {
      stream.close();
    }
  });

  it('filters by topic', async () => {
    const inbox = new Inbox();
    const stream = await editor.events.connectToEventsStream(
      { topics: [{ resourceType: 'entry', contentTypeId: ['person'], language: ['en-GB'] }] },
      inbox.callback,
    );
    try {
      await editor.entries.create(event('Not for this stream'));
      const created = await editor.entries.create(person('Streamed Person'));
      const message = JSON.parse((await inbox.next()).data) as Record<string, unknown>;
      // Events arrive in order: had the event entry matched, it would have come first.
      expect(message).toMatchObject({ resourceId: created.sys.id, contentTypeId: 'person' });
      expect(inbox.pending).toBe(0);
    } finally {
      stream.close();
    }
  });

  it('serves the site API client, and unsubscribes when clients disconnect', async () => {
    await listenersBecome(0);
    const website = clientWithToken(platform, issueTestToken(platform.db, { clientId: 'canopy-website' }));
    const inbox = new Inbox();
    const streams: EventStreamHandle[] = [];
    streams.push(
      await website.events.connectToEventsStream({ topics: [{ resourceType: 'entry' }] }, inbox.callback),
    );
    streams.push(await editor.events.connectToEventsStream({ topics: [{ event: ['deleted'] }] }, () => {}));
    expect(openStreams()).toBe(2);
    const created = await editor.entries.create(person('Seen by the website'));
    expect(JSON.parse((await inbox.next()).data)).toMatchObject({
      event: 'created',
      resourceId: created.sys.id,
    });
    for (const stream of streams) stream.close();
    await listenersBecome(0);

    // A raw connection that simply goes away is cleaned up too.
    const controller = new AbortController();
    const response = await fetch(streamUrl, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${editorToken}`,
        'Content-Type': 'application/json',
        Origin: 'http://site.example',
      },
      body: JSON.stringify({ topics: [{ resourceType: 'entry' }] }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const reader = response.body!.getReader();
    const greeting = new TextDecoder().decode((await reader.read()).value);
    expect(greeting).toMatch(/^: subscribed /);
    expect(openStreams()).toBe(1);
    controller.abort();
    await listenersBecome(0);
  });

  it('refuses callers without a token or permission, and bad subscriptions', async () => {
    const post = (body: string, token?: string) =>
      fetch(streamUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body,
      });
    const topics = JSON.stringify({ topics: [{ resourceType: 'entry' }] });
    const anonymous = await post(topics);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({
      message: 'Authorization has been denied for this request.',
    });
    const member = await post(topics, issueTestToken(platform.db, 'member'));
    expect(member.status).toBe(403);
    const cases: [string, number][] = [
      ['{}', 422],
      ['{"topics":[]}', 422],
      ['{"topics":"entry"}', 400],
      ['{"topics":[{"event":[1]}]}', 400],
      ['{"topics":[{}],"templates":{"entry":5}}', 400],
      ['{"topics":', 400],
    ];
    for (const [body, status] of cases) {
      const response = await post(body, editorToken);
      expect({ body, status: response.status }).toEqual({ body, status });
      expect(((await response.json()) as { message: string }).message).toEqual(expect.any(String));
    }
    expect(openStreams()).toBe(0);
  });

  it('ends open streams when the server shuts down', async () => {
    const response = await fetch(streamUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${editorToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ topics: [{ resourceType: 'entry' }] }),
    });
    const reader = response.body!.getReader();
    await reader.read();
    open = false;
    await platform.close();
    let done = false;
    while (!done) done = (await reader.read()).done;
    // Closing the server also stops its own listeners: nothing is left on the bus.
    expect(bus.size).toBe(0);
  });
});
