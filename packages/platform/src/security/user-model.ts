import type { UserRecord } from '../db/users.js';
import { isPlainObject } from './validation.js';

/** The sign-in provider of users created through the security API. */
export const CONTENSIS_PROVIDER = { type: 'contensis', name: 'contensis' } as const;

/** A user as the security API returns it (contract §4.3). Never carries a password or hash. */
export interface UserJson {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  avatarUrl: string;
  timezone: string;
  language: string;
  custom: Record<string, unknown>;
  credentials: { provider: { type: string; name: string }; passwordChangeFrequency: number };
  status: { suspended: boolean; locked: boolean; passwordResetRequired: boolean };
  created: string | null;
  modified: string | null;
  lastLogin: string | null;
  lastFailedLogin: string | null;
  expiry: string | null;
  passwordChanged: string | null;
  optOutOfNotifications: boolean;
  failedLoginAttempts: number;
  failedLoginAttemptsSinceLastSuccess: number;
  successfulLoginAttempts: number;
}

/** What {@link newUserJson} needs: the identity, and whatever differs from a blank profile. */
export interface NewUserJsonFields {
  id: string;
  username: string;
  email: string;
  /** ISO 8601; the user's created, modified and password-changed time. */
  now: string;
  profile?: Partial<Pick<UserJson, 'firstName' | 'lastName' | 'timezone' | 'language'>>;
  status?: Partial<UserJson['status']>;
}

/**
 * A new Contensis user as stored and served: a blank profile, never signed in, its password
 * just set, active and unlocked unless `status` says otherwise.
 *
 * @example
 * newUserJson({ id, username: 'sam', email: 'sam@acme.example', now, profile: { firstName: 'Sam' } });
 */
export function newUserJson(fields: NewUserJsonFields): UserJson {
  const { now } = fields;
  return {
    id: fields.id,
    username: fields.username,
    email: fields.email,
    firstName: fields.profile?.firstName ?? '',
    lastName: fields.profile?.lastName ?? '',
    avatarUrl: '',
    timezone: fields.profile?.timezone ?? '',
    language: fields.profile?.language ?? '',
    custom: {},
    credentials: { provider: { ...CONTENSIS_PROVIDER }, passwordChangeFrequency: 0 },
    status: { suspended: false, locked: false, passwordResetRequired: false, ...fields.status },
    created: now,
    modified: now,
    lastLogin: null,
    lastFailedLogin: null,
    expiry: null,
    passwordChanged: now,
    optOutOfNotifications: false,
    failedLoginAttempts: 0,
    failedLoginAttemptsSinceLastSuccess: 0,
    successfulLoginAttempts: 0,
  };
}

/** Top-level User properties, the fields `where`, `zenQL` and `order` may name. */
export const USER_FIELDS: readonly (keyof UserJson)[] = [
  'id',
  'username',
  'email',
  'firstName',
  'lastName',
  'avatarUrl',
  'timezone',
  'language',
  'custom',
  'credentials',
  'status',
  'created',
  'modified',
  'lastLogin',
  'lastFailedLogin',
  'expiry',
  'passwordChanged',
  'optOutOfNotifications',
  'failedLoginAttempts',
  'failedLoginAttemptsSinceLastSuccess',
  'successfulLoginAttempts',
];

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const dateOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const object = (value: unknown): Record<string, unknown> => (isPlainObject(value) ? value : {});

/**
 * The contract's User from a stored record, every property present and in the contract's order.
 * The identity columns (id, username, email, suspended) win over the JSON; only the provider
 * and the change frequency of `credentials` are ever returned.
 *
 * @example
 * shapeUser(getUserRecord(db, id)!).status.suspended;
 */
export function shapeUser(record: UserRecord): UserJson {
  const data = record.data;
  const credentials = object(data.credentials);
  const provider = object(credentials.provider);
  const status = object(data.status);
  return {
    id: record.id,
    username: record.username,
    email: record.email,
    firstName: text(data.firstName),
    lastName: text(data.lastName),
    avatarUrl: text(data.avatarUrl),
    timezone: text(data.timezone),
    language: text(data.language),
    custom: object(data.custom),
    credentials: {
      provider: {
        type: text(provider.type) || CONTENSIS_PROVIDER.type,
        name: text(provider.name) || text(provider.type) || CONTENSIS_PROVIDER.name,
      },
      passwordChangeFrequency: count(credentials.passwordChangeFrequency),
    },
    status: {
      suspended: record.suspended,
      locked: status.locked === true,
      passwordResetRequired: status.passwordResetRequired === true,
    },
    created: dateOrNull(data.created),
    modified: dateOrNull(data.modified),
    lastLogin: dateOrNull(data.lastLogin),
    lastFailedLogin: dateOrNull(data.lastFailedLogin),
    expiry: dateOrNull(data.expiry),
    passwordChanged: dateOrNull(data.passwordChanged),
    optOutOfNotifications: data.optOutOfNotifications === true,
    failedLoginAttempts: count(data.failedLoginAttempts),
    failedLoginAttemptsSinceLastSuccess: count(data.failedLoginAttemptsSinceLastSuccess),
    successfulLoginAttempts: count(data.successfulLoginAttempts),
  };
}

/**
 * The JSON to store for a user: the shaped User laid over what was stored before, so
 * properties other parts of the platform keep in the record (sign-in bookkeeping, say)
 * survive an update. `status` and `credentials` merge one level deep; `credentials.password`
 * is never stored.
 */
export function storedUserData(previous: Record<string, unknown>, user: UserJson): Record<string, unknown> {
  const next = JSON.parse(JSON.stringify(user)) as UserJson;
  const credentials: Record<string, unknown> = { ...object(previous.credentials), ...next.credentials };
  delete credentials.password;
  return {
    ...previous,
    ...next,
    status: { ...object(previous.status), ...next.status },
    credentials,
  };
}
