import { describe, expect, it } from 'vitest';
import { parseArguments } from './arguments.js';

describe('parseArguments', () => {
  it('reads the command and its options', () => {
    expect(parseArguments(['start', '--port', '8080', '--host', '0.0.0.0', '--site', 'site'])).toEqual({
      command: 'start',
      port: 8080,
      host: '0.0.0.0',
      site: 'site',
    });
    expect(parseArguments(['start', '--quiet', '--port', '0'])).toEqual({
      command: 'start',
      quiet: true,
      port: 0,
    });
    expect(parseArguments(['build'])).toEqual({ command: 'build' });
    expect(parseArguments([])).toEqual({ command: 'help' });
    expect(parseArguments(['dev', '--help'])).toEqual({ command: 'help' });
    expect(parseArguments(['types', '--help'])).toEqual({ command: 'help', topic: 'types' });
    expect(parseArguments(['types', '--site', 'site', '--out', 'types.ts', '--check'])).toEqual({
      command: 'types',
      site: 'site',
      out: 'types.ts',
      check: true,
    });
  });

  it('rejects unknown commands, options and bad values', () => {
    expect(parseArguments(['serve'])).toEqual({ error: 'Unknown command "serve"' });
    expect(parseArguments(['start', '--verbose'])).toEqual({ error: 'Unknown option "--verbose"' });
    expect(parseArguments(['start', '--port'])).toEqual({ error: '--port needs a value' });
    expect(parseArguments(['types', '--port', '1'])).toEqual({ error: 'Unknown option "--port"' });
    expect(parseArguments(['start', '--check'])).toEqual({ error: 'Unknown option "--check"' });
    expect(parseArguments(['types', '--out'])).toEqual({ error: '--out needs a value' });
    expect(parseArguments(['start', '--port', '99999'])).toEqual({
      error: '--port must be 0–65535, not "99999"',
    });
  });
});

describe('--workers', () => {
  it('takes a count, or one worker per core without one, and only for start', () => {
    expect(parseArguments(['start', '--workers', '4'], 2)).toEqual({ command: 'start', workers: 4 });
    expect(parseArguments(['start', '--workers'], 2)).toEqual({ command: 'start', workers: 2 });
    expect(parseArguments(['start', '--workers', '--quiet'], 8)).toEqual({
      command: 'start',
      workers: 8,
      quiet: true,
    });
    expect(parseArguments(['start', '--workers', '0'], 2)).toEqual({
      error: '--workers must be 1–256, not "0"',
    });
    expect(parseArguments(['dev', '--workers', '2'], 2)).toEqual({
      error: '--workers is an option of start',
    });
  });
});
