import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { generateContentTypes } from '../src/codegen/generate-types.js';
import { readContentModel } from '../src/codegen/read-content-model.js';
import { DEFAULT_TYPES_FILE } from './arguments.js';

/** What `canopy-web types` reads and where it reports. */
export interface TypesCommandOptions {
  /** The site's folder: `out` resolves against it. */
  siteRoot: string;
  /** The file to write (default {@link DEFAULT_TYPES_FILE}). */
  out?: string;
  /** Compare instead of writing. */
  check?: boolean;
  env: Record<string, string | undefined>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  fetchFn?: typeof fetch;
}

/**
 * `canopy-web types`: reads the content model of the project named by the environment
 * (`CANOPY_PLATFORM_URL`, `CANOPY_PROJECT_ID`, `CANOPY_CLIENT_ID`, `CANOPY_CLIENT_SECRET`) and
 * writes its TypeScript, or with `check` compares it with the file. Returns the exit code:
 * 0 written or up to date, 1 on failure or (with `check`) a difference.
 *
 * @example
 * const code = await runTypesCommand({ siteRoot: 'site', env: process.env, stdout: process.stdout, stderr: process.stderr });
 */
export async function runTypesCommand(options: TypesCommandOptions): Promise<number> {
  const value = (name: string) => options.env[name]?.trim() || undefined;
  const clientId = value('CANOPY_CLIENT_ID');
  const clientSecret = value('CANOPY_CLIENT_SECRET');
  if (!clientId || !clientSecret) {
    options.stderr.write(
      'canopy-web types: set CANOPY_CLIENT_ID and CANOPY_CLIENT_SECRET to an API client that may view ' +
        "content types (`canopy-platform credentials` prints the local platform's)\n",
    );
    return 1;
  }
  const file = resolve(options.siteRoot, options.out ?? DEFAULT_TYPES_FILE);
  const shown = relative(process.cwd(), file) || file;
  const platformUrl = value('CANOPY_PLATFORM_URL') ?? value('PLATFORM_URL') ?? 'http://127.0.0.1:3001';
  const projectId = value('CANOPY_PROJECT_ID') ?? 'website';
  let source: string;
  try {
    const model = await readContentModel({
      platformUrl,
      projectId,
      clientId,
      clientSecret,
      ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
    });
    source = generateContentTypes(model);
    const counts = `${model.contentTypes.length} content types, ${model.components.length} components`;
    if (options.check) {
      const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
      if (current === source) {
        options.stdout.write(`${shown} is up to date (${counts} of "${projectId}")\n`);
        return 0;
      }
      options.stderr.write(
        `${shown} ${current === null ? 'does not exist' : 'differs from the content model'} of "${projectId}" at ${platformUrl}: ` +
          'run `canopy-web types` to write it\n',
      );
      return 1;
    }
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, source);
    options.stdout.write(`Wrote ${shown}: ${counts} of "${projectId}"\n`);
    return 0;
  } catch (error) {
    options.stderr.write(`canopy-web types: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
