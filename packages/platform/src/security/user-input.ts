import { HttpError } from '../delivery/errors.js';
import { newUserJson, type UserJson } from './user-model.js';
import {
  badField,
  booleanValue,
  customObject,
  emailAddress,
  type FieldProblem,
  isoDate,
  isPlainObject,
  LIMITS,
  mergePatch,
  optionalText,
  requiredText,
  ValidationFailure,
} from './validation.js';

/** Password changes become due after this many days when a password is made expirable. */
export const DEFAULT_PASSWORD_CHANGE_FREQUENCY_DAYS = 90;

const MAX_CHANGE_FREQUENCY_DAYS = 3650;

/** Profile texts a create or update may set, with their length limits. */
const PROFILE_TEXTS = {
  firstName: LIMITS.name,
  lastName: LIMITS.name,
  avatarUrl: LIMITS.url,
  timezone: LIMITS.code,
  language: LIMITS.code,
} as const;

/** A user to create and the clear-text password to hash for it. */
export interface NewUser {
  user: UserJson;
  password: string;
}

/** What {@link parseNewUser} needs besides the body. */
export interface NewUserOptions {
  id: string;
  /** Epoch ms. */
  now: number;
  /** `?suspended=true` */
  suspended: boolean;
  /** `?forcePasswordReset=true` */
  forcePasswordReset: boolean;
}

/**
 * Validates the body of `POST /users` (contract §4.3) into a complete User and its password.
 * `username` defaults to the email; `credentials.password` is required. Read-only properties
 * (id, status, dates, counters) are ignored, unknown ones too. Wrong types and oversized values
 * are 400s; a password failing the policy or an expiry in the past is a 422 Validation.
 *
 * @example
 * parseNewUser({ email: 'sam@acme.example', credentials: { password: 'long enough' } }, options);
 * // { user: { username: 'sam@acme.example', … }, password: 'long enough' }
 */
export function parseNewUser(body: Record<string, unknown>, options: NewUserOptions): NewUser {
  const email = emailAddress(body.email);
  const username =
    body.username === undefined || body.username === null || body.username === ''
      ? email
      : requiredText(body.username, 'username');
  let user = newUserJson({
    id: options.id,
    username,
    email,
    now: new Date(options.now).toISOString(),
    status: { suspended: options.suspended, passwordResetRequired: options.forcePasswordReset },
  });
  user = applyProfile(user, body, false);
  const credentials = body.credentials;
  if (!isPlainObject(credentials) || credentials.password === undefined || credentials.password === null) {
    throw new HttpError(400, "'credentials.password' is required to create a user", {
      field: 'credentials.password',
    });
  }
  const password = passwordValue(credentials.password, 'credentials.password');
  user.credentials = applyCredentials(user.credentials, credentials);
  const problems = [...passwordProblems(password, user, 'credentials.password')];
  if (body.expiry !== undefined && body.expiry !== null) {
    user.expiry = isoDate(body.expiry, 'expiry');
    if (Date.parse(user.expiry) <= options.now) {
      problems.push({ field: 'expiry', message: 'The expiry date must be in the future' });
    }
  }
  if (problems.length > 0)
    throw new ValidationFailure('There are validation errors creating the user', problems);
  return { user, password };
}

/**
 * Applies the body of `PATCH /users/{id}` as a JSON merge patch (contract §4.3): only the
 * properties present change, `expiry: null` clears the expiry, `custom` merges member by
 * member. The password cannot change here (422); read-only properties are ignored, so a
 * client may send back a user it read.
 *
 * @param now - epoch ms; a new expiry must lie after it
 */
export function applyUserPatch(current: UserJson, patch: Record<string, unknown>, now: number): UserJson {
  let user: UserJson = structuredClone(current);
  if (patch.username !== undefined) user.username = requiredText(patch.username, 'username');
  if (patch.email !== undefined) user.email = emailAddress(patch.email);
  user = applyProfile(user, patch, true);
  const problems: FieldProblem[] = [];
  if (patch.credentials !== undefined) {
    if (!isPlainObject(patch.credentials)) throw badField('credentials', 'a JSON object', patch.credentials);
    if (patch.credentials.password !== undefined && patch.credentials.password !== null) {
      problems.push({
        field: 'credentials.password',
        message:
          'The password cannot be changed by an update; use POST /api/security/users/{id}/credentials/password',
      });
    }
    user.credentials = applyCredentials(user.credentials, patch.credentials);
  }
  if (patch.expiry === null) user.expiry = null;
  else if (patch.expiry !== undefined) {
    const expiry = isoDate(patch.expiry, 'expiry');
    // An unchanged expiry sent back by a client is not a new date, even if it has passed.
    if (current.expiry === null || Date.parse(current.expiry) !== Date.parse(expiry)) {
      if (Date.parse(expiry) <= now) {
        problems.push({ field: 'expiry', message: 'The expiry date must be in the future' });
      }
      user.expiry = expiry;
    }
  }
  if (problems.length > 0)
    throw new ValidationFailure('There are validation errors updating the user', problems);
  user.modified = new Date(now).toISOString();
  return user;
}

/**
 * Why a password does not meet the policy: at least 8 characters, and not the username or
 * email address (case-insensitive). Empty when it does.
 *
 * @example
 * passwordProblems('short', { username: 'sam', email: 'sam@acme.example' }, 'new');
 * // [{ field: 'new', message: 'The password must be at least 8 characters long' }]
 */
export function passwordProblems(
  password: string,
  user: { username: string; email: string },
  field: string,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if ([...password].length < LIMITS.passwordMinimum) {
    problems.push({
      field,
      message: `The password must be at least ${LIMITS.passwordMinimum} characters long`,
    });
  }
  const lower = password.toLowerCase();
  if (lower === user.username.toLowerCase() || lower === user.email.toLowerCase()) {
    problems.push({ field, message: 'The password must not be the username or the email address' });
  }
  return problems;
}

/** A password as sent: a string of at most 1024 characters, or a 400. */
export function passwordValue(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length > LIMITS.password) {
    throw badField(field, `a string of at most ${LIMITS.password} characters`, value);
  }
  return value;
}

function applyProfile(user: UserJson, body: Record<string, unknown>, merge: boolean): UserJson {
  for (const [key, max] of Object.entries(PROFILE_TEXTS) as [keyof typeof PROFILE_TEXTS, number][]) {
    if (body[key] !== undefined) user[key] = optionalText(body[key], key, max);
  }
  if (body.custom !== undefined) {
    user.custom = merge
      ? customObject(body.custom === null ? null : mergePatch(user.custom, customObject(body.custom)))
      : customObject(body.custom);
  }
  if (body.optOutOfNotifications !== undefined) {
    user.optOutOfNotifications =
      body.optOutOfNotifications === null
        ? false
        : booleanValue(body.optOutOfNotifications, 'optOutOfNotifications');
  }
  return user;
}

function applyCredentials(
  current: UserJson['credentials'],
  credentials: Record<string, unknown>,
): UserJson['credentials'] {
  const next = structuredClone(current);
  if (credentials.provider !== undefined && credentials.provider !== null) {
    const provider = credentials.provider;
    if (!isPlainObject(provider)) throw badField('credentials.provider', 'a JSON object', provider);
    const type = requiredText(provider.type, 'credentials.provider.type', LIMITS.code);
    const name =
      provider.name === undefined || provider.name === null
        ? type
        : requiredText(provider.name, 'credentials.provider.name', LIMITS.name);
    next.provider = { type, name };
  }
  const frequency = credentials.passwordChangeFrequency;
  if (frequency !== undefined && frequency !== null) {
    if (
      typeof frequency !== 'number' ||
      !Number.isInteger(frequency) ||
      frequency < 0 ||
      frequency > MAX_CHANGE_FREQUENCY_DAYS
    ) {
      throw badField(
        'credentials.passwordChangeFrequency',
        `a whole number of days from 0 to ${MAX_CHANGE_FREQUENCY_DAYS}`,
        frequency,
      );
    }
    next.passwordChangeFrequency = frequency;
  }
  return next;
}
