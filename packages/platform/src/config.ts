/**
 * Fixed development settings of the local platform. None of these values is a secret: the
 * demo tokens only unlock demo content on a machine the developer controls, and the startup
 * banner prints them. Deployments that hold real content set their own through the
 * environment.
 */

/** Project id of the demo site the platform seeds on first start. */
export const DEMO_PROJECT_ID = 'website';

/** Port `canopy-platform serve` listens on unless `--port` says otherwise. */
export const DEFAULT_PORT = 3001;

/** Interface `canopy-platform serve` binds unless `--host` says otherwise (loopback only). */
export const DEFAULT_HOST = '127.0.0.1';

/** Delivery token of the demo (published content only) when `CANOPY_DELIVERY_TOKEN` is unset. */
export const DEFAULT_DELIVERY_TOKEN = 'canopy-demo-delivery-token';

/** Delivery token with preview rights (`versionStatus=latest`) when `CANOPY_PREVIEW_TOKEN` is unset. */
export const DEFAULT_PREVIEW_TOKEN = 'canopy-demo-preview-token';

/** File name of the SQLite database inside a data directory. */
export const DATABASE_FILE = 'platform.db';

/** Folder of uploaded and seeded asset files inside a data directory. */
export const ASSETS_DIR = 'assets';

/**
 * Marker file that identifies a directory as a Canopy data directory, so `reset` never deletes
 * files from a directory it did not create.
 */
export const DATA_DIR_MARKER = '.canopy-data';

/** The largest request body the platform reads (1 MiB); larger bodies get a 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Environment variables the platform reads. */
export type PlatformEnv = Record<string, string | undefined>;

/**
 * The delivery tokens of the demo project: `CANOPY_DELIVERY_TOKEN` and `CANOPY_PREVIEW_TOKEN`
 * override the documented defaults.
 *
 * @example
 * demoTokens(process.env); // { delivery: 'canopy-demo-delivery-token', preview: 'canopy-demo-preview-token' }
 */
export function demoTokens(env: PlatformEnv): { delivery: string; preview: string } {
  return {
    delivery: nonEmpty(env.CANOPY_DELIVERY_TOKEN) ?? DEFAULT_DELIVERY_TOKEN,
    preview: nonEmpty(env.CANOPY_PREVIEW_TOKEN) ?? DEFAULT_PREVIEW_TOKEN,
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** API client id of the demo site when `CANOPY_CLIENT_ID` is unset. */
export const DEFAULT_CLIENT_ID = 'canopy-website';

/** API client secret of the demo site when `CANOPY_CLIENT_SECRET` is unset. */
export const DEFAULT_CLIENT_SECRET = 'canopy-demo-client-secret';

/**
 * The demo site's API client (client_credentials grant): `CANOPY_CLIENT_ID` and
 * `CANOPY_CLIENT_SECRET` override the documented defaults.
 */
export function demoApiClient(env: PlatformEnv): { clientId: string; clientSecret: string } {
  return {
    clientId: nonEmpty(env.CANOPY_CLIENT_ID) ?? DEFAULT_CLIENT_ID,
    clientSecret: nonEmpty(env.CANOPY_CLIENT_SECRET) ?? DEFAULT_CLIENT_SECRET,
  };
}

/** A demo sign-in account: who it is, its password and its groups. */
export interface DemoAccountSeed {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  groups: string[];
}

/**
 * The demo sign-in accounts. Their passwords are printed on start: they only open demo
 * content on the developer's own machine.
 */
export const DEMO_ACCOUNTS: readonly DemoAccountSeed[] = [
  {
    username: 'admin',
    email: 'admin@aberwen.example',
    firstName: 'Ada',
    lastName: 'Admin',
    password: 'Admin-demo-2026',
    groups: ['System Administrators'],
  },
  {
    username: 'editor',
    email: 'editor@aberwen.example',
    firstName: 'Eira',
    lastName: 'Editor',
    password: 'Editor-demo-2026',
    groups: ['Editors', 'Staff'],
  },
  {
    username: 'member',
    email: 'member@aberwen.example',
    firstName: 'Morgan',
    lastName: 'Member',
    password: 'Member-demo-2026',
    groups: ['Members'],
  },
];
