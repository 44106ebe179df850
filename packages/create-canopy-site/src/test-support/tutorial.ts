/** One thing the reader of a tutorial does, as its Markdown source marks it. */
export type TutorialStep =
  /** Type these commands, one per line, in the current folder. */
  | { kind: 'run'; lines: string[] }
  /** Write this file (path from the current folder) with exactly this text. */
  | { kind: 'file'; path: string; body: string }
  /** This text is part of that file. */
  | { kind: 'excerpt'; path: string; body: string }
  /** Press Ctrl+C where the site runs. */
  | { kind: 'stop' };

const MARKER = /^<!-- first-site: (run|stop|file|excerpt)(?: (\S+))? -->$/;
const FENCE = /^```(\w*)\s*$/;

/**
 * The steps of a tutorial written for its test: every fenced code block follows a marker
 * comment, `<!-- first-site: run -->` (a shell block; `#` starts a comment),
 * `<!-- first-site: file PATH -->`, `<!-- first-site: excerpt PATH -->`, and
 * `<!-- first-site: stop -->` stands alone. Throws on a code block without a marker, a marker
 * without its block, or a marker it does not know, so the tutorial cannot grow a step the
 * test would silently skip.
 *
 * @example
 * readTutorial('<!-- first-site: run -->\n```sh\nnpm start\n```\n'); // [{ kind: 'run', lines: ['npm start'] }]
 */
export function readTutorial(markdown: string): TutorialStep[] {
  const lines = markdown.split('\n');
  const steps: TutorialStep[] = [];
  let marker: { kind: string; path?: string; line: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.startsWith('<!-- first-site:')) {
      const match = MARKER.exec(line.trim());
      if (!match) throw new Error(`Line ${i + 1}: unknown marker ${line}`);
      if (marker) throw new Error(`Line ${marker.line}: a marker without its code block`);
      const [, kind = '', path] = match;
      if (kind === 'stop') {
        steps.push({ kind: 'stop' });
        continue;
      }
      if ((kind === 'file' || kind === 'excerpt') !== Boolean(path))
        throw new Error(`Line ${i + 1}: ${kind} ${path ? 'takes no path' : 'needs a path'}`);
      marker = { kind, path, line: i + 1 };
      continue;
    }
    if (!FENCE.test(line)) continue;
    if (!marker) throw new Error(`Line ${i + 1}: a code block without a first-site marker before it`);
    const end = lines.findIndex((candidate, j) => j > i && candidate.trim() === '```');
    if (end === -1) throw new Error(`Line ${i + 1}: a code block that does not end`);
    const body = lines.slice(i + 1, end);
    if (marker.kind === 'run') {
      steps.push({
        kind: 'run',
        lines: body
          .map((command) => command.replace(/\s#.*$/, '').trim())
          .filter((command) => command !== ''),
      });
    } else {
      steps.push({
        kind: marker.kind as 'file' | 'excerpt',
        path: marker.path as string,
        body: `${body.join('\n')}\n`,
      });
    }
    marker = null;
    i = end;
  }
  if (marker) throw new Error(`Line ${marker.line}: a marker without its code block`);
  return steps;
}
