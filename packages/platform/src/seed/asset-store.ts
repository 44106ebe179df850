import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { storedFileName } from '../assets/uri.js';
import type { SeedAssetFile } from './types.js';

/** A file written to the assets folder. */
export interface StoredFile {
  fileName: string;
  size: number;
  sha256: string;
}

/**
 * Writes seed asset files into `<data dir>/assets` under names derived from their content
 * hash. Writing is idempotent: a file that exists already has the same bytes by construction,
 * and a file appears under its final name only once complete.
 */
export class AssetStore {
  private readonly written = new Set<string>();

  constructor(readonly directory: string) {
    mkdirSync(directory, { recursive: true });
  }

  /** Stores the bytes of an asset and returns the generated file name, size and hash. */
  store(asset: SeedAssetFile): StoredFile {
    const raw = typeof asset.content === 'function' ? asset.content() : asset.content;
    const bytes = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : Buffer.from(raw);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const fileName = storedFileName(sha256, asset.mimeType);
    if (!this.written.has(fileName)) {
      const target = join(this.directory, fileName);
      if (!existsSync(target)) {
        // Write beside and rename, so a crash never leaves a truncated file under a final name.
        const temporary = `${target}.${process.pid}.tmp`;
        writeFileSync(temporary, bytes);
        renameSync(temporary, target);
      }
      this.written.add(fileName);
    }
    return { fileName, size: bytes.length, sha256 };
  }
}
