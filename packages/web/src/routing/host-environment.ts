/**
 * The environment a host name belongs to (website spec §9, "Hostname environments"):
 * - `local`: this machine (`localhost`, `*.localhost`, 127.x.x.x, ::1);
 * - `preview`: drafts for editors, first label `preview` or `preview-{alias}`;
 * - `api`, `cms`: the platform's own hosts, first label `api`/`cms`, alone or with `-{alias}`;
 * - `live`: the public site, first label `live-{alias}`, and every other host (a site's own
 *   domain, `www.example.com`, is live).
 */
export type HostEnvironmentKind = 'local' | 'preview' | 'api' | 'cms' | 'live';

/** What a host name says about where a request was sent. */
export interface HostEnvironment {
  kind: HostEnvironmentKind;
  /** The environment alias of a `{kind}-{alias}` host, e.g. `aberwen`; otherwise `null`. */
  alias: string | null;
  /**
   * Whether the host is the public site: `live` only. Local, preview, api and cms hosts are
   * not, so they show internals to developers and ask search engines to stay away.
   */
  isLive: boolean;
}

/** `{kind}` or `{kind}-{alias}` as the first label; an alias is a DNS label (letters, digits, inner hyphens). */
const ENVIRONMENT_LABEL = /^(preview|api|cms|live)(?:-([a-z0-9](?:[a-z0-9-]*[a-z0-9])?))?$/;

/**
 * Parses a request's host name (no port) into its environment.
 *
 * @example
 * hostEnvironment('preview-aberwen.example.com'); // { kind: 'preview', alias: 'aberwen', isLive: false }
 * hostEnvironment('live-aberwen.example.com');    // { kind: 'live', alias: 'aberwen', isLive: true }
 * hostEnvironment('www.aberwen.ac.uk');           // { kind: 'live', alias: null, isLive: true }
 * hostEnvironment('localhost');                    // { kind: 'local', alias: null, isLive: false }
 */
export function hostEnvironment(hostname: string): HostEnvironment {
  if (isLocalHost(hostname)) return { kind: 'local', alias: null, isLive: false };
  const first = hostname.trim().toLowerCase().split('.')[0] ?? '';
  const match = ENVIRONMENT_LABEL.exec(first);
  if (!match) return { kind: 'live', alias: null, isLive: true };
  const kind = match[1] as Exclude<HostEnvironmentKind, 'local'>;
  return { kind, alias: match[2] ?? null, isLive: kind === 'live' };
}

/** Whether a host name is this machine: `localhost`, `*.localhost`, 127.x.x.x or ::1. */
export function isLocalHost(hostname: string): boolean {
  const host = stripBrackets(hostname.trim().toLowerCase().replace(/\.$/, ''));
  return (
    host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1'
  );
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
