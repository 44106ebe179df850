/** Limits of page admission (`SiteServerOptions.overload`). */
export interface OverloadOptions {
  /** Pages loaded and rendered at once (default 64). */
  maxConcurrentPages?: number;
  /** Pages waiting for a slot; past this a page is refused at once (default 256). */
  maxQueuedPages?: number;
  /** Longest a page waits for a slot before it is refused (default 1000 ms). */
  maxQueueWaitMs?: number;
  /** `Retry-After` of a refused page, in seconds (default 5). */
  retryAfterSeconds?: number;
  /**
   * Longest a page may take under load, from its arrival (queue wait included) until it is
   * rendered and its answer starts: past it, while every slot is taken or pages are waiting,
   * the render is abandoned and the visitor gets the page's kept copy, else a 503 like a
   * refused page (default 5000 ms; 0 waits as long as the render takes). A slow page on a
   * process with room to spare (a cold start, a slow platform answer) is still waited for.
   */
  maxPageMs?: number;
}

/** The defaults of {@link OverloadOptions}. */
export const DEFAULT_OVERLOAD: Required<OverloadOptions> = {
  maxConcurrentPages: 64,
  maxQueuedPages: 256,
  maxQueueWaitMs: 1000,
  retryAfterSeconds: 5,
  maxPageMs: 5000,
};

/** Frees the slot a page held; call it once, when the answer is complete. */
export type Release = () => void;

/** What the gate has done since it was made (for the heartbeat and the logs). */
export interface AdmissionStats {
  active: number;
  queued: number;
  refused: number;
}

/**
 * A bounded number of pages at once, a bounded queue behind them, and a bounded wait in it:
 * when more arrive than the process can serve, the excess is refused immediately (queue full)
 * or after at most `maxQueueWaitMs`, so a visitor gets a quick 503 with `Retry-After` instead
 * of a response that takes many seconds or never comes. Admission is first come, first served.
 *
 * @example
 * const gate = new AdmissionGate({ maxConcurrentPages: 2, maxQueuedPages: 0 });
 * const release = await gate.enter();
 * if (!release) return refuse();
 * try { await renderPage(); } finally { release(); }
 */
export class AdmissionGate {
  readonly #limits: Required<OverloadOptions>;
  readonly #queue: { admit: (release: Release | null) => void; timer: NodeJS.Timeout }[] = [];
  #active = 0;
  #refused = 0;

  constructor(options: OverloadOptions = {}) {
    this.#limits = { ...DEFAULT_OVERLOAD, ...options };
    for (const [name, value] of Object.entries(this.#limits)) {
      if (!Number.isInteger(value) || value < 0)
        throw new RangeError(`overload.${name} must be a whole number ≥ 0`);
    }
    if (this.#limits.maxConcurrentPages < 1)
      throw new RangeError('overload.maxConcurrentPages must be at least 1');
  }

  /** The limits in force. */
  get limits(): Readonly<Required<OverloadOptions>> {
    return this.#limits;
  }

  /** How busy the gate is. */
  get stats(): AdmissionStats {
    return { active: this.#active, queued: this.#queue.length, refused: this.#refused };
  }

  /** Whether every slot is taken or a page is waiting for one: the process is at its limit. */
  get saturated(): boolean {
    return this.#active >= this.#limits.maxConcurrentPages || this.#queue.length > 0;
  }

  /** A slot (resolve with its release) or a refusal (`null`). */
  enter(): Promise<Release | null> {
    if (this.#active < this.#limits.maxConcurrentPages) return Promise.resolve(this.#take());
    if (this.#queue.length >= this.#limits.maxQueuedPages) return Promise.resolve(this.#refuse());
    return new Promise((resolve) => {
      const waiter = {
        admit: resolve,
        timer: setTimeout(() => {
          const index = this.#queue.indexOf(waiter);
          if (index !== -1) this.#queue.splice(index, 1);
          resolve(this.#refuse());
        }, this.#limits.maxQueueWaitMs),
      };
      this.#queue.push(waiter);
    });
  }

  #take(): Release {
    this.#active += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#active -= 1;
      const next = this.#queue.shift();
      if (next) {
        clearTimeout(next.timer);
        next.admit(this.#take());
      }
    };
  }

  #refuse(): null {
    this.#refused += 1;
    return null;
  }
}
