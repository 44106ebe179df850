import type { FastifyInstance } from 'fastify';

/**
 * Lets `close()` end as soon as the requests in flight are answered, instead of up to the
 * keep-alive timeout (72 s) later.
 *
 * Fastify closes the keep-alive connections that are idle when `close()` starts, once. A
 * connection that is still answering a request then goes back to keep-alive after its answer
 * and holds `close()` open until the client or the keep-alive timeout drops it: a browser or a
 * cache in front of the site may keep it that long. So while the server is closing, answers
 * say `Connection: close` (the client does not reuse the connection and Node ends it after the
 * answer), and every finished answer sweeps the connections that have become idle (an answer
 * whose headers left before `close()` started). Requests in flight still get their whole
 * answer. (The platform server does the same.)
 *
 * @example
 * const server = Fastify();
 * closePromptly(server);
 */
export function closePromptly(server: FastifyInstance): void {
  let closing = false;
  server.addHook('preClose', async () => {
    closing = true;
  });
  server.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  server.addHook('onResponse', async () => {
    // After Node has finished with the answer's socket, so the connection counts as idle.
    if (closing) setImmediate(() => server.server.closeIdleConnections());
  });
}
