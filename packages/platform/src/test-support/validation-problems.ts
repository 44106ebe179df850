import { expect } from 'vitest';
import type { ProjectResource } from '../contract.js';
import { HttpError, type ValidationProblem } from '../delivery/errors.js';

/** A project in English (primary) and Welsh, for tests of the bodies the management API reads. */
export const BILINGUAL_PROJECT: ProjectResource = {
  id: 'site',
  name: 'Site',
  description: '',
  primaryLanguage: 'en-GB',
  supportedLanguages: ['en-GB', 'cy'],
  deliverySysExclusions: [],
};

/**
 * The problems listed by the 422 that `run` must throw; fails the test when it throws anything
 * else or nothing.
 *
 * @example
 * validationProblems(() => projectFromCreateBody({ id: 'a b' }))[0]?.field; // 'id'
 */
export function validationProblems(run: () => unknown): ValidationProblem[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(422);
    return (error as HttpError).data as ValidationProblem[];
  }
  throw new Error('expected a 422');
}

/** The fields named by the 422 that `run` must throw, in order (see {@link validationProblems}). */
export function problemFields(run: () => unknown): string[] {
  return validationProblems(run).map((problem) => problem.field);
}
