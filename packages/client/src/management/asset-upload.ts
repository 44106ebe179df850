/**
 * Asset file uploads read the file from disk, so they work only in Node.js (contract §7.8).
 * `node:fs/promises` is imported on first use through a computed specifier: bundlers leave it
 * alone, so browser bundles of the client never contain or try to resolve a Node built-in.
 */

/** Whether the code runs in a Node.js process. */
export function isNodeProcess(): boolean {
  const process = (globalThis as { process?: { versions?: { node?: unknown } } }).process;
  return typeof process?.versions?.node === 'string';
}

/** The last segment of a file path, with either separator. */
export function fileNameOf(filePath: string): string {
  return filePath.split(/[\\/]/).pop() || 'file';
}

const FS_MODULE = 'node:fs/promises';

/** The multipart body of an upload: one part named `file`, as the official Node client sends it. */
export async function assetFormData(filePath: string): Promise<FormData> {
  const fs = (await import(/* @vite-ignore */ /* webpackIgnore: true */ FS_MODULE)) as {
    readFile(path: string): Promise<Uint8Array>;
  };
  const bytes = await fs.readFile(filePath);
  const form = new FormData();
  // Copy into a plain ArrayBuffer-backed view: Blob parts may not be shared-memory views.
  form.append('file', new Blob([new Uint8Array(bytes)]), fileNameOf(filePath));
  return form;
}
