// @ts-check
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { scaffoldSite } from './scaffold.mjs';

/** The help text of `create-canopy-site`. */
export const USAGE = `Usage: create-canopy-site <folder> [options]
       npm create canopy-site <folder>

Writes a new Canopy site into <folder> (new, or empty): a layout, a content type mapping with
the generated types of the content model, a static route, a test, and the scripts to run it:

  cd <folder>
  npm install && npm start   # build, start the local content platform and the site
  npm test                   # the site's test

Options:
  --name <name>     The package name (default: the folder's name)
  -h, --help        Show this help
`;

/**
 * Runs `create-canopy-site` with the given arguments and returns the exit code: 0 written (or
 * help shown), 1 when the site could not be written, 2 for bad arguments.
 *
 * @param {readonly string[]} argv
 * @param {{ stdout: { write(text: string): unknown }, stderr: { write(text: string): unknown }, cwd: string }} io
 * @returns {number}
 * @example
 * process.exitCode = runCreate(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() });
 */
export function runCreate(argv, io) {
  /** @type {{ values: { name?: string, help?: boolean }, positionals: string[] }} */
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    io.stderr.write(
      `create-canopy-site: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`,
    );
    return 2;
  }
  if (parsed.values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  const [folder, ...extra] = parsed.positionals;
  if (!folder || extra.length > 0) {
    io.stderr.write(`create-canopy-site: ${folder ? 'give one folder' : 'which folder?'}\n\n${USAGE}`);
    return 2;
  }
  try {
    const target = resolve(io.cwd, folder);
    const files = scaffoldSite({ target, ...(parsed.values.name ? { name: parsed.values.name } : {}) });
    const shown = relative(io.cwd, target) || '.';
    io.stdout.write(
      `Wrote a new Canopy site into ${shown} (${files.length} files). Next:\n\n` +
        `  cd ${shown}\n  npm install && npm start\n\n`,
    );
    return 0;
  } catch (error) {
    io.stderr.write(`create-canopy-site: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
