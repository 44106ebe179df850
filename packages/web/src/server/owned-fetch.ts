import { Agent, fetch as undiciFetch } from 'undici';
import { closedConnectionNotice, mayRetryClosedConnection } from './stale-connection.js';

/** A `fetch` whose connections belong to its owner, who can end them all. */
export interface OwnedFetch {
  readonly fetch: typeof fetch;
  /** Ends every connection it opened, in use or not. */
  destroy(): void;
}

/** Options of {@link createOwnedFetch}. */
export interface OwnedFetchOptions {
  /**
   * Milliseconds an idle connection is kept for the next call (default 1 000), whatever the
   * server's `Keep-Alive: timeout=N` says (Fastify says 72 s): a call written into a kept
   * connection that a proxy on the way closed while idle fails unanswered.
   */
  keepAliveMs?: number;
  /** Where a call sent again is reported (see {@link createOwnedFetch}). */
  log?: { warn(message: string): void };
}

/**
 * A `fetch` (undici's, the implementation behind Node's global one) on a connection pool of
 * its own, which {@link OwnedFetch.destroy} closes whole.
 *
 * Why not the global `fetch`: its shared pool opens a spare connection to the origin whenever
 * a streamed response is aborted and keeps it, never used, until the server drops it. A
 * long-lived event stream that is closed and reopened would leave those behind and hold up
 * the platform's graceful shutdown; a private pool can simply be destroyed. And it keeps idle
 * connections as long as the server says (Fastify: 72 s), longer than a proxy on the way may.
 *
 * Idle connections are kept `keepAliveMs` at most. A GET or HEAD whose connection was closed
 * under it before any answer is sent once more on a new connection of its own and reported to
 * `log` (see {@link mayRetryClosedConnection}), and so is a delivery search sent as POST
 * whose body is in memory (what the delivery proxy forwards); nothing else is sent twice.
 *
 * @example
 * const owned = createOwnedFetch({ keepAliveMs: 4_000, log: app.log });
 * const response = await owned.fetch('http://127.0.0.1:3001/api/delivery/projects/website', { signal });
 * owned.destroy();
 */
export function createOwnedFetch(options: OwnedFetchOptions = {}): OwnedFetch {
  const { agent, freshAgent, destroy } = connectionPools(options.keepAliveMs ?? 1_000);
  const send = (input: RequestInfo | URL, init: RequestInit, dispatcher: Agent) =>
    // undici's RequestInit and Response are the runtime's own; only their TypeScript
    // declarations differ from the DOM's, hence the casts.
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    }) as unknown as Promise<Response>;
  const ownedFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    try {
      // fetch settles with the status line, so a rejection here means no answer arrived.
      return await send(input, init, agent);
    } catch (error) {
      const request = input instanceof Request ? input : null;
      const method = init.method ?? request?.method ?? 'GET';
      const url = request?.url ?? String(input);
      // The address lets a delivery search sent as POST go again, but only with a body that
      // can be sent twice: one in memory, not a stream the first attempt has read.
      const again = request?.body || !resendable(init.body) ? undefined : url;
      if (!mayRetryClosedConnection(method, error, init.signal ?? request?.signal, again)) throw error;
      options.log?.warn(closedConnectionNotice(method, url, error));
      return send(input, init, freshAgent);
    }
  };
  return { fetch: ownedFetch as typeof fetch, destroy };
}

/** Whether a request body can be sent a second time as it is: none, text or bytes in memory. */
function resendable(body: RequestInit['body']): boolean {
  return (
    body === undefined ||
    body === null ||
    typeof body === 'string' ||
    body instanceof Uint8Array ||
    body instanceof ArrayBuffer ||
    body instanceof URLSearchParams
  );
}

/**
 * The two pools of a fetch that sends a call again when its kept connection was closed under
 * it: `agent` keeps idle connections `keepAliveMs` at most, whatever the server's
 * `Keep-Alive: timeout=N` asks (keepAliveMaxTimeout caps the hint, keepAliveTimeout applies
 * without one); `freshAgent` gives a call sent again a connection of its own (pipelining 0:
 * closed after its answer), never another kept one that may have gone stale with the first.
 * `destroy` ends both.
 *
 * @example
 * const { agent, freshAgent, destroy } = connectionPools(4_000);
 */
export function connectionPools(keepAliveMs: number): {
  agent: Agent;
  freshAgent: Agent;
  destroy: () => void;
} {
  const agent = new Agent({ keepAliveTimeout: keepAliveMs, keepAliveMaxTimeout: keepAliveMs });
  const freshAgent = new Agent({ pipelining: 0 });
  return {
    agent,
    freshAgent,
    destroy: () => {
      for (const pool of [agent, freshAgent]) {
        void pool.destroy().catch(() => {
          // Already destroyed or closing: nothing left to end.
        });
      }
    },
  };
}
