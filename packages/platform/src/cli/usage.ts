/** The CLI's help text. */
export const USAGE = `Usage: canopy-platform <command> [options]

Commands:
  serve                 Start the local content platform (seeds the demo on first start)
      --port <n>        Port to listen on (default 3001; 0 picks a free port)
      --host <host>     Interface to bind (default 127.0.0.1)
      --verbose         Log one line per request
      --quiet           Print no banner (for a launcher that prints the addresses itself)
  seed                  Replace the demo project with freshly seeded demo content
      --entries <n>     Seed <n> generated entries instead (benchmark data, up to 9,999,999;
                        --generate <n> is the same)
  reset                 Delete the database and asset files of the data directory
  credentials           Print the project id, platform URL and access tokens
      --json            As JSON (for scripts)
      --port, --host    The address the platform listens on (for the URL)
  outbox                Print the mails the platform wrote (password reset links)
      --to <address>    Only those to this address
      --json            As JSON (for scripts)

Options for every command:
  --data <dir>          Data directory (default: $CANOPY_DATA_DIR, else .data/ at the repository root)
  -h, --help            Show this help

Environment:
  CANOPY_DATA_DIR        Data directory
  CANOPY_DELIVERY_TOKEN  Demo delivery token (default canopy-demo-delivery-token)
  CANOPY_PREVIEW_TOKEN   Demo preview token (default canopy-demo-preview-token)
  CANOPY_CLIENT_ID       Demo site API client id (default canopy-website)
  CANOPY_CLIENT_SECRET   Demo site API client secret (default canopy-demo-client-secret)
  CANOPY_TRUST_PROXY     Proxies whose X-Forwarded-For names the client (comma-separated
                         addresses or CIDR ranges; default none)
  CANOPY_SIGN_IN_ORIGINS Site origins the federated sign-in page may return visitors to
                         (comma-separated; default: sites on this machine)

Secrets set through the environment are not shown by serve or credentials; credentials --json
prints them for scripts.
`;

/** Thrown for bad command-line arguments: the CLI prints the message and the usage, exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Parses a `--port` value (0–65535). */
export function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw new UsageError(`--port must be a number from 0 to 65535, not "${value}"`);
  }
  return Number(value);
}

/** The URL clients use for a listening address (wildcard hosts become loopback). */
export function platformUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}
