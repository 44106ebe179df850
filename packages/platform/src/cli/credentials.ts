import {
  DEFAULT_CLIENT_SECRET,
  DEFAULT_DELIVERY_TOKEN,
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_PREVIEW_TOKEN,
  DEMO_ACCOUNTS,
  DEMO_PROJECT_ID,
  demoApiClient,
  demoTokens,
  type PlatformEnv,
} from '../config.js';
import { platformUrl } from './usage.js';

/** A sign-in account of the demo site (`contensis_classic` grant). */
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
  /** Demo sign-in accounts, with the passwords they were seeded with. */
  accounts: DemoAccount[];
  /** The demo site's API client (`client_credentials` grant). */
  clientId: string;
  clientSecret: string;
}

/** The credentials of the demo project on a platform listening at `host:port`. */
export function platformCredentials(
  env: PlatformEnv,
  dataDir: string,
  host: string = DEFAULT_HOST,
  port: number = DEFAULT_PORT,
): PlatformCredentials {
  const tokens = demoTokens(env);
  const client = demoApiClient(env);
  return {
    platformUrl: platformUrl(host, port),
    projectId: DEMO_PROJECT_ID,
    deliveryAccessToken: tokens.delivery,
    previewAccessToken: tokens.preview,
    dataDir,
    accounts: DEMO_ACCOUNTS.map(({ username, password, groups }) => ({
      username,
      password,
      groups: [...groups],
    })),
    clientId: client.clientId,
    clientSecret: client.clientSecret,
  };
}

/**
 * A secret as the banner shows it: the demo's public default as it is, anything else (a value
 * set through the environment) hidden, so the banner never puts a real secret in a terminal
 * scroll-back or a log. `credentials --json` is how scripts get the real values.
 *
 * @example
 * shownSecret('canopy-demo-client-secret', DEFAULT_CLIENT_SECRET, 'CANOPY_CLIENT_SECRET'); // as is
 * shownSecret('s3cret', DEFAULT_CLIENT_SECRET, 'CANOPY_CLIENT_SECRET'); // '******** (from CANOPY_CLIENT_SECRET, not shown)'
 */
export function shownSecret(value: string, demoDefault: string, variable: string): string {
  return value === demoDefault ? value : `******** (from ${variable}, not shown)`;
}

/**
 * The credentials as the human-readable lines of the startup banner (and of `credentials`
 * without `--json`). Tokens and the client secret are shown only when they are the demo's
 * public defaults; see {@link shownSecret}.
 *
 * @example
 * describeCredentials(platformCredentials(process.env, '.data'));
 * //   Platform URL     http://127.0.0.1:3001
 * //   …
 * //   Sign-in accounts (username, password, groups):
 * //     admin   Admin-demo-2026   System Administrators
 */
export function describeCredentials(credentials: PlatformCredentials): string {
  const width = Math.max(0, ...credentials.accounts.map((account) => account.username.length));
  const passwordWidth = Math.max(0, ...credentials.accounts.map((account) => account.password.length));
  const accounts = credentials.accounts.map(
    (account) =>
      `    ${account.username.padEnd(width)}  ${account.password.padEnd(passwordWidth)}  ${account.groups.join(', ')}`,
  );
  return [
    `  Platform URL     ${credentials.platformUrl}`,
    `  Project id       ${credentials.projectId}`,
    `  Delivery token   ${shownSecret(credentials.deliveryAccessToken, DEFAULT_DELIVERY_TOKEN, 'CANOPY_DELIVERY_TOKEN')}`,
    `  Preview token    ${shownSecret(credentials.previewAccessToken, DEFAULT_PREVIEW_TOKEN, 'CANOPY_PREVIEW_TOKEN')}  (may read versionStatus=latest)`,
    `  Client id        ${credentials.clientId}  (client_credentials grant)`,
    `  Client secret    ${shownSecret(credentials.clientSecret, DEFAULT_CLIENT_SECRET, 'CANOPY_CLIENT_SECRET')}`,
    `  Data directory   ${credentials.dataDir}`,
    ...(accounts.length > 0 ? ['  Sign-in accounts (username, password, groups):', ...accounts] : []),
    '',
  ].join('\n');
}
