import { ApiError, AuthTokenProvider, type EventSubscription, ManagementClient } from '@canopy/client';
import { type ChangeStream, describeError, type OpenChangeStream } from './content-changes.js';
import { createOwnedFetch } from './owned-fetch.js';

/**
 * The platform's resource types whose changes can alter a page: content and its placement
 * (entries, assets, nodes), the definitions delivery serves entries by (content types, the
 * components inside them), the project itself and the tags entries carry. Roles, redirects and
 * users change nothing the delivery cache holds.
 */
export const PAGE_RESOURCE_TYPES: readonly string[] = [
  'entry',
  'asset',
  'node',
  'contentType',
  'component',
  'project',
  'tag',
  'tagGroup',
  // Redirects are applied before routing (redirect-store.ts).
  'redirect',
];

/** Every event of every {@link PAGE_RESOURCE_TYPES} type; the default event data is enough. */
export const CONTENT_CHANGE_SUBSCRIPTION: EventSubscription = {
  topics: PAGE_RESOURCE_TYPES.map((resourceType) => ({ resourceType })),
};

/** How long opening the stream may take before the attempt counts as failed. */
export const DEFAULT_STREAM_TIMEOUT_MS = 10_000;

/** Options of {@link platformChangeStream}. */
export interface PlatformChangeStreamOptions {
  /** Origin of the platform, e.g. `http://127.0.0.1:3001`. */
  platformUrl: string;
  projectId: string;
  /** The site's API client (`client_credentials` grant) with the `eventStreams` `connect` permission. */
  clientId: string;
  clientSecret: string;
  /** Milliseconds to wait for the token and the stream's headers (default 10 000). */
  timeoutMs?: number;
  /** What to subscribe to (default {@link CONTENT_CHANGE_SUBSCRIPTION}). */
  subscription?: EventSubscription;
  /** The fetch implementation (default: one over `node:http` whose connections it owns, see `createOwnedFetch`). */
  fetchFn?: typeof fetch;
}

/** The platform side of a content-change watcher. */
export interface PlatformChangeStream {
  /** Opens the platform's event stream for the subscription (default {@link CONTENT_CHANGE_SUBSCRIPTION}). */
  open: OpenChangeStream;
  /** {@link describeError} with the client secret blanked out, so no log line can carry it. */
  describeError(error: unknown): string;
  /** Ends every connection it opened; call once the watcher has stopped. */
  close(): void;
}

/**
 * The platform's event stream (`POST P/events/sse/stream`) through `@canopy/client`, signed in
 * with the site's API client. One management client serves every attempt, so its bearer token
 * is reused until it expires (the platform ends a stream whose token expired; the next attempt
 * signs in again). Every request of an attempt, the token request included, ends when the
 * watcher stops, on connections of its own (see `createOwnedFetch`) that `close` ends; and
 * every byte of the stream (heartbeat comments too, which the event parser swallows) counts as
 * a sign of life for the watcher's dead-connection check.
 *
 * @example
 * const stream = platformChangeStream({ platformUrl, projectId, clientId, clientSecret });
 * watchContentChanges({ open: stream.open, describeError: stream.describeError, onChange, log });
 */
export function platformChangeStream(options: PlatformChangeStreamOptions): PlatformChangeStream {
  const timeout = options.timeoutMs ?? DEFAULT_STREAM_TIMEOUT_MS;
  const owned = options.fetchFn ? null : createOwnedFetch();
  const baseFetch = options.fetchFn ?? owned?.fetch ?? globalThis.fetch;
  // One attempt runs at a time: these belong to the one in progress.
  let onActivity: (() => void) | null = null;
  let stopSignal: AbortSignal | null = null;

  const fetchFn: typeof fetch = async (input, init) => {
    const signals = [init?.signal, stopSignal].filter((signal): signal is AbortSignal => !!signal);
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    const response = await baseFetch(input, { ...init, ...(signal ? { signal } : {}) });
    const activity = onActivity;
    if (!activity || !response.ok || !response.body || !isEventStream(response)) return response;
    return observed(response, response.body, activity);
  };
  const tokens = new AuthTokenProvider({
    rootUrl: options.platformUrl,
    clientType: 'client_credentials',
    clientDetails: { clientId: options.clientId, clientSecret: options.clientSecret },
    fetchFn,
    timeout,
  });
  const client = ManagementClient.create(
    { rootUrl: options.platformUrl, projectId: options.projectId, fetchFn, timeout },
    tokens,
  );

  const open: OpenChangeStream = async (hooks): Promise<ChangeStream> => {
    onActivity = hooks.onActivity;
    stopSignal = hooks.signal;
    try {
      return await client.events.connectToEventsStream(
        options.subscription ?? CONTENT_CHANGE_SUBSCRIPTION,
        (data) => hooks.onChange(data),
        {
          signal: hooks.signal,
        },
      );
    } catch (error) {
      // A token the platform no longer accepts (revoked, or its data reset) would otherwise be
      // presented again until it expires.
      if (error instanceof ApiError && error.status === 401) tokens.setCredentials({});
      throw error;
    }
  };

  const secret = options.clientSecret;
  return {
    open,
    describeError: (error) => {
      const text = describeError(error);
      return secret ? text.split(secret).join('[secret]') : text;
    },
    close: () => owned?.destroy(),
  };
}

function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream');
}

/** The same response, calling `onActivity` for every chunk of its body as it is read. */
function observed(response: Response, body: ReadableStream<Uint8Array>, onActivity: () => void): Response {
  const watched = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        onActivity();
        controller.enqueue(chunk);
      },
    }),
  );
  return new Response(watched, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
