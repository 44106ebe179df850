import { describe, expect, it } from 'vitest';
import { HttpError } from '../delivery/errors.js';
import { GroupGraph } from './group-graph.js';
import { applyGroupUpdate, parseNewGroup } from './group-input.js';
import { applyUserPatch, parseNewUser, passwordProblems } from './user-input.js';
import { storedUserData } from './user-model.js';
import { mergePatch, ValidationFailure } from './validation.js';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const options = { id: 'u1', now: NOW, suspended: false, forcePasswordReset: false };

function thrown(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('Expected an HttpError');
}

describe('parseNewUser', () => {
  it('builds a complete user, username defaulting to the (trimmed) email', () => {
    const { user, password } = parseNewUser(
      {
        email: ' sam@acme.example ',
        credentials: { password: 'long enough' },
        status: { suspended: true },
        id: 'x',
      },
      { ...options, forcePasswordReset: true },
    );
    expect(password).toBe('long enough');
    expect(user).toMatchObject({
      id: 'u1',
      username: 'sam@acme.example',
      email: 'sam@acme.example',
      status: { suspended: false, locked: false, passwordResetRequired: true },
      created: '2026-03-10T12:00:00.000Z',
      expiry: null,
    });
    expect(JSON.stringify(user)).not.toContain('long enough');
  });

  it('collects policy problems as one 422 and shape problems as 400s', () => {
    const failure = thrown(() =>
      parseNewUser(
        {
          username: 'abc',
          email: 'abc@acme.example',
          expiry: '2020-01-01',
          credentials: { password: 'abc' },
        },
        options,
      ),
    );
    expect(failure).toBeInstanceOf(ValidationFailure);
    expect((failure as ValidationFailure).problems.map((problem) => problem.field)).toEqual([
      'credentials.password',
      'credentials.password',
      'expiry',
    ]);
    expect(thrown(() => parseNewUser({ email: 'a@b.c' }, options)).status).toBe(400);
    expect(
      thrown(() => parseNewUser({ email: 'a@b', credentials: { password: 'long enough' } }, options)).status,
    ).toBe(400);
    expect(
      thrown(() =>
        parseNewUser(
          { email: 'a@b.c', custom: { big: 'x'.repeat(40_000) }, credentials: { password: 'long enough' } },
          options,
        ),
      ).status,
    ).toBe(400);
  });
});

describe('applyUserPatch', () => {
  const { user } = parseNewUser(
    { email: 'sam@acme.example', custom: { a: 1, b: { c: 2 } }, credentials: { password: 'long enough' } },
    options,
  );

  it('merges only what is given', () => {
    const next = applyUserPatch(user, { firstName: 'Sam', custom: { a: null, b: { d: 3 } } }, NOW + 1000);
    expect(next.firstName).toBe('Sam');
    expect(next.custom).toEqual({ b: { c: 2, d: 3 } });
    expect(next.modified).toBe('2026-03-10T12:00:01.000Z');
    expect(user.custom).toEqual({ a: 1, b: { c: 2 } });
  });

  it('accepts an unchanged past expiry sent back but refuses a new past one', () => {
    const expired = { ...user, expiry: '2020-01-01T00:00:00.000Z' };
    expect(applyUserPatch(expired, { expiry: '2020-01-01T00:00:00Z' }, NOW).expiry).toBe(
      '2020-01-01T00:00:00.000Z',
    );
    expect(thrown(() => applyUserPatch(expired, { expiry: '2021-01-01' }, NOW)).status).toBe(422);
    expect(applyUserPatch(expired, { expiry: null }, NOW).expiry).toBeNull();
  });
});

describe('passwordProblems', () => {
  it('wants 8 characters and neither the username nor the email', () => {
    const who = { username: 'Samuel123', email: 'sam@acme.example' };
    expect(passwordProblems('long enough', who, 'new')).toEqual([]);
    expect(passwordProblems('samuel123', who, 'new')).toHaveLength(1);
    expect(passwordProblems('SAM@acme.example', who, 'new')).toHaveLength(1);
    expect(passwordProblems('short', who, 'new')).toHaveLength(1);
  });
});

describe('storedUserData', () => {
  it('keeps what others stored and never a password', () => {
    const { user } = parseNewUser(
      { email: 'sam@acme.example', credentials: { password: 'long enough' } },
      options,
    );
    const stored = storedUserData(
      { lockoutEnd: 'x', status: { lockedUntil: 5 }, credentials: { password: 'leaked', extra: 1 } },
      user,
    );
    expect(stored).toMatchObject({ lockoutEnd: 'x', status: { lockedUntil: 5, suspended: false } });
    expect(stored.credentials).toEqual({ extra: 1, ...user.credentials });
  });
});

describe('groups', () => {
  it('creates contensis groups by default and protects built-in ones', () => {
    const group = parseNewGroup({ name: ' News ', type: 'External' }, 'g1', NOW);
    expect(group).toMatchObject({ name: 'News', type: 'external', description: '', custom: {} });
    const sys = { ...group, name: 'System Administrators', type: 'sys' };
    expect(thrown(() => applyGroupUpdate(sys, { name: 'Admins' }, NOW)).status).toBe(422);
    expect(
      applyGroupUpdate(sys, { name: 'System Administrators', description: 'All' }, NOW).description,
    ).toBe('All');
    expect(thrown(() => applyGroupUpdate(group, { type: 'sys' }, NOW)).status).toBe(422);
    expect(applyGroupUpdate(group, { description: null, custom: null }, NOW)).toMatchObject({
      description: '',
      custom: {},
    });
  });

  it('detects cycles and exclusions in the group graph', () => {
    const graph = new GroupGraph([
      { parentId: 'a', childId: 'b' },
      { parentId: 'b', childId: 'c' },
      { parentId: 'x', childId: 'c' },
    ]);
    expect([...graph.descendants('a')].sort()).toEqual(['b', 'c']);
    expect(graph.wouldCycle('c', 'a')).toBe(true);
    expect(graph.wouldCycle('a', 'a')).toBe(true);
    expect(graph.wouldCycle('x', 'a')).toBe(false);
    expect([...graph.excluded(['b'])].sort()).toEqual(['b', 'c']);
  });
});

describe('mergePatch', () => {
  it('follows RFC 7396', () => {
    expect(mergePatch({ a: 1, b: { c: 2 } }, { a: null, b: { d: 3 } })).toEqual({ b: { c: 2, d: 3 } });
    expect(mergePatch({ a: [1] }, { a: [2] })).toEqual({ a: [2] });
  });
});
