import type { Plugin } from 'vite';

/** What {@link moduleCopy} copies, for which module. */
export interface ModuleCopyOptions {
  /** The plugin's name. */
  name: string;
  /** The one module that imports the copy (its file path). */
  importer: RegExp;
  /** The package it imports (`react-router`). */
  source: string;
  /** The package's own files (a copy's imports of other packages stay shared). */
  files: RegExp;
  /** Marks the copy's module ids (`?canopy-…`), a distinct module for the bundler. */
  query: string;
}

/**
 * Gives one module a copy of a package of its own (the same files under other module ids), so
 * what it uses of the package lands in its own chunk. A bundler places a module in one chunk
 * whole: a package every page needs to hydrate is in the entry chunk, and whatever any chunk
 * uses of it (even code only a lazily loaded chunk calls) would land there with it. The copy
 * is tree-shaken to what the importer uses; the package must keep no state the two copies
 * would need to share.
 */
export function moduleCopy(options: ModuleCopyOptions): Plugin {
  return {
    name: options.name,
    apply: 'build',
    enforce: 'pre',
    resolveId: {
      // Only the package's name and relative paths (the copy's imports of its own files) can
      // need the copy, so the bundler need not ask about anything else.
      filter: { id: new RegExp(`^(?:${options.source.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$|\\.)`) },
      async handler(source, importer, resolveOptions) {
        if (!importer) return null;
        // The importer's import of the package, and the imports inside the copy (an entry file
        // re-exporting from the module holding the code), get the copy's id.
        const fromCopy = importer.endsWith(options.query);
        const fromImporter =
          source === options.source && options.importer.test(importer.split('?')[0] as string);
        if (!fromCopy && !fromImporter) return null;
        const resolved = await this.resolve(source, importer.split('?')[0], {
          ...resolveOptions,
          skipSelf: true,
        });
        if (!resolved || resolved.external || !options.files.test(resolved.id)) return null;
        return { ...resolved, id: `${resolved.id}${options.query}` };
      },
    },
  };
}
