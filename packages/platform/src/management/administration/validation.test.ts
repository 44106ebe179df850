import { describe, expect, it } from 'vitest';
import { HttpError } from '../../delivery/errors.js';
import { mergePatch, parseRedirect } from './redirects.js';
import { parseRole } from './roles.js';
import { parseTag, parseTagGroup } from './tags.js';
import { checkVersion, firstVersion, nextVersion } from './versions.js';

function failure(action: () => unknown): HttpError {
  try {
    action();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

const redirect = {
  sourceDomain: '*',
  destination: '/news',
  statusCode: 301,
  appendSourcePathToDestination: false,
  match: { type: 'beginsWith', value: '/old-news' },
};

describe('roles', () => {
  it('normalises permission keys and fills assignments', () => {
    const role = parseRole(
      {
        name: ' News editors ',
        permissions: {
          ENTRIES: [{ id: 'article', languages: ['en-GB'], actions: ['view'] }],
          redirects: { actions: ['*'] },
        },
        extra: 'dropped',
      },
      'creating',
    );
    expect(role).toMatchObject({
      name: 'News editors',
      enabled: true,
      description: '',
      permissions: {
        entries: [{ id: 'article', languages: ['en-GB'], actions: ['view'] }],
        redirects: { actions: ['*'] },
      },
      assignments: { users: [], groups: [], apiKeys: [] },
    });
    expect(role.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names every problem in one 422', () => {
    const error = failure(() =>
      parseRole(
        {
          name: '',
          enabled: 'yes',
          permissions: {
            entries: { actions: ['view'] },
            redirects: [{ actions: ['view'] }],
            bogus: {},
            nodes: [{ actions: 'view' }],
          },
          assignments: { users: [1], robots: [] },
        },
        'creating',
      ),
    );
    expect(error.status).toBe(422);
    expect((error.data as { field: string }[]).map((issue) => issue.field)).toEqual([
      'name',
      'enabled',
      'permissions.entries',
      'permissions.redirects',
      'permissions.bogus',
      'permissions.nodes[0].actions',
      'assignments.robots',
      'assignments.users[0]',
    ]);
  });

  it('keeps the path id on update and refuses another', () => {
    expect(parseRole({ name: 'A' }, 'updating', 'r1').id).toBe('r1');
    expect(failure(() => parseRole({ id: 'r2', name: 'A' }, 'updating', 'r1')).status).toBe(422);
    expect(failure(() => parseRole({ name: 'x'.repeat(300) }, 'creating')).message).toContain('at most 256');
  });
});

describe('redirects', () => {
  it('accepts paths, absolute URLs, wildcard domains and compiling regexes', () => {
    expect(parseRedirect(redirect, 'creating')).toEqual(redirect);
    expect(
      parseRedirect(
        {
          ...redirect,
          sourceDomain: '*.example.ac.uk:8080',
          destination: 'https://example.com/a?b=c',
          match: { type: 'regex', value: '^/news/(\\d+)$' },
        },
        'creating',
      ).match.type,
    ).toBe('regex');
  });

  it.each([
    [{ statusCode: 308 }, 'statusCode'],
    [{ statusCode: '301' }, 'statusCode'],
    [{ appendSourcePathToDestination: 'no' }, 'appendSourcePathToDestination'],
    [{ destination: '//evil.example/x' }, 'destination'],
    [{ destination: 'javascript:alert(1)' }, 'destination'],
    [{ destination: '/a b' }, 'destination'],
    [{ sourceDomain: 'exa mple.com' }, 'sourceDomain'],
    [{ sourceDomain: '' }, 'sourceDomain'],
    [{ match: { type: 'contains', value: '/a' } }, 'match.type'],
    [{ match: { type: 'regex', value: '(' } }, 'match.value'],
    [{ match: { type: 'regex', value: `^${'a'.repeat(600)}` } }, 'match.value'],
    [{ match: { type: 'exactMatch', value: 'no-slash' } }, 'match.value'],
    [{ match: { type: 'exactMatch', value: '/a\u0001' } }, 'match.value'],
    [{ match: null }, 'match'],
  ])('refuses %j', (change, field) => {
    const error = failure(() => parseRedirect({ ...redirect, ...change }, 'creating'));
    expect(error.status).toBe(422);
    expect((error.data as { field: string }[])[0]!.field).toBe(field);
  });

  it('merges patches as RFC 7396 says', () => {
    expect(mergePatch({ a: 1, b: { c: 2, d: 3 } }, { b: { c: null, e: 4 }, f: [1] })).toEqual({
      a: 1,
      b: { d: 3, e: 4 },
      f: [1],
    });
    expect(mergePatch({ a: 1 }, [1])).toEqual([1]);
    expect(Object.getPrototypeOf(mergePatch({}, JSON.parse('{"__proto__":{"x":1}}')))).toBe(Object.prototype);
  });
});

describe('tags and tag groups', () => {
  it('validates tag groups', () => {
    expect(parseTagGroup({ id: 'topics', name: 'Topics' }, 'creating')).toEqual({
      id: 'topics',
      name: 'Topics',
      description: '',
    });
    expect(failure(() => parseTagGroup({ id: 'a b', name: '' }, 'creating')).data).toHaveLength(2);
    expect(failure(() => parseTagGroup({ id: 'other', name: 'T' }, 'updating', 'topics')).status).toBe(422);
  });

  it('matches label languages to the project spelling and refuses others', () => {
    expect(
      parseTag(
        { groupId: 'topics', value: 'transport', label: { 'en-gb': 'Transport' } },
        ['en-GB', 'cy'],
        'creating',
      ),
    ).toEqual({ groupId: 'topics', value: 'transport', label: { 'en-GB': 'Transport' } });
    const error = failure(() =>
      parseTag(
        { groupId: 'topics', value: 7, label: { fr: 'Transport', cy: '' } },
        ['en-GB', 'cy'],
        'creating',
      ),
    );
    expect((error.data as { field: string }[]).map((issue) => issue.field)).toEqual([
      'value',
      'label.fr',
      'label.cy',
    ]);
    expect(
      failure(() => parseTag({ groupId: 'topics', value: 'x', label: {} }, ['en-GB'], 'creating')).status,
    ).toBe(422);
  });

  it('numbers versions and refuses stale updates', () => {
    const first = firstVersion('2025-01-01T00:00:00.000Z', 'admin');
    const second = nextVersion(first, '2025-01-02T00:00:00.000Z', 'editor');
    expect(second).toEqual({
      versionNo: '1.1',
      created: first.created,
      createdBy: 'admin',
      modified: '2025-01-02T00:00:00.000Z',
      modifiedBy: 'editor',
    });
    expect(() => checkVersion({ version: { versionNo: '1.1' } }, second, 'tag')).not.toThrow();
    expect(() => checkVersion({}, second, 'tag')).not.toThrow();
    expect(failure(() => checkVersion({ version: { versionNo: '1.0' } }, second, 'tag')).status).toBe(422);
  });
});
