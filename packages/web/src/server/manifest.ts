import type { PageAssets } from '../render/render-types.js';

/** One chunk of Vite's build manifest (`.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** Vite's build manifest: chunks by source path. */
export type ViteManifest = Record<string, ManifestChunk>;

/**
 * The page assets of a client entry from Vite's manifest: the entry module, its static
 * imports (preloaded, in dependency order), and every stylesheet they carry. Paths are made
 * public under `base`.
 *
 * @example
 * assetsFromManifest(manifest, 'src/entry-client.tsx', '/static/');
 * // { entryModule: '/static/assets/entry-client-4f2a.js', preloadModules: [...], stylesheets: [...], … }
 */
export function assetsFromManifest(manifest: ViteManifest, entry: string, base: string): PageAssets {
  const chunk = manifest[entry];
  if (!chunk) throw new Error(`The build manifest has no entry ${entry}`);
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const seen = new Set<string>();
  const preloads: string[] = [];
  const styles: string[] = [];
  const visit = (key: string, isEntry: boolean) => {
    if (seen.has(key)) return;
    seen.add(key);
    const current = manifest[key];
    if (!current) return;
    for (const imported of current.imports ?? []) visit(imported, false);
    if (!isEntry) preloads.push(prefix + current.file);
    for (const css of current.css ?? []) if (!styles.includes(prefix + css)) styles.push(prefix + css);
  };
  visit(entry, true);
  return {
    entryModule: prefix + chunk.file,
    preloadModules: preloads,
    stylesheets: styles,
    headModules: [],
    inlineModules: [],
    lazyModules: lazyModulesOf(manifest, new Set(seen), prefix),
  };
}

/**
 * For every module loaded on demand (a dynamic entry of the manifest), its chunk and the
 * chunks it imports that the entry does not already bring: what a page that renders it preloads.
 */
function lazyModulesOf(
  manifest: ViteManifest,
  entryChunks: Set<string>,
  prefix: string,
): Record<string, string[]> {
  const lazy: Record<string, string[]> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.src || chunk.isEntry || !chunk.isDynamicEntry) continue;
    const files: string[] = [];
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name) || entryChunks.has(name)) return;
      seen.add(name);
      const current = manifest[name];
      if (!current) return;
      files.push(prefix + current.file);
      for (const imported of current.imports ?? []) visit(imported);
    };
    visit(key);
    lazy[chunk.src] = files;
  }
  return lazy;
}
