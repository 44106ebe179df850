import { createHash } from 'node:crypto';
import { hashPasswordSync } from '../auth/passwords.js';
import { DEMO_ACCOUNTS, type DemoAccountSeed, demoApiClient, type PlatformEnv } from '../config.js';
import {
  addUserToGroup,
  findApiClient,
  findUserByLogin,
  insertApiClient,
  insertGroupRecord,
  insertUserRecord,
  SYSTEM_ADMINISTRATORS,
} from '../db/accounts.js';
import type { Db } from '../db/open.js';
import { insertRoleIfMissing } from '../db/roles.js';
import { preparedFor } from '../db/statements.js';
import { newUserJson, storedUserData } from '../security/user-model.js';

/** The demo site's groups: the built-in administrators plus those the demo content names. */
export const DEMO_GROUPS: readonly { name: string; description: string; type: 'sys' | 'contensis' }[] = [
  { name: SYSTEM_ADMINISTRATORS, description: 'Full control of every project and account', type: 'sys' },
  { name: 'Editors', description: 'Write and publish the website content', type: 'contensis' },
  { name: 'Staff', description: 'University staff; may read the staff pages', type: 'contensis' },
  { name: 'Members', description: 'Registered members; may read the members pages', type: 'contensis' },
];

/** Name of the demo site's API client (role assignments refer to it by this name). */
export const DEMO_CLIENT_NAME = 'Canopy website';

/**
 * Deterministic GUID-shaped id from a name, so the demo accounts keep their ids across
 * resets and machines.
 */
export function demoId(kind: string, name: string): string {
  const hex = createHash('sha256').update(`${kind}:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const lookups = preparedFor((db) => ({
  groupByName: db.prepare<[string], { id: string }>('SELECT id FROM groups WHERE name = ? COLLATE NOCASE'),
}));

/**
 * Seeds the demo groups, users, API client and the project's roles. Idempotent: anything
 * that already exists (by name) is left as it is, so a developer's changes survive restarts.
 * Runs in one transaction.
 */
export function seedDemoAccounts(
  db: Db,
  projectId: string,
  env: PlatformEnv,
  now: string = new Date().toISOString(),
): void {
  db.transaction(() => {
    for (const group of DEMO_GROUPS) {
      if (lookups(db).groupByName.get(group.name)) continue;
      insertGroupRecord(db, {
        id: demoId('group', group.name),
        name: group.name,
        data: { description: group.description, type: group.type, custom: {}, created: now, modified: now },
      });
    }
    for (const account of DEMO_ACCOUNTS) seedAccount(db, account, now);
    const client = demoApiClient(env);
    if (!findApiClient(db, client.clientId)) {
      insertApiClient(db, {
        id: client.clientId,
        name: DEMO_CLIENT_NAME,
        secretHash: hashPasswordSync(client.clientSecret),
        // The site's secret sits on every web server: it must not administer accounts.
        // Registration rights come from the "Website" role below.
        securityAdmin: false,
        created: now,
      });
    }
    for (const role of demoRoles()) insertRoleIfMissing(db, projectId, role);
  })();
}

function seedAccount(db: Db, account: DemoAccountSeed, now: string): void {
  if (findUserByLogin(db, account.username)) return;
  const id = demoId('user', account.username);
  insertUserRecord(db, {
    id,
    username: account.username,
    email: account.email,
    passwordHash: hashPasswordSync(account.password),
    suspended: false,
    data: storedUserData(
      {},
      newUserJson({
        id,
        username: account.username,
        email: account.email,
        now,
        profile: {
          firstName: account.firstName,
          lastName: account.lastName,
          timezone: 'Europe/London',
          language: 'en-GB',
        },
      }),
    ),
  });
  for (const name of account.groups) {
    const group = lookups(db).groupByName.get(name);
    if (group) addUserToGroup(db, group.id, id);
  }
}

/** The content types whose entries the demo site may create (its booking form): only these. */
export const SITE_CREATABLE_CONTENT_TYPES = ['booking'] as const;

/** The groups the demo site may put the users it registers into. */
export const SITE_GRANTABLE_GROUPS: readonly string[] = ['Members'];

/**
 * Roles of the demo project: editors may do everything with content; the site's API client
 * may read content and redirects, connect to the event stream (to purge caches and reread
 * redirects on change), create entries of {@link SITE_CREATABLE_CONTENT_TYPES} (bookings, never
 * update or delete them), create users and add users to {@link SITE_GRANTABLE_GROUPS}
 * (registration), and nothing else.
 */
function demoRoles(): { id: string; name: string; [key: string]: unknown }[] {
  const all = { languages: ['*'], actions: ['*'] };
  return [
    {
      id: demoId('role', 'Content editors'),
      name: 'Content editors',
      description: 'Create, update, publish and delete content',
      enabled: true,
      permissions: {
        entries: [{ id: '*', ...all }],
        assets: [{ id: '*', ...all }],
        contentTypes: [{ id: '*', actions: ['view'] }],
        nodes: [{ id: '*', ...all, contentTypeIds: ['*'] }],
        redirects: { actions: ['*'] },
        tags: { actions: ['*'] },
        tagGroups: { actions: ['*'] },
        eventStreams: { actions: ['connect'] },
      },
      assignments: { users: [], groups: ['Editors'], apiKeys: [] },
    },
    {
      id: demoId('role', 'Website'),
      name: 'Website',
      description:
        'What the demo site needs: read content and redirects, follow changes, register members, take bookings',
      enabled: true,
      permissions: {
        // Read every entry; create bookings (the event booking form) and no other entry.
        entries: [
          { id: '*', languages: ['*'], actions: ['view'] },
          ...SITE_CREATABLE_CONTENT_TYPES.map((id) => ({ id, languages: ['*'], actions: ['create'] })),
        ],
        assets: [{ id: '*', languages: ['*'], actions: ['view'] }],
        contentTypes: [{ id: '*', actions: ['view'] }],
        eventStreams: { actions: ['connect'] },
        redirects: { actions: ['view'] },
        users: { actions: ['create'] },
        groups: SITE_GRANTABLE_GROUPS.map((id) => ({ id, actions: ['addMember'] })),
      },
      assignments: { users: [], groups: [], apiKeys: [DEMO_CLIENT_NAME] },
    },
  ];
}
