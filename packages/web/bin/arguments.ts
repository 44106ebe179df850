import { availableParallelism } from 'node:os';

/** The commands of `canopy-web`. */
export type Command = 'build' | 'start' | 'dev' | 'types' | 'help';

/** Parsed command line. */
export interface Arguments {
  command: Command;
  site?: string;
  port?: number;
  host?: string;
  /** Print nothing once listening (a launcher such as `npm start` prints the addresses). */
  quiet?: boolean;
  /** `types`: the file to write (default {@link DEFAULT_TYPES_FILE} in the site's folder). */
  out?: string;
  /** `types`: compare with the file instead of writing it; exit 1 when they differ. */
  check?: boolean;
  /** `help`: the command whose help was asked for. */
  topic?: Command;
  /** `start` in this many processes (node:cluster) sharing the port. */
  workers?: number;
}

/** Where `canopy-web types` writes, relative to the site's folder. */
export const DEFAULT_TYPES_FILE = 'src/content/generated/content-types.ts';

/** The help text. */
export const USAGE = `Usage: canopy-web <command> [options]

Commands:
  build             Build the site for production (dist/client, dist/server)
  start             Serve the built site
  dev               Serve the site from source with hot module replacement
  types             Write TypeScript types of the project's content types (see types --help)

Options:
  --site <dir>      The site's folder (default: the current folder)
  --port <n>        Port (default $PORT, else 3000)
  --host <host>     Interface (default $HOST, else 127.0.0.1)
  --workers [n]     start: serve from n processes sharing the port (default: one per CPU core)
  --quiet           Do not print the address once listening
  -h, --help        Show this help

Environment: CANOPY_PLATFORM_URL, CANOPY_PROJECT_ID, CANOPY_DELIVERY_TOKEN, CANOPY_PREVIEW_TOKEN,
CANOPY_CLIENT_ID, CANOPY_CLIENT_SECRET, CANOPY_PURGE_URL, CANOPY_PUBLIC_URI, CANOPY_PROXY_DELIVERY_API, CANOPY_DISABLE_INLINE_STATE, CANOPY_VERSION_STATUS,
CANOPY_ENVIRONMENT_ALIAS, CANOPY_SERVER_{WEB,PREVIEW,API,CMS,IIS,IIS_PREVIEW}, CANOPY_PROJECTS,
CANOPY_COMMIT_REF, CANOPY_BUILD_NO, CANOPY_PIPELINE_URL,
CANOPY_STALE_IF_ERROR_SECONDS, CANOPY_SOURCE_MAPS, NODE_ENV
(see docs/web.md).`;

/** The help text of `canopy-web types`. */
export const TYPES_USAGE = `Usage: canopy-web types [options]

Reads the project's content types and components from the platform's management API and
writes TypeScript: one type per content type and component, an entry type per content type
(Entry<Course, 'course'>) and mapContentType, the typed content type mapping helper.

Options:
  --site <dir>      The site's folder (default: the current folder)
  --out <file>      The file to write (default: ${DEFAULT_TYPES_FILE} in the site's folder)
  --check           Write nothing; exit 1 when the file differs from what would be written
  -h, --help        Show this help

Environment:
  CANOPY_PLATFORM_URL   The platform (default http://127.0.0.1:3001)
  CANOPY_PROJECT_ID     The project (default website)
  CANOPY_CLIENT_ID      An API client (client_credentials) that may view content types
  CANOPY_CLIENT_SECRET  Its secret (\`canopy-platform credentials\` prints the local platform's)`;

/**
 * Parses `canopy-web` arguments.
 *
 * @example
 * parseArguments(['start', '--port', '8080']); // { command: 'start', port: 8080 }
 */
export function parseArguments(
  argv: readonly string[],
  cores: number = availableParallelism(),
): Arguments | { error: string } {
  const [first, ...rest] = argv;
  if (!first || first === '-h' || first === '--help' || first === 'help') return { command: 'help' };
  if (first !== 'build' && first !== 'start' && first !== 'dev' && first !== 'types')
    return { error: `Unknown command "${first}"` };
  const result: Arguments = { command: first };
  const types = first === 'types';
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    const value = rest[i + 1];
    if (flag === '-h' || flag === '--help')
      return types ? { command: 'help', topic: 'types' } : { command: 'help' };
    if (flag === '--quiet' && !types) {
      result.quiet = true;
      continue;
    }
    if (flag === '--check' && types) {
      result.check = true;
      continue;
    }
    if (flag === '--workers') {
      if (first !== 'start') return { error: '--workers is an option of start' };
      if (value === undefined || value.startsWith('-')) {
        result.workers = cores;
        continue;
      }
      i++;
      if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 256)
        return { error: `--workers must be 1–256, not "${value}"` };
      result.workers = Number(value);
      continue;
    }
    const known = types ? ['--site', '--out'] : ['--site', '--port', '--host'];
    if (flag === undefined || !known.includes(flag)) return { error: `Unknown option "${flag}"` };
    if (value === undefined || value.startsWith('--')) return { error: `${flag} needs a value` };
    i++;
    if (flag === '--site') result.site = value;
    if (flag === '--out') result.out = value;
    if (flag === '--host') result.host = value;
    if (flag === '--port') {
      if (!/^\d{1,5}$/.test(value) || Number(value) > 65535)
        return { error: `--port must be 0–65535, not "${value}"` };
      result.port = Number(value);
    }
  }
  return result;
}
