import { connect } from 'node:net';

/** What a server did with a request whose body never finished. */
export interface SlowBodyOutcome {
  /** Everything the server wrote back (latin1). */
  answer: string;
  /** Milliseconds from sending the head until the server closed the connection. */
  closedAfterMs: number;
}

/**
 * Sends a request head with `Transfer-Encoding: chunked`, one chunk header announcing 2 GiB
 * and a few bytes of it, then nothing more: resolves once the server closes the connection
 * (a server without a time budget never does, and the test times out). The socket is ended
 * from this side after `giveUpMs` so a failing test leaves nothing open.
 *
 * @example
 * const { answer } = await neverFinishingBody(port, 'POST', '/account/login', 'application/json');
 * expect(answer).toMatch(/^HTTP\/1\.1 408 /);
 */
export function neverFinishingBody(
  port: number,
  method: string,
  target: string,
  contentType: string,
  extraHeaders: readonly string[] = [],
  giveUpMs = 60_000,
): Promise<SlowBodyOutcome> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let answer = '';
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    // The server may reset the connection as it closes it: still an outcome, not a failure.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
    socket.write(
      [
        `${method} ${target} HTTP/1.1`,
        'Host: 127.0.0.1',
        `Content-Type: ${contentType}`,
        'Transfer-Encoding: chunked',
        ...extraHeaders,
        '',
        // 0x80000000 bytes: 2 GiB, of which a few are sent.
        '80000000',
        '{"a":',
      ].join('\r\n'),
    );
  });
}
