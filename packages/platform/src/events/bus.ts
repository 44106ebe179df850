/**
 * Something that changed on the platform, published after the write's transaction commits.
 * The event stream (`P/events/sse/stream`) filters these by topic; the vocabulary follows the
 * contract's webhook/event-stream resource types and events (§4.2).
 */
export interface PlatformEvent {
  projectId: string;
  /** `entry`, `asset`, `contentType`, `component`, `node`, `redirect`, `tag`, `tagGroup`, `role`, `project`. */
  resourceType: string;
  /** `created`, `updated`, `deleted`, `published`, `unpublished`, `archived`, … */
  event: string;
  resourceId: string;
  contentTypeId?: string;
  language?: string;
  /** Workflow state after the write (entries). */
  workflowState?: string;
  /** Workflow event that caused the write (entries), e.g. `publish`. */
  workflowEvent?: string;
  /**
   * `true` on the `published` event of a variation that had no published version before: a
   * language the entry is now delivered in, which pages in its other languages (their
   * language switchers) must learn of. Absent otherwise.
   */
  newVariation?: boolean;
  /** Owner of the resource (entries). */
  owner?: string;
  /** The resource after the write (before, for deletes): what templates read as `resource`. */
  resource: unknown;
  /** Username or API client name of whoever made the change. */
  actor: string;
  /** ISO 8601 time of the change. */
  timestamp: string;
  /**
   * A platform-wide event (its `projectId` is empty) that every project's stream announces to
   * subscribers whose topics match. Only events whose data is fit for any subscriber set it
   * (users' sessions ending: an id, nothing else); other account events reach no stream.
   */
  everyProject?: boolean;
}

/** A subscriber; it must not throw (errors are caught and dropped so one bad listener cannot block writes). */
export type PlatformEventListener = (event: PlatformEvent) => void;

/**
 * In-process publish/subscribe for {@link PlatformEvent}s. One per server. Writers publish
 * after commit, so a subscriber never sees a change that was rolled back.
 *
 * @example
 * const bus = new EventBus();
 * const stop = bus.subscribe((event) => console.log(event.resourceType, event.event));
 * bus.publish({ projectId: 'website', resourceType: 'entry', event: 'updated', … });
 * stop();
 */
export class EventBus {
  private readonly listeners = new Set<PlatformEventListener>();

  /** Registers a listener; returns the function that removes it. */
  subscribe(listener: PlatformEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Delivers an event to every listener, synchronously. */
  publish(event: PlatformEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A failing subscriber (e.g. a closed stream) must not undo or block the write.
      }
    }
  }

  /** How many listeners are attached (for tests and health output). */
  get size(): number {
    return this.listeners.size;
  }
}
