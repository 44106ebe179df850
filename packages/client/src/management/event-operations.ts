import { ApiError } from '../http/api-error.js';
import { authorizedFetch, type ManagementContext, projectRoot } from './context.js';
import { ManagementMessages } from './messages.js';
import type { EventSubscription } from './models.js';
import { type ServerSentEvent, SseParser } from './sse-parser.js';

/** Called with each `message` event's data (raw text; JSON when templates produce JSON) and id. */
export type EventCallback = (data: string, id: string) => void;

/** Extra options of `connectToEventsStream`. */
export interface EventStreamOptions {
  /** Called for every event, whatever its type, before `callback`. */
  onEvent?: (event: ServerSentEvent) => void;
  /** Closes the stream when aborted, like `handle.close()`. */
  signal?: AbortSignal;
}

/** An open event stream. */
export interface EventStreamHandle {
  /** Closes the connection; `closed` then resolves. Safe to call more than once. */
  close(): void;
  /**
   * Settles when the stream ends: resolves when it was closed or the server ended it, rejects when
   * the connection failed or a callback threw (the stream is closed then). Streams do not
   * reconnect by themselves.
   */
  readonly closed: Promise<void>;
}

/**
 * `managementClient.events`: the server-sent event stream of a project (contract §4.2).
 *
 * The official client opens the stream with XMLHttpRequest and refuses to run outside a browser
 * ('The function IEventOperations.connectToEventsStream can only be called in a browser context.').
 * This one streams the response with `fetch`, so it works in browsers and in Node.js alike, and
 * deliberately never throws that message: the site's server tier uses the stream to purge caches.
 */
export class EventOperations {
  constructor(private readonly context: ManagementContext) {}

  /**
   * Subscribes to events: `POST P/events/sse/stream` with the subscription as the body. Resolves
   * once the server has answered 200 and the stream is open; rejects with an {@link ApiError} for
   * any other status. `callback` receives each `message` event's `(data, id)`.
   *
   * Throws synchronously when the subscription, its topics (non-empty) or the callback is missing.
   *
   * @example
   * const stream = await client.events.connectToEventsStream(
   *   { topics: [{ resourceType: 'entry', event: ['published', 'updated'] }] },
   *   (data, id) => purge(JSON.parse(data)),
   * );
   * // later
   * stream.close();
   */
  connectToEventsStream(
    subscription: EventSubscription,
    callback: EventCallback,
    options: EventStreamOptions = {},
  ): Promise<EventStreamHandle> {
    if (!subscription) throw new Error(ManagementMessages.eventSubscription);
    if (!Array.isArray(subscription.topics) || subscription.topics.length === 0) {
      throw new Error(ManagementMessages.eventTopics);
    }
    if (typeof callback !== 'function') throw new Error(ManagementMessages.eventCallback);
    return this.open(`${projectRoot(this.context)}/events/sse/stream`, subscription, callback, options);
  }

  private async open(
    path: string,
    subscription: EventSubscription,
    callback: EventCallback,
    options: EventStreamOptions,
  ): Promise<EventStreamHandle> {
    const controller = new AbortController();
    const close = () => controller.abort();
    if (options.signal?.aborted) close();
    options.signal?.addEventListener('abort', close, { once: true });

    const response = await authorizedFetch(this.context, path, {
      method: 'POST',
      body: JSON.stringify(subscription),
      accept: 'text/event-stream',
      signal: controller.signal,
    });
    if (response.status !== 200 || !response.body) {
      const data = await errorBody(response);
      close();
      throw new ApiError({
        status: response.status,
        statusText: response.statusText,
        url: response.url || this.context.http.url(path),
        data,
      });
    }

    const parser = new SseParser((event) => {
      options.onEvent?.(event);
      if (event.type === 'message') callback(event.data, event.lastEventId);
    });
    const closed = pump(response.body, parser, controller).finally(() => {
      options.signal?.removeEventListener('abort', close);
    });
    // Callers who never look at `closed` must not get an unhandled rejection.
    closed.catch(() => undefined);
    return { close, closed };
  }
}

async function pump(
  body: ReadableStream<Uint8Array>,
  parser: SseParser,
  controller: AbortController,
): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.pushBytes(value);
    }
    parser.end();
  } catch (error) {
    // Reading fails with an AbortError once the caller closes the stream: that is a normal end.
    if (controller.signal.aborted) return;
    controller.abort();
    throw error;
  }
}

async function errorBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return text === '' ? {} : JSON.parse(text);
  } catch (error) {
    return error;
  }
}
