import { describe, expect, it } from 'vitest';
import { readTutorial } from './tutorial.js';

describe('readTutorial', () => {
  it('reads commands, files, excerpts and stops in order', () => {
    const markdown = [
      'Intro.',
      '<!-- first-site: run -->',
      '```sh',
      'cd my-site',
      'npm start   # serves the site',
      '',
      '```',
      'Stop it.',
      '<!-- first-site: stop -->',
      '<!-- first-site: file src/a.ts -->',
      '```ts',
      'export const a = 1;',
      '```',
      '<!-- first-site: excerpt src/b.ts -->',
      '```ts',
      'type B = 2;',
      '```',
    ].join('\n');
    expect(readTutorial(markdown)).toEqual([
      { kind: 'run', lines: ['cd my-site', 'npm start'] },
      { kind: 'stop' },
      { kind: 'file', path: 'src/a.ts', body: 'export const a = 1;\n' },
      { kind: 'excerpt', path: 'src/b.ts', body: 'type B = 2;\n' },
    ]);
  });

  it('refuses a code block without a marker, a marker without a block and markers it does not know', () => {
    expect(() => readTutorial('Text\n```sh\nnpm start\n```\n')).toThrow('without a first-site marker');
    expect(() => readTutorial('<!-- first-site: run -->\nText only\n')).toThrow('without its code block');
    expect(() => readTutorial('<!-- first-site: deploy -->\n```sh\nx\n```\n')).toThrow('unknown marker');
    expect(() => readTutorial('<!-- first-site: file -->\n```ts\nx\n```\n')).toThrow('needs a path');
    expect(() => readTutorial('<!-- first-site: run -->\n```sh\nx\n')).toThrow('does not end');
  });
});
