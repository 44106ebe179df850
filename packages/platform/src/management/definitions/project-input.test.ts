import { describe, expect, it } from 'vitest';
import { validationProblems } from '../../test-support/validation-problems.js';
import { projectFromCreateBody, projectFromUpdateBody } from './project-input.js';

describe('project bodies', () => {
  it('puts the primary language first among the supported languages', () => {
    expect(
      projectFromCreateBody({
        id: 'intranet',
        name: 'Intranet',
        primaryLanguage: 'cy',
        supportedLanguages: ['en-GB', 'cy'],
      }),
    ).toEqual({
      id: 'intranet',
      name: 'Intranet',
      description: '',
      primaryLanguage: 'cy',
      supportedLanguages: ['cy', 'en-GB'],
      deliverySysExclusions: [],
    });
  });

  it('lists every problem of a create body', () => {
    const fields = validationProblems(() =>
      projectFromCreateBody({ id: 'a b', name: 5, deliverySysExclusions: ['sys.uri', 'owner'] }),
    ).map((problem) => problem.field);
    expect(fields).toEqual([
      'id',
      'name',
      'primaryLanguage',
      'deliverySysExclusions[0]',
      'deliverySysExclusions[1]',
    ]);
  });

  it('updates what the body names and keeps the id', () => {
    const current = projectFromCreateBody({
      id: 'site',
      name: 'Site',
      primaryLanguage: 'en-GB',
      color: 'teal',
    });
    expect(projectFromUpdateBody({ description: 'New', color: null }, current)).toEqual({
      ...current,
      description: 'New',
      color: undefined,
    });
    expect(validationProblems(() => projectFromUpdateBody({ id: 'other' }, current))).toEqual([
      { field: 'id', message: expect.stringContaining('cannot be changed') },
    ]);
    expect(validationProblems(() => projectFromUpdateBody({ name: '' }, current))[0]!.field).toBe('name');
  });
});
