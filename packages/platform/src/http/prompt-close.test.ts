import { Agent, get, type IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../config.js';
import { startDemoPlatform } from '../test-support/platform-fixture.js';
import { postToken } from '../test-support/token-requests.js';
import { closePromptly } from './prompt-close.js';

/** Resolves once `close()` has reached the HTTP server (it has swept the idle connections then). */
async function stoppedListening(server: FastifyInstance): Promise<void> {
  while (server.server.listening) await new Promise((resolve) => setImmediate(resolve));
}

// Without these, close() waited for the client to drop its kept-alive connection: about 71 s
// for fetch (undici), past any test timeout, which is how these tests fail.
describe('stopping while a request is in flight', () => {
  it('answers a sign-in the throttle holds when the platform stops, and closes right after', async () => {
    let held!: () => void;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    let release!: () => void;
    const platform = await startDemoPlatform({
      // Every failed attempt is delayed; the delay lasts until the test releases it.
      signInThrottle: { pair: { freeFailures: 0 } },
      sleep: () =>
        new Promise<void>((resolve) => {
          release = resolve;
          held();
        }),
    });
    const member = DEMO_ACCOUNTS.find((account) => account.username === 'member')!;
    // The site's way of asking: fetch, which keeps the connection for the next sign-in.
    const answer = postToken(platform.origin, {
      grant_type: 'contensis_classic',
      username: member.username,
      password: 'not-the-password',
    });
    await holding;
    const closed = platform.close();
    await stoppedListening(platform.server);
    release();
    const { status, headers } = await answer;
    expect(status).toBe(400);
    expect(headers.get('connection')).toBe('close');
    await closed;
  });

  it('closes a kept-alive connection whose answer began before close', async () => {
    const server = Fastify();
    closePromptly(server);
    const body = new PassThrough();
    server.get('/slow', (_request, reply) => reply.send(body));
    await server.listen({ port: 0, host: '127.0.0.1' });
    const agent = new Agent({ keepAlive: true });
    try {
      const { port } = server.server.address() as { port: number };
      const response = new Promise<IncomingMessage>((resolve, reject) => {
        get({ host: '127.0.0.1', port, path: '/slow', agent }, resolve).on('error', reject);
      });
      body.write('begun, ');
      const answer = await response;
      const text = new Promise<string>((resolve, reject) => {
        let all = '';
        answer.on('data', (chunk: Buffer) => {
          all += chunk.toString();
        });
        answer.on('end', () => resolve(all));
        answer.on('error', reject);
      });
      const closed = server.close();
      await stoppedListening(server);
      body.end('then finished');
      expect(await text).toBe('begun, then finished');
      expect(answer.headers.connection).toBe('keep-alive');
      await closed;
    } finally {
      agent.destroy();
    }
  });
});
