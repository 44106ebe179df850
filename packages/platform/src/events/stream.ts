import type { EventBus, PlatformEvent } from './bus.js';
import { formatComment, formatMessage, messageData } from './sse.js';
import { type EventSubscription, matchesSubscription } from './subscription.js';

/** Where a stream writes and how it learns about its connection. */
export interface StreamSink {
  /** Writes a chunk to the client. */
  write(chunk: string): void;
  /** Ends the response. */
  end(): void;
  /** Bytes written but not yet sent (a slow or stalled client). */
  bufferedBytes(): number;
}

/** Options of an {@link EventStream}. */
export interface EventStreamOptions {
  /** The subscription id, sent as each message's `id`. */
  id: string;
  projectId: string;
  subscription: EventSubscription;
  bus: EventBus;
  sink: StreamSink;
  /** Whether the subscriber may see this event (permissions); evaluated per event. */
  canSee(event: PlatformEvent): boolean;
  /**
   * Checked at every heartbeat: false ends the stream (e.g. the caller's token was revoked or
   * expired since the stream opened).
   */
  stillAuthorized(): boolean;
  /** Milliseconds between heartbeat comments (default 15 s). */
  heartbeatMs?: number;
  /** Called once when the stream has closed, for whatever reason. */
  onClose?: () => void;
}

/** Default time between heartbeat comments, well under common proxy idle timeouts. */
export const HEARTBEAT_MS = 15_000;

/** A client that lets this much pile up unsent is dropped rather than buffered without end. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * One open event stream: subscribes to the bus, writes a `message` block for every event of
 * its project (or platform-wide, `everyProject`) that matches its topics (and that the
 * subscriber may see), a comment as a heartbeat, and unsubscribes when closed — by the client going away ({@link close} from the
 * connection's `close` event), by the server shutting down, by a revoked token or by a client
 * too slow to keep up.
 *
 * @example
 * const stream = new EventStream({ id, projectId, subscription, bus, sink, canSee: () => true, stillAuthorized: () => true });
 * response.on('close', () => stream.close());
 */
export class EventStream {
  private readonly unsubscribe: () => void;
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly options: EventStreamOptions) {
    this.unsubscribe = options.bus.subscribe((event) => this.deliver(event));
    this.timer = setInterval(() => this.heartbeat(), options.heartbeatMs ?? HEARTBEAT_MS);
    // A quiet stream must not keep the process alive on its own.
    this.timer.unref();
  }

  /** Whether the stream has closed. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** Writes a comment (the greeting, heartbeats). */
  comment(text: string): void {
    this.send(formatComment(text));
  }

  /** Stops listening and ends the response. Safe to call more than once. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    this.unsubscribe();
    try {
      this.options.sink.end();
    } catch {
      // The connection is already gone.
    }
    this.options.onClose?.();
  }

  private deliver(event: PlatformEvent): void {
    if (this.closed || (event.projectId !== this.options.projectId && !event.everyProject)) return;
    if (!matchesSubscription(this.options.subscription, event) || !this.options.canSee(event)) return;
    this.send(formatMessage(this.options.id, messageData(this.options.subscription, event)));
  }

  private heartbeat(): void {
    if (this.closed) return;
    if (!this.options.stillAuthorized()) {
      this.close();
      return;
    }
    this.comment('heartbeat');
  }

  private send(chunk: string): void {
    if (this.closed) return;
    if (this.options.sink.bufferedBytes() > MAX_BUFFERED_BYTES) {
      this.close();
      return;
    }
    try {
      this.options.sink.write(chunk);
    } catch {
      this.close();
    }
  }
}
