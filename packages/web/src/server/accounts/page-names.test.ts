import { ApiError, type Client, type ManagementClient } from '@canopy/client';
import { describe, expect, it } from 'vitest';
import { createPageNames } from './page-names.js';

const refusal = (status: number, entryId?: string) =>
  new ApiError({
    status,
    statusText: status === 401 ? 'Unauthorized' : 'Forbidden',
    url: 'http://platform.test/nodes',
    data: { message: 'restricted', data: entryId ? { entryId, projectId: 'website' } : {} },
  });

/** A delivery client whose node lookups answer from a table (a thrown value is a failure). */
function delivery(nodes: Record<string, unknown>, calls: string[] = []): () => Client {
  const client = {
    nodes: {
      get: async ({ path }: { path: string }) => {
        calls.push(path);
        const found = nodes[path];
        if (found instanceof Error) throw found;
        if (!found) throw new ApiError({ status: 404, statusText: 'Not Found', url: path, data: {} });
        return found;
      },
    },
  };
  // Only `nodes.get` is used by the names.
  return () => client as unknown as Client;
}

function siteClient(entries: Record<string, unknown>, asked: unknown[] = []): () => ManagementClient {
  const client = {
    entries: {
      get: async (options: { id: string; versionStatus?: string }) => {
        asked.push(options);
        const found = entries[options.id];
        if (!found) throw new ApiError({ status: 404, statusText: 'Not Found', url: options.id, data: {} });
        return found;
      },
    },
  };
  // Only `entries.get` is used by the names.
  return () => client as unknown as ManagementClient;
}

describe('page names', () => {
  it('names a public page by its entry title, else its node name', async () => {
    const names = createPageNames({
      delivery: delivery({
        '/about': { displayName: 'about', entry: { entryTitle: 'About the university' } },
        '/folder': { displayName: 'A folder', entry: null },
      }),
      siteClient: () => null,
    });
    await expect(names.titleOf('/about')).resolves.toBe('About the university');
    await expect(names.titleOf('/folder')).resolves.toBe('A folder');
    await expect(names.titleOf('/nothing-here')).resolves.toBeNull();
  });

  it('names a restricted page by its published title, read with the site client', async () => {
    const asked: unknown[] = [];
    const names = createPageNames({
      delivery: delivery({ '/members': refusal(401, 'e-members'), '/staff': refusal(403, 'e-staff') }),
      siteClient: siteClient(
        { 'e-members': { entryTitle: 'Members area' }, 'e-staff': { entryTitle: 'Staff intranet' } },
        asked,
      ),
    });
    await expect(names.titleOf('/members')).resolves.toBe('Members area');
    await expect(names.titleOf('/staff')).resolves.toBe('Staff intranet');
    expect(asked).toEqual([
      { id: 'e-members', versionStatus: 'published' },
      { id: 'e-staff', versionStatus: 'published' },
    ]);
  });

  it('names nothing when the platform fails, names no entry, or the site has no client', async () => {
    const failing = createPageNames({
      delivery: delivery({
        '/down': new ApiError({ status: 503, statusText: 'Service Unavailable', url: '/down', data: {} }),
        '/anonymous-refusal': refusal(401),
        '/gone': refusal(401, 'e-gone'),
        '/boom': new TypeError('fetch failed'),
      }),
      siteClient: siteClient({}),
    });
    for (const path of ['/down', '/anonymous-refusal', '/gone', '/boom']) {
      await expect(failing.titleOf(path), path).resolves.toBeNull();
    }
    const clientless = createPageNames({
      delivery: delivery({ '/members': refusal(401, 'e-members') }),
      siteClient: () => null,
    });
    await expect(clientless.titleOf('/members')).resolves.toBeNull();
  });

  it('keeps a title for a minute per path, and at most the set number of paths', async () => {
    const calls: string[] = [];
    let now = 0;
    const names = createPageNames({
      delivery: delivery(
        {
          '/a': { displayName: 'a', entry: { entryTitle: 'A' } },
          '/b': { displayName: 'b', entry: { entryTitle: 'B' } },
        },
        calls,
      ),
      siteClient: () => null,
      maxKept: 1,
      now: () => now,
    });
    await names.titleOf('/a');
    await names.titleOf('/a');
    expect(calls).toEqual(['/a']);
    now = 60_001;
    await names.titleOf('/a');
    expect(calls).toEqual(['/a', '/a']);
    await names.titleOf('/b');
    await names.titleOf('/a');
    expect(calls).toEqual(['/a', '/a', '/b', '/a']);
  });
});
