import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.js';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('precompressDirectory', () => {
  it('writes brotli and gzip copies of text files large enough to gain, and nothing else', async () => {
    dir = mkdtempSync(join(tmpdir(), 'canopy-precompress-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    const script = 'export const courses = ["Marine biology", "Nursing"];\n'.repeat(200);
    writeFileSync(join(dir, 'assets', 'entry-1a2b.js'), script);
    writeFileSync(join(dir, 'assets', 'tiny.css'), 'a{color:red}');
    writeFileSync(join(dir, 'assets', 'photo.png'), Buffer.alloc(4096, 7));
    writeFileSync(join(dir, 'assets', 'entry-1a2b.js.map'), script);
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify({ a: script }));

    const report = await precompressDirectory(dir);

    expect(report.files).toBe(1);
    expect(report.bytes).toBe(script.length);
    expect(report.brotliBytes).toBeLessThan(report.gzipBytes);
    const br = readFileSync(join(dir, 'assets', 'entry-1a2b.js.br'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'entry-1a2b.js.gz'))).toString()).toBe(script);
    for (const skipped of [
      'assets/tiny.css.br',
      'assets/photo.png.br',
      'assets/entry-1a2b.js.map.br',
      '.vite/manifest.json.br',
    ]) {
      expect(existsSync(join(dir, skipped)), skipped).toBe(false);
    }
  });
});
