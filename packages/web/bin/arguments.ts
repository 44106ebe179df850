/** The commands of `canopy-web`. */
export type Command = 'build' | 'start' | 'dev' | 'help';

/** Parsed command line. */
export interface Arguments {
  command: Command;
  site?: string;
  port?: number;
  host?: string;
  /** Print nothing once listening (a launcher such as `npm start` prints the addresses). */
  quiet?: boolean;
}

/** The help text. */
export const USAGE = `Usage: canopy-web <command> [options]

Commands:
  build             Build the site for production (dist/client, dist/server)
  start             Serve the built site
  dev               Serve the site from source with hot module replacement

Options:
  --site <dir>      The site's folder (default: the current folder)
  --port <n>        Port (default $PORT, else 3000)
  --host <host>     Interface (default $HOST, else 127.0.0.1)
  --quiet           Do not print the address once listening
  -h, --help        Show this help

Environment: CANOPY_PLATFORM_URL, CANOPY_PROJECT_ID, CANOPY_DELIVERY_TOKEN, CANOPY_PREVIEW_TOKEN,
CANOPY_CLIENT_ID, CANOPY_CLIENT_SECRET, CANOPY_PUBLIC_URI, CANOPY_PROXY_DELIVERY_API, CANOPY_DISABLE_INLINE_STATE, CANOPY_VERSION_STATUS,
CANOPY_ENVIRONMENT_ALIAS, CANOPY_SERVER_{WEB,PREVIEW,API,CMS,IIS,IIS_PREVIEW}, CANOPY_PROJECTS,
CANOPY_COMMIT_REF, CANOPY_BUILD_NO, CANOPY_PIPELINE_URL,
CANOPY_STALE_IF_ERROR_SECONDS, CANOPY_SOURCE_MAPS, NODE_ENV
(see docs/web.md).`;

/**
 * Parses `canopy-web` arguments.
 *
 * @example
 * parseArguments(['start', '--port', '8080']); // { command: 'start', port: 8080 }
 */
export function parseArguments(argv: readonly string[]): Arguments | { error: string } {
  const [first, ...rest] = argv;
  if (!first || first === '-h' || first === '--help' || first === 'help') return { command: 'help' };
  if (first !== 'build' && first !== 'start' && first !== 'dev')
    return { error: `Unknown command "${first}"` };
  const result: Arguments = { command: first };
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    const value = rest[i + 1];
    if (flag === '-h' || flag === '--help') return { command: 'help' };
    if (flag === '--quiet') {
      result.quiet = true;
      continue;
    }
    if (flag !== '--site' && flag !== '--port' && flag !== '--host')
      return { error: `Unknown option "${flag}"` };
    if (value === undefined || value.startsWith('--')) return { error: `${flag} needs a value` };
    i++;
    if (flag === '--site') result.site = value;
    if (flag === '--host') result.host = value;
    if (flag === '--port') {
      if (!/^\d{1,5}$/.test(value) || Number(value) > 65535)
        return { error: `--port must be 0–65535, not "${value}"` };
      result.port = Number(value);
    }
  }
  return result;
}
