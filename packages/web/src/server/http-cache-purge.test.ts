import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpCachePurger, purgeKeysForChange } from './http-cache-purge.js';

const event = (fields: Record<string, unknown>) => ({ kind: 'event' as const, data: JSON.stringify(fields) });

describe('purgeKeysForChange', () => {
  it('purges a variation of an entry, the lists of its content type and the listings, in its language', () => {
    expect(
      purgeKeysForChange(
        event({
          projectId: 'website',
          resourceType: 'entry',
          resourceId: 'e1',
          contentTypeId: 'course',
          language: 'cy',
        }),
        'website',
      ),
    ).toEqual([
      'entry:e1:cy',
      'entry:e1:*',
      'contenttype:website/course',
      'listing:website/course:cy',
      'listing:website/course',
      'listing:website:cy',
      'listing:website',
    ]);
  });

  it("purges every language's pages of an entry when a variation is published for the first time", () => {
    const published = (fields: Record<string, unknown>) =>
      purgeKeysForChange(
        event({
          projectId: 'website',
          resourceType: 'entry',
          resourceId: 'e1',
          language: 'cy',
          event: 'published',
          ...fields,
        }),
        'website',
      );
    // The English page's switcher said the page was not in Welsh: it goes with the entry's key.
    expect(published({ newVariation: true })).toContain('entry:e1');
    // A later publish of the same variation leaves the other languages' pages alone.
    expect(published({})).not.toContain('entry:e1');
    expect(published({ newVariation: 'yes' })).not.toContain('entry:e1');
  });

  it('purges the project for an entry whose event names no language', () => {
    expect(
      purgeKeysForChange(
        event({ projectId: 'website', resourceType: 'entry', resourceId: 'e1', contentTypeId: 'course' }),
        'website',
      ),
    ).toEqual(['project:website']);
  });

  it('purges the whole project for structure and definitions, unreadable events and gaps', () => {
    for (const resourceType of ['node', 'contentType', 'component', 'asset', 'project', 'redirect', 'tag']) {
      expect(
        purgeKeysForChange(event({ projectId: 'website', resourceType, resourceId: 'x' }), 'website'),
      ).toEqual(['project:website']);
    }
    expect(purgeKeysForChange({ kind: 'event', data: 'not json' }, 'website')).toEqual(['project:website']);
    // An id no cache key can hold is not trusted into a header.
    expect(
      purgeKeysForChange(
        event({ projectId: 'website', resourceType: 'entry', resourceId: 'a b\r\nx' }),
        'website',
      ),
    ).toEqual(['project:website']);
    expect(purgeKeysForChange({ kind: 'subscribed', first: false }, 'website')).toEqual(['project:website']);
  });

  it('purges nothing for the first subscription or another project', () => {
    expect(purgeKeysForChange({ kind: 'subscribed', first: true }, 'website')).toEqual([]);
    expect(purgeKeysForChange(event({ projectId: 'intranet', resourceType: 'node' }), 'website')).toEqual([]);
  });
});

describe('createHttpCachePurger', () => {
  let server: Server | null = null;
  const received: { method: string; keys: string }[] = [];
  let failuresLeft = 0;

  afterEach(async () => {
    received.length = 0;
    failuresLeft = 0;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
  });

  async function cache(): Promise<string> {
    server = createServer((request: IncomingMessage, response) => {
      received.push({ method: request.method ?? '', keys: String(request.headers['xkey-purge']) });
      if (failuresLeft > 0) {
        failuresLeft--;
        response.writeHead(500).end();
        return;
      }
      response.writeHead(200).end('Purged 1 objects\n');
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    return `http://127.0.0.1:${port}/`;
  }

  const log = () => {
    const lines: string[] = [];
    return { lines, info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) };
  };

  it('sends the keys of one turn in one PURGE, and a project key alone', async () => {
    const purger = createHttpCachePurger({ urls: [await cache()], log: log() });
    purger.purge(['entry:e1', 'listing:website']);
    purger.purge(['entry:e2', 'entry:e1']);
    await purger.settled();
    expect(received).toEqual([{ method: 'PURGE', keys: 'entry:e1 listing:website entry:e2' }]);
    purger.purge(['entry:e3']);
    purger.purge(['project:website']);
    await purger.settled();
    expect(received[1]).toEqual({ method: 'PURGE', keys: 'project:website' });
  });

  it('retries a failed purge, then gives up with one warning', async () => {
    const url = await cache();
    failuresLeft = 1;
    const first = createHttpCachePurger({ urls: [url], log: log(), retryDelaysMs: [10] });
    first.purge(['entry:e1']);
    await first.settled();
    expect(received.map((call) => call.keys)).toEqual(['entry:e1', 'entry:e1']);

    failuresLeft = 5;
    const warned = log();
    const second = createHttpCachePurger({ urls: [url], log: warned, retryDelaysMs: [10, 10] });
    second.purge(['entry:e2']);
    await second.settled();
    expect(received).toHaveLength(5);
    expect(warned.lines).toHaveLength(1);
    expect(warned.lines[0]).toMatch(/could not purge entry:e2 at .* answered 500/);
  });
});
