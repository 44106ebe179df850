import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The documentation must stand on its own: every file it links or names is in the repository.

const root = fileURLToPath(new URL('..', import.meta.url));
const documents = [
  join(root, 'README.md'),
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, 'docs', name)),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => headingAnchor(m[1] ?? '')));
}

/** Markdown links outside code blocks that stay in the repository (no scheme, no `//`). */
function relativeLinks(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(target));
}

/** Markdown files named in inline code, e.g. `docs/web.md`. */
function namedMarkdownFiles(text: string): string[] {
  return [...text.matchAll(/`([\w./-]+\.md)`/g)].map((m) => m[1] ?? '');
}

describe('the documentation', () => {
  it('finds README.md and the docs', () => {
    expect(documents.map((file) => relative(root, file))).toEqual(
      expect.arrayContaining(['README.md', 'docs/ARCHITECTURE.md', 'docs/platform.md', 'docs/web.md']),
    );
  });

  for (const file of documents) {
    const name = relative(root, file);
    const text = readFileSync(file, 'utf8');

    it(`${name} links only to files and headings that exist`, () => {
      const broken: string[] = [];
      for (const link of relativeLinks(text)) {
        const [path = '', anchor] = link.split('#');
        const target = path ? join(path.startsWith('/') ? root : dirname(file), path) : file;
        if (!existsSync(target)) broken.push(`${link} (no such file)`);
        else if (anchor && target.endsWith('.md') && !anchorsOf(target).has(anchor)) {
          broken.push(`${link} (no such heading)`);
        }
      }
      expect(broken).toEqual([]);
    });

    it(`${name} names only Markdown files that are in the repository`, () => {
      const missing = namedMarkdownFiles(text).filter(
        (path) => !existsSync(join(root, path)) && !existsSync(join(dirname(file), path)),
      );
      expect(missing).toEqual([]);
    });
  }

  it('makes GitHub anchors of headings', () => {
    expect(headingAnchor('Search queries')).toBe('search-queries');
    expect(headingAnchor('The delivery API (`@canopy/client`)')).toBe('the-delivery-api-canopyclient');
  });
});
