import { Agent, fetch as undiciFetch } from 'undici';

/** A `fetch` whose connections belong to its owner, who can end them all. */
export interface OwnedFetch {
  readonly fetch: typeof fetch;
  /** Ends every connection it opened, in use or not. */
  destroy(): void;
}

/**
 * A `fetch` (undici's, the implementation behind Node's global one) on a connection pool of
 * its own, which {@link OwnedFetch.destroy} closes whole.
 *
 * Why not the global `fetch`: its shared pool opens a spare connection to the origin whenever
 * a streamed response is aborted and keeps it, never used, until the server drops it. A
 * long-lived event stream that is closed and reopened would leave those behind and hold up
 * the platform's graceful shutdown; a private pool can simply be destroyed.
 *
 * @example
 * const owned = createOwnedFetch();
 * const response = await owned.fetch('http://127.0.0.1:3001/api/delivery/projects/website', { signal });
 * owned.destroy();
 */
export function createOwnedFetch(): OwnedFetch {
  // Idle connections kept a second at most, whatever the server's Keep-Alive hint says
  // (Fastify says 72 s): a call written into one that a proxy on the way closed while idle
  // fails unanswered (docs/web.md, "Connections to the platform").
  const agent = new Agent({ keepAliveTimeout: 1_000, keepAliveMaxTimeout: 1_000 });
  const ownedFetch = (input: RequestInfo | URL, init: RequestInit = {}) =>
    // undici's RequestInit and Response are the runtime's own; only their TypeScript
    // declarations differ from the DOM's, hence the casts.
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher: agent,
    }) as unknown as Promise<Response>;
  return {
    fetch: ownedFetch as typeof fetch,
    destroy: () => {
      void agent.destroy().catch(() => {
        // Already destroyed or closing: nothing left to end.
      });
    },
  };
}
