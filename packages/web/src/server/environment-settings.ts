import type { VersionServers } from '../version/version-info.js';

/** Reads one trimmed environment variable (`undefined` when unset or blank). */
export type EnvValue = (name: string) => string | undefined;

/** The environment variable of each server the version page lists. */
export const SERVER_VARIABLES: Readonly<Record<keyof VersionServers, string>> = {
  web: 'CANOPY_SERVER_WEB',
  preview: 'CANOPY_SERVER_PREVIEW',
  api: 'CANOPY_SERVER_API',
  cms: 'CANOPY_SERVER_CMS',
  iis: 'CANOPY_SERVER_IIS',
  iisPreview: 'CANOPY_SERVER_IIS_PREVIEW',
};

/**
 * The environment's servers from `CANOPY_SERVER_WEB`, `…_PREVIEW`, `…_API`, `…_CMS`, `…_IIS`
 * and `…_IIS_PREVIEW`: each an http(s) address; only those set are returned. A value that is
 * not such an address is an error naming the variable.
 *
 * @example
 * serversFromEnv((name) => ({ CANOPY_SERVER_CMS: 'https://cms-aberwen.example.com' })[name]);
 * // { cms: 'https://cms-aberwen.example.com' }
 */
export function serversFromEnv(value: EnvValue): Partial<VersionServers> {
  const servers: Partial<VersionServers> = {};
  for (const [key, name] of Object.entries(SERVER_VARIABLES) as [keyof VersionServers, string][]) {
    const raw = value(name);
    if (raw !== undefined) servers[key] = httpAddress(raw, name);
  }
  return servers;
}

/**
 * Other projects and their public addresses from `CANOPY_PROJECTS`: comma-separated
 * `id=https://address` pairs, or a bare `id` for a project without one.
 *
 * @example
 * projectsFromEnv('intranet=https://intranet.example.com, archive');
 * // [{ id: 'intranet', publicUri: 'https://intranet.example.com' }, { id: 'archive', publicUri: null }]
 */
export function projectsFromEnv(raw: string): { id: string; publicUri: string | null }[] {
  const projects: { id: string; publicUri: string | null }[] = [];
  for (const part of raw.split(',')) {
    const item = part.trim();
    if (!item) continue;
    const equals = item.indexOf('=');
    const id = (equals === -1 ? item : item.slice(0, equals)).trim();
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(id)) {
      throw new Error(
        `CANOPY_PROJECTS: '${id}' is not a project id (letters, digits, '-' and '_'); expected id=https://address pairs separated by commas`,
      );
    }
    if (projects.some((project) => project.id === id)) {
      throw new Error(`CANOPY_PROJECTS names the project '${id}' twice`);
    }
    const address = equals === -1 ? '' : item.slice(equals + 1).trim();
    projects.push({ id, publicUri: address ? httpAddress(address, `CANOPY_PROJECTS (${id})`) : null });
  }
  return projects;
}

/** An absolute http(s) URL without a trailing slash, or an error naming where it came from. */
function httpAddress(raw: string, source: string): string {
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new Error(
      `${source} must be an http or https address such as https://www.example.com, not '${raw}'`,
    );
  }
  return raw.replace(/\/+$/, '');
}
