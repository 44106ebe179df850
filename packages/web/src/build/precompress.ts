import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** File types worth compressing: text formats (images, fonts and video are compressed already). */
export const PRECOMPRESSED_EXTENSIONS: ReadonlySet<string> = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);

/** Below this size a compressed copy saves less than the headers it costs. */
export const PRECOMPRESS_MIN_BYTES = 1024;

/** What {@link precompressDirectory} wrote. */
export interface PrecompressReport {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/**
 * Writes a brotli (`.br`, maximum quality) and a gzip (`.gz`, level 9) copy beside every
 * compressible built file of at least {@link PRECOMPRESS_MIN_BYTES}, so the server sends them
 * without compressing anything per request. A copy that would not be smaller is not written.
 * Hidden folders (Vite's manifest) and source maps are skipped.
 *
 * @example
 * const report = await precompressDirectory('site/dist/client');
 * console.log(`${report.files} files: ${report.bytes} → ${report.brotliBytes} bytes (br)`);
 */
export async function precompressDirectory(root: string): Promise<PrecompressReport> {
  const report: PrecompressReport = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const file of await compressibleFiles(root)) {
    const content = await readFile(file);
    if (content.length < PRECOMPRESS_MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: 9 }),
    ]);
    report.files += 1;
    report.bytes += content.length;
    report.brotliBytes += Math.min(br.length, content.length);
    report.gzipBytes += Math.min(gz.length, content.length);
    if (br.length < content.length) await writeFile(`${file}.br`, br);
    if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
  }
  return report;
}

async function compressibleFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await compressibleFiles(path)));
    else if (entry.isFile() && PRECOMPRESSED_EXTENSIONS.has(extname(entry.name).toLowerCase())) {
      found.push(path);
    }
  }
  return found;
}
