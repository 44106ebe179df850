import { Agent, get, type IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { DEMO_ACCOUNTS } from '@canopy/platform';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createSiteRenderer } from '../render/renderer.js';
import { CookieJar, csrfTokenOf } from '../test-support/cookie-jar.js';
import { fixtureSite } from '../test-support/fixture-site.js';
import { httpGet } from '../test-support/http.js';
import { DELIVERY_TOKEN, PROJECT_ID, startTestPlatform } from '../test-support/platform.js';
import { closePromptly } from './prompt-close.js';
import { DEMO_HOSTS } from './site-hosts.js';
import { startSiteServer } from './site-server.js';

/** Resolves once `close()` has reached the HTTP server (it has swept the idle connections then). */
async function stoppedListening(server: FastifyInstance): Promise<void> {
  while (server.server.listening) await new Promise((resolve) => setImmediate(resolve));
}

// Clients here keep their connections as a browser does (no idle timeout of their own). Before,
// close() then waited for the server's 72 s keep-alive timeout, past the test timeout.
describe('stopping the site while a request is in flight', () => {
  it('answers a visitor whose sign-in is still running, and closes right after', async () => {
    let held!: () => void;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    let release!: () => void;
    const platform = await startTestPlatform({
      accounts: true,
      server: {
        // Every failed attempt is delayed; the delay lasts until the test releases it.
        signInThrottle: { pair: { freeFailures: 0 } },
        sleep: () =>
          new Promise<void>((resolve) => {
            release = resolve;
            held();
          }),
      },
    });
    const site = await startSiteServer({
      renderer: createSiteRenderer(fixtureSite),
      platformUrl: platform.url,
      hosts: DEMO_HOSTS,
      projectId: PROJECT_ID,
      deliveryToken: DELIVERY_TOKEN,
      // No API client: the site's own sign-in (redirects) would be held too.
      contentChanges: false,
      sessionSecret: 'prompt-close-session-secret-0123456789',
      port: 0,
      logger: false,
    });
    const agent = new Agent({ keepAlive: true });
    try {
      const jar = new CookieJar();
      const page = await httpGet(site.url, '/account/login', { agent });
      jar.take(page.headers);
      const member = DEMO_ACCOUNTS.find((account) => account.username === 'member')!;
      const signIn = httpGet(site.url, '/account/login', {
        agent,
        method: 'POST',
        body: JSON.stringify({ username: member.username, password: 'not-the-password' }),
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': csrfTokenOf(page.body),
          ...jar.header(),
        },
      });
      await holding;
      const closed = site.close();
      await stoppedListening(site.app);
      release();
      const answer = await signIn;
      expect(answer.status).toBe(401);
      expect(answer.headers.connection).toBe('close');
      await closed;
    } finally {
      agent.destroy();
      await platform.dispose();
    }
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
