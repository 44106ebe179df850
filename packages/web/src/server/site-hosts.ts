import { hostEnvironment, isLocalHost } from '../routing/host-environment.js';

/**
 * One host name the site answers, as configured: a public address (`https://www.example.com`,
 * whose host name is answered and whose origin every absolute link on that host uses), a bare
 * host name (`localhost`, `www.example.com`), or the full setting.
 */
export type SiteHostInput = string | SiteHostSetting;

/** A host name the site answers and what it means there. */
export interface SiteHostSetting {
  /** The host name, without port (`www.example.com`, `localhost`, `127.0.0.1`). */
  name: string;
  /**
   * The public address links on this host are built from (`https://www.example.com`). Default:
   * `https://{name}`; for this machine's names (`localhost`, 127.x.x.x, `::1`) the address the
   * server listens on, with its port.
   */
  publicUri?: string | null;
  /**
   * Whether drafts may be read here (with a preview token configured). Default: the platform's
   * naming of preview hosts, a first label `preview` or `preview-{alias}`; this machine's names
   * outside production.
   */
  preview?: boolean;
  /**
   * Whether the identity provider sends visitors of this host back after a federated sign-in
   * ("Sign in with the Canopy platform"): the sign-in page links to it only here. Default: this
   * machine's names, which the local platform accepts without configuration; a public name
   * needs the platform to allow it (`CANOPY_SIGN_IN_ORIGINS` on the local platform) and this set.
   */
  federatedSignIn?: boolean;
}

/** A configured host, resolved. */
export interface SiteHost {
  /** Lower case, no port, no brackets around an IPv6 address, no trailing dot. */
  readonly name: string;
  /** The configured public origin, or `null` for a local name (the listening address is used). */
  readonly origin: string | null;
  /** Drafts may be read on this host (see {@link SiteHostSetting.preview}). */
  readonly preview: boolean;
  /** One of this machine's names. */
  readonly local: boolean;
  /** Federated sign-in works here (see {@link SiteHostSetting.federatedSignIn}). */
  readonly federatedSignIn: boolean;
}

/** The host names a site answers, looked up per request. */
export interface SiteHosts {
  readonly hosts: readonly SiteHost[];
  /** The configured host for a request's host name (port ignored), or `null` when it is not one. */
  find(hostname: string): SiteHost | null;
  /**
   * The public origin of a host: its configured address, else (local names) `http://{name}`
   * with the port the server listens on. Never the request's own Host header.
   */
  originOf(host: SiteHost, listenPort: number | null): string;
}

/**
 * The demo's host names, answered when none are configured outside production: this machine,
 * the live name and the preview name of the demo university (the tests and benchmarks use them).
 */
export const DEMO_HOSTS: readonly string[] = Object.freeze([
  'localhost',
  '127.0.0.1',
  '::1',
  'https://www.aberwen.example',
  'https://preview-aberwen.example',
]);

/** What {@link siteHosts} reads besides the host list. */
export interface SiteHostsOptions {
  /** Whether the site runs as production: local names then do not preview by default. */
  production: boolean;
}

/** The error thrown when a production site has no hosts configured. */
export const HOSTS_REQUIRED_MESSAGE =
  'A production site needs its host names: set CANOPY_HOSTS (or the `hosts` option) to the ' +
  "site's public addresses, e.g. CANOPY_HOSTS=https://www.example.com,https://preview.example.com. " +
  'Requests naming any other host are refused, and mail links, canonical links and the sitemap ' +
  'are built from these addresses, never from the request.';

/**
 * Resolves the configured host names of a site. Without any (`undefined` or an empty list), a
 * production site throws {@link HOSTS_REQUIRED_MESSAGE}; elsewhere the {@link DEMO_HOSTS} apply.
 *
 * @example
 * const hosts = siteHosts(['https://www.aberwen.ac.uk', 'localhost'], { production: false });
 * hosts.find('WWW.aberwen.ac.uk'); // { name: 'www.aberwen.ac.uk', origin: 'https://www.aberwen.ac.uk', preview: false, local: false, federatedSignIn: false }
 * hosts.find('evil.example');      // null
 */
export function siteHosts(
  input: readonly SiteHostInput[] | null | undefined,
  options: SiteHostsOptions,
): SiteHosts {
  if (!input || input.length === 0) {
    if (options.production) throw new Error(HOSTS_REQUIRED_MESSAGE);
    input = DEMO_HOSTS;
  }
  const hosts = input.map((entry) => resolveHost(entry, options.production));
  const byName = new Map(hosts.map((host) => [host.name, host]));
  return {
    hosts,
    find: (hostname) => byName.get(normaliseHostName(hostname)) ?? null,
    originOf: (host, listenPort) => {
      if (host.origin) return host.origin;
      const name = host.name.includes(':') ? `[${host.name}]` : host.name;
      return `http://${name}${listenPort ? `:${listenPort}` : ''}`;
    },
  };
}

/**
 * A host name as configured hosts are keyed: lower case, without a trailing dot or the
 * brackets of an IPv6 address.
 */
export function normaliseHostName(hostname: string): string {
  let name = hostname.trim().toLowerCase();
  if (name.startsWith('[') && name.endsWith(']')) name = name.slice(1, -1);
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** A DNS name (labels of letters, digits and inner hyphens) or an IP address. */
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$|^[0-9a-f:.]+$/;

function resolveHost(entry: SiteHostInput, production: boolean): SiteHost {
  const setting: SiteHostSetting =
    typeof entry === 'string'
      ? entry.includes('://')
        ? { name: '', publicUri: entry }
        : { name: entry }
      : entry;
  const origin = setting.publicUri ? publicOrigin(setting.publicUri) : null;
  const name = normaliseHostName(setting.name || (origin ? new URL(origin).hostname : ''));
  if (!HOST_NAME.test(name)) {
    throw new Error(`A site host must be a host name or an http(s) address, not '${describe(entry)}'`);
  }
  if (origin && normaliseHostName(new URL(origin).hostname) !== name) {
    throw new Error(`The public address of host '${name}' must be on that host, not '${origin}'`);
  }
  const local = isLocalHost(name);
  const preview = setting.preview ?? (local ? !production : hostEnvironment(name).kind === 'preview');
  const federatedSignIn = setting.federatedSignIn ?? local;
  return Object.freeze({
    name,
    origin: origin ?? (local ? null : `https://${name}`),
    preview,
    local,
    federatedSignIn,
  });
}

/** The origin of a configured public address, which must be http(s) without a path. */
function publicOrigin(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new Error(`A site's public address must be an absolute http(s) address, not '${address}'`);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    url.pathname !== '/'
  ) {
    throw new Error(
      `A site's public address must be an http(s) origin such as https://www.example.com, not '${address}'`,
    );
  }
  return url.origin;
}

function describe(entry: SiteHostInput): string {
  return typeof entry === 'string' ? entry : (entry.publicUri ?? entry.name);
}
