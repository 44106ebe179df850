import { describe, expect, it } from 'vitest';
import { preferProduction, reactDevelopmentBuildLoaded } from './production-mode.js';

describe('preferProduction', () => {
  it('sets NODE_ENV=production when the environment leaves it unset or empty', () => {
    const unset: Record<string, string | undefined> = {};
    expect(preferProduction(unset)).toBe('production');
    expect(unset.NODE_ENV).toBe('production');
    const empty: Record<string, string | undefined> = { NODE_ENV: '' };
    expect(preferProduction(empty)).toBe('production');
  });

  it('keeps what the environment says', () => {
    const env: Record<string, string | undefined> = { NODE_ENV: 'development' };
    expect(preferProduction(env)).toBe('development');
    expect(env.NODE_ENV).toBe('development');
  });
});

describe('reactDevelopmentBuildLoaded', () => {
  it('tells whether React runs its development build in this process', async () => {
    await import('react');
    // Vitest runs with NODE_ENV=test, so React loads its development build here.
    expect(reactDevelopmentBuildLoaded()).toBe(process.env.NODE_ENV !== 'production');
  });
});
