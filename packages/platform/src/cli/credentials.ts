import { DEFAULT_HOST, DEFAULT_PORT, DEMO_PROJECT_ID, demoTokens, type PlatformEnv } from '../config.js';
import { platformUrl } from './usage.js';

/** A sign-in account of the demo site (filled in once the platform has user accounts). */
export interface DemoAccount {
  username: string;
  password: string;
  groups: string[];
}

/**
 * What a site needs to talk to the local platform. New keys may be added; existing ones keep
 * their meaning.
 */
export interface PlatformCredentials {
  platformUrl: string;
  projectId: string;
  /** Delivery token for published content. */
  deliveryAccessToken: string;
  /** Delivery token that may also read `latest` (preview) content. */
  previewAccessToken: string;
  dataDir: string;
  /** Demo sign-in accounts; empty until the platform serves the security API. */
  accounts: DemoAccount[];
}

/** The credentials of the demo project on a platform listening at `host:port`. */
export function platformCredentials(
  env: PlatformEnv,
  dataDir: string,
  host: string = DEFAULT_HOST,
  port: number = DEFAULT_PORT,
): PlatformCredentials {
  const tokens = demoTokens(env);
  return {
    platformUrl: platformUrl(host, port),
    projectId: DEMO_PROJECT_ID,
    deliveryAccessToken: tokens.delivery,
    previewAccessToken: tokens.preview,
    dataDir,
    accounts: [],
  };
}

/** The credentials as the human-readable lines of the startup banner. */
export function describeCredentials(credentials: PlatformCredentials): string {
  return [
    `  Platform URL     ${credentials.platformUrl}`,
    `  Project id       ${credentials.projectId}`,
    `  Delivery token   ${credentials.deliveryAccessToken}`,
    `  Preview token    ${credentials.previewAccessToken}  (may read versionStatus=latest)`,
    `  Data directory   ${credentials.dataDir}`,
    '',
  ].join('\n');
}
