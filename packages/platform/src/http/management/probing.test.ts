import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';
import { issueTestToken } from '../../test-support/tokens.js';

// A caller who may not make a call gets 403 whether or not the id (or project) exists, so write
// routes cannot be used to find out which ids exist. A caller who may make it still gets 404
// for an id that does not exist.
let platform: RunningPlatform;
let memberToken: string;
let siteToken: string;
let adminToken: string;
const existing: Record<string, string> = {};
const MISSING = '00000000-0000-4000-8000-00000000beef';

beforeAll(async () => {
  platform = await startDemoPlatform();
  memberToken = issueTestToken(platform.db, 'member');
  siteToken = issueTestToken(platform.db, { clientId: 'canopy-website' });
  adminToken = issueTestToken(platform.db, 'admin');
  const first = (sql: string) => (platform.db.prepare(sql).get('website') as { id: string }).id;
  existing.entry = first('SELECT entry_id AS id FROM entry_versions WHERE project_id = ? LIMIT 1');
  existing.node = first('SELECT id FROM nodes WHERE project_id = ? AND parent_id IS NOT NULL LIMIT 1');
  existing.contentType = first('SELECT id FROM content_types WHERE project_id = ? LIMIT 1');
  existing.role = first('SELECT id FROM roles WHERE project_id = ? LIMIT 1');
  const adminPost = async (path: string, body: unknown) => {
    const response = await fetch(`${platform.origin}/api/management/projects/website${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: string };
  };
  existing.redirect = (
    await adminPost('/redirects', {
      sourceDomain: '*',
      destination: '/probe-new',
      statusCode: 301,
      appendSourcePathToDestination: false,
      match: { type: 'exactMatch', value: '/probe-old' },
    })
  ).id;
  existing.tagGroup = (await adminPost('/taggroups', { id: 'probeGroup', name: 'Probe group' })).id;
  existing.tag = (
    await adminPost('/tags', { groupId: 'probeGroup', value: 'probe', label: { 'en-GB': 'Probe' } })
  ).id;
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

type Route = [method: string, path: string, kind: string, body?: unknown];

const P = '/api/management/projects/website';
const ROUTES: Route[] = [
  ['PUT', `${P}/entries/{id}`, 'entry', { entryTitle: 'x' }],
  ['DELETE', `${P}/entries/{id}`, 'entry'],
  ['POST', `${P}/entries/{id}/workflow/events`, 'entry', { event: 'publish' }],
  ['PUT', `${P}/nodes/{id}`, 'node', { displayName: { 'en-GB': 'x' } }],
  ['DELETE', `${P}/nodes/{id}`, 'node'],
  ['POST', `${P}/nodes/{id}/children`, 'node', { displayName: { 'en-GB': 'x' }, slug: { 'en-GB': 'x' } }],
  ['PUT', `${P}/nodes/{id}/parentId`, 'node', JSON.stringify('x')],
  ['PUT', `${P}/nodes/{id}/children/order`, 'node', []],
  ['PUT', `${P}/contenttypes/{id}`, 'contentType', { name: { 'en-GB': 'x' } }],
  ['DELETE', `${P}/contenttypes/{id}`, 'contentType'],
  ['POST', `${P}/contenttypes/{id}/workflow/events`, 'contentType', { event: 'publish', version: '1.0' }],
  ['PATCH', `${P}/redirects/{id}`, 'redirect', { destination: '/x' }],
  ['DELETE', `${P}/redirects/{id}`, 'redirect'],
  ['PUT', `${P}/tags/{id}`, 'tag', { value: 'x' }],
  ['DELETE', `${P}/tags/{id}`, 'tag'],
  ['PUT', `${P}/taggroups/{id}`, 'tagGroup', { name: 'x' }],
  ['DELETE', `${P}/taggroups/{id}`, 'tagGroup'],
  ['PUT', `${P}/security/roles/{id}`, 'role', { name: 'x' }],
  ['DELETE', `${P}/security/roles/{id}`, 'role'],
];

async function status(token: string, method: string, path: string, body?: unknown): Promise<number> {
  const response = await fetch(`${platform.origin}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('permission before existence on management writes', () => {
  it.each(ROUTES)(
    '%s %s: 403 for a member and the site client, for existing and missing ids alike',
    async (method, path, kind, body) => {
      const at = (id: string) => path.replace('{id}', id);
      for (const token of [memberToken, siteToken]) {
        expect(await status(token, method, at(existing[kind]!), body)).toBe(403);
        expect(await status(token, method, at(MISSING), body)).toBe(403);
        // Another project: nothing to learn about whether it exists either.
        const elsewhere = at(MISSING).replace('/projects/website/', '/projects/no-such-project/');
        expect(await status(token, method, elsewhere, body)).toBe(403);
      }
    },
  );

  it('answers 403 before 404 on project writes and event streams too', async () => {
    for (const [method, path] of [
      ['PUT', '/api/management/projects/no-such-project'],
      ['DELETE', '/api/management/projects/no-such-project'],
      ['POST', '/api/management/projects/no-such-project/events/sse/stream'],
      ['POST', '/api/management/projects/no-such-project/entries'],
    ] as const) {
      expect(await status(memberToken, method, path, { topics: ['x'] })).toBe(403);
    }
  });

  it('answers 403 before 404 on reads a member may not make', async () => {
    for (const path of [
      '/api/management/projects/no-such-project',
      '/api/management/projects/no-such-project/tags',
      `${P}/entries/${MISSING}`,
      `${P}/nodes/${MISSING}`,
      `${P}/security/roles/${MISSING}`,
    ]) {
      expect(await status(memberToken, 'GET', path)).toBe(403);
    }
  });

  it('still answers 404 for a missing id to a caller who may make the call', async () => {
    const editorToken = issueTestToken(platform.db, 'editor');
    expect(await status(editorToken, 'DELETE', `${P}/entries/${MISSING}`)).toBe(404);
    expect(await status(editorToken, 'DELETE', `${P}/nodes/${MISSING}`)).toBe(404);
    expect(await status(adminToken, 'DELETE', `${P}/security/roles/${MISSING}`)).toBe(404);
    expect(await status(adminToken, 'DELETE', '/api/management/projects/no-such-project')).toBe(404);
  });
});
