import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../auth/caller.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { addressKey, underThrottle } from '../../auth/throttle.js';
import { effectiveGroups, insertUserRecord } from '../../db/accounts.js';
import { revokeSubjectSessions } from '../../db/auth-tokens.js';
import { markEmailUnverified } from '../../db/email-verifications.js';
import { listGroupEdges, listGroupRecords, renameInRoleAssignments } from '../../db/groups.js';
import {
  deleteUserRecord,
  directGroupIdsOf,
  findUserRecord,
  getUserRecord,
  getUserRecordByClassicId,
  listUserRecords,
  revokeOtherUserSessions,
  setUserPassword,
  type UserRecord,
  updateUserRecord,
  userIdentityClash,
} from '../../db/users.js';
import { badRequest, HttpError, notFound } from '../../delivery/errors.js';
import { isSelf, requireSecurityPermission, requireSelfOrAdministrator } from '../../security/access.js';
import { GroupGraph } from '../../security/group-graph.js';
import { shapeGroup } from '../../security/group-model.js';
import { GROUP_LIST, USER_LIST } from '../../security/list-specs.js';
import { applyListing, parseListRequest, parseSearchRequest } from '../../security/listing.js';
import {
  applyUserPatch,
  DEFAULT_PASSWORD_CHANGE_FREQUENCY_DAYS,
  type NewUser,
  parseNewUser,
  passwordProblems,
  passwordValue,
} from '../../security/user-input.js';
import { shapeUser, storedUserData, type UserJson } from '../../security/user-model.js';
import { ValidationFailure } from '../../security/validation.js';
import { type ApiDeps, callerOf } from '../api-deps.js';
import { nowIso } from '../changes.js';
import { conflict, objectBody } from '../management/common.js';
import { sendVerificationMail } from './email-verification-routes.js';
import {
  administrator,
  commaSegment,
  excludedGroupIds,
  flag,
  keepingAnAdministrator,
  noContent,
  publishAccountChange,
  queryOf,
  userOr404,
  userParam,
} from './request.js';
import {
  type AccountPageLinks,
  accountPageLinks,
  assertSelfChosenUsername,
  REGISTRATION_ATTEMPT_MAIL,
  writeRegistrationAttemptMail,
} from './self-registration.js';
import { publishSessionsRevoked } from './session-events.js';

const USERS = '/api/security/users';

/** The actions of `POST /users/{id}/actions`, by lower-cased name. */
const ACTIONS = ['suspend', 'unsuspend', 'unlock', 'setpasswordtoexpirable', 'forcepasswordreset'] as const;
type ActionName = (typeof ACTIONS)[number];

/**
 * The users half of the security API (contract §4.3) under `/api/security/users`.
 * Authorisation as documented on `requireSecurityAdministrator`: a caller may read
 * themselves, list their own groups, check their own membership and change their own password;
 * everything else needs a security administrator.
 */
export function registerUserRoutes(server: FastifyInstance, deps: ApiDeps): void {
  const { db } = deps;

  server.get(`${USERS}/@current`, (request) => {
    const caller = callerOf(deps, request);
    const user = caller.kind === 'user' ? getUserRecord(db, caller.id) : undefined;
    if (!user) throw notFound('The caller is an API client, not a user', { clientId: caller.id });
    return shapeUser(user);
  });

  const search =
    (source: (request: FastifyRequest) => Record<string, unknown>) => (request: FastifyRequest) => {
      administrator(deps, request);
      const users = listUserRecords(db).map(shapeUser);
      return applyListing(users, parseSearchRequest(source(request), deps.now()), USER_LIST);
    };
  server.get(
    `${USERS}/search`,
    search((request) => ({ ...queryOf(request) })),
  );
  server.post(
    `${USERS}/search`,
    search((request) => (request.body === undefined ? {} : objectBody(request, 'a query (JSON object)'))),
  );

  server.get(USERS, (request) => {
    administrator(deps, request);
    const users = listUserRecords(db).map(shapeUser);
    return applyListing(users, parseListRequest(queryOf(request), deps.now()), USER_LIST);
  });

  server.get(`${USERS}/:userId`, (request) => {
    const caller = callerOf(deps, request);
    const identifier = userParam(request, caller);
    let user: UserRecord | undefined;
    if (flag(queryOf(request), 'classicUserId')) {
      if (!/^\d{1,15}$/.test(identifier)) {
        throw badRequest('A classic user id is a whole number', { userId: identifier });
      }
      user = getUserRecordByClassicId(db, Number(identifier));
    } else {
      user = findUserRecord(db, identifier);
    }
    return shapeUser(readable(caller, user, identifier));
  });

  server.post(USERS, async (request, reply) => {
    const caller = callerOf(deps, request);
    requireSecurityPermission(db, caller, { resourceType: 'users', action: 'create' });
    const query = queryOf(request);
    const links = accountPageLinks(query);
    // Only a security administrator may create an account that signs in at once. Anyone a role
    // lets create users (a site's API client, whose secret sits on every web server) creates
    // them as a registration form does: unverified, with the verification mail sent here, so
    // a stolen site secret cannot mint usable accounts for addresses it does not hold.
    const selfRegistration = flag(query, 'verifyEmail') || !caller.securityAdministrator;
    if (!caller.securityAdministrator && !links.verifyUrl) {
      throw badRequest(
        'Users created without security administration start unverified and are mailed a verification link: give verifyUrl, the address of the page that completes the verification',
        { parameter: 'verifyUrl' },
      );
    }
    const input = parseNewUser(objectBody(request, 'a user (JSON object)'), {
      id: randomUUID(),
      now: deps.now(),
      suspended: flag(query, 'suspended'),
      forcePasswordReset: flag(query, 'forcePasswordReset'),
    });
    if (selfRegistration) return selfRegister(deps, caller, reply, input, links);
    const { user } = input;
    assertIdentityFree(deps, user);
    // Hashing takes a while; the identity is checked again inside the write's transaction.
    const passwordHash = await hashPassword(input.password);
    const created = db.transaction(() => {
      assertIdentityFree(deps, user);
      insertUserRecord(db, {
        id: user.id,
        username: user.username,
        email: user.email,
        passwordHash,
        suspended: user.status.suspended,
        data: storedUserData({}, user),
      });
      return shapeUser(getUserRecord(db, user.id)!);
    })();
    publishAccountChange(deps, caller, 'user', 'created', created.id, created);
    return reply.code(201).send(created);
  });

  server.patch(`${USERS}/:userId`, (request) => {
    const caller = administrator(deps, request);
    const body = objectBody(request, 'a user (JSON object)');
    const updated = db.transaction(() => {
      const record = userOr404(deps, userParam(request, caller));
      if (body.id !== undefined && body.id !== record.id) {
        throw badRequest('The id in the body does not match the user in the URL', {
          id: body.id,
          userId: record.id,
        });
      }
      const next = applyUserPatch(shapeUser(record), body, deps.now());
      assertIdentityFree(deps, next);
      updateUserRecord(db, {
        ...next,
        suspended: record.suspended,
        data: storedUserData(record.data, next),
      });
      // Roles name the users they are assigned to; a renamed user keeps their roles.
      if (next.username !== record.username)
        renameInRoleAssignments(db, 'users', record.username, next.username);
      return shapeUser(getUserRecord(db, record.id)!);
    })();
    publishAccountChange(deps, caller, 'user', 'updated', updated.id, updated);
    return updated;
  });

  server.delete(`${USERS}/:userId`, (request, reply) => {
    const caller = administrator(deps, request);
    const deleted = db.transaction(() => {
      const record = userOr404(deps, userParam(request, caller));
      if (isSelf(caller, record.id)) {
        throw new ValidationFailure('You cannot delete your own account', [
          { field: 'id', message: 'Ask another administrator to delete your account' },
        ]);
      }
      keepingAnAdministrator(deps, () => {
        deleteUserRecord(db, record.id);
        revokeSubjectSessions(db, { kind: 'user', id: record.id }, deps.now());
      });
      return shapeUser(record);
    })();
    publishAccountChange(deps, caller, 'user', 'deleted', deleted.id, deleted);
    publishSessionsRevoked(deps, [deleted.id]);
    return noContent(reply);
  });

  server.get(`${USERS}/:userId/groups`, (request) => {
    const caller = callerOf(deps, request);
    const identifier = userParam(request, caller);
    const user = readable(caller, findUserRecord(db, identifier), identifier);
    const query = queryOf(request);
    const admin = !isSelf(caller, user.id);
    const ids = new Set(
      flag(query, 'includeInherited')
        ? effectiveGroups(db, user.id).map((group) => group.id)
        : directGroupIdsOf(db, user.id),
    );
    const excluded = new GroupGraph(listGroupEdges(db)).excluded(
      excludedGroupIds(deps, query, admin ? 'reject' : 'ignore'),
    );
    const groups = listGroupRecords(db)
      .filter((group) => ids.has(group.id) && !excluded.has(group.id))
      .map(shapeGroup);
    return applyListing(groups, parseListRequest(query, deps.now()), GROUP_LIST);
  });

  server.head(`${USERS}/:userId/groups/:groups`, (request, reply) => {
    const caller = callerOf(deps, request);
    const identifier = userParam(request, caller);
    const user = readable(caller, findUserRecord(db, identifier), identifier);
    const wanted = new Set(commaSegment(request).map((name) => name.toLowerCase()));
    const member = effectiveGroups(db, user.id).some(
      (group) => wanted.has(group.id.toLowerCase()) || wanted.has(group.name.toLowerCase()),
    );
    if (!member) throw notFound('The user is not a member of any of the groups');
    return noContent(reply);
  });

  server.post(`${USERS}/:userId/credentials/password`, async (request, reply) => {
    const caller = callerOf(deps, request);
    const identifier = userParam(request, caller);
    const record = findUserRecord(db, identifier);
    requireSelfOrAdministrator(caller, record?.id);
    if (!record) throw notFound(`The user '${identifier}' could not be found`, { userId: identifier });
    const self = isSelf(caller, record.id);
    const body = objectBody(request, 'a JSON object { "new": "…", "existing"?: "…" }');
    const password = passwordValue(body.new, 'new');
    const existing =
      body.existing === undefined || body.existing === null
        ? undefined
        : passwordValue(body.existing, 'existing');
    if (self && existing === undefined) {
      throw new ValidationFailure('There are validation errors changing the password', [
        { field: 'existing', message: 'Give your current password to change it' },
      ]);
    }
    if (existing !== undefined) {
      // The current password is a password check like a sign-in: guessing it through a stolen
      // session must cost what guessing at the sign-in does, and the counts are shared with it.
      const checked = await underThrottle(
        deps.signInThrottle,
        { account: `user:${record.id}`, address: addressKey(request.ip) },
        deps,
        async () => {
          // After the throttle's delay: the password as it is now.
          const hash = getUserRecord(db, record.id)?.passwordHash;
          return (await verifyPassword(hash, existing)) ? true : undefined;
        },
      );
      if (!checked.ok) {
        reply.header('retry-after', String(checked.retryAfterSeconds));
        throw new HttpError(429, tooManyWrongPasswords(checked.retryAfterSeconds), {
          field: 'existing',
          retryAfterSeconds: checked.retryAfterSeconds,
        });
      }
      if (!checked.value)
        throw new HttpError(409, 'The existing password is not correct', { field: 'existing' });
    }
    const problems = passwordProblems(password, record, 'new');
    if (existing !== undefined && existing === password) {
      problems.push({ field: 'new', message: 'The new password must differ from the existing one' });
    }
    if (problems.length > 0) {
      throw new ValidationFailure('There are validation errors changing the password', problems);
    }
    const passwordHash = await hashPassword(password);
    const changed = db.transaction(() => {
      const current = getUserRecord(db, record.id);
      if (!current) throw notFound(`The user '${identifier}' could not be found`, { userId: identifier });
      const now = deps.now();
      const user = shapeUser(current);
      user.passwordChanged = new Date(now).toISOString();
      user.modified = user.passwordChanged;
      user.status.passwordResetRequired = false;
      setUserPassword(db, current.id, passwordHash, storedUserData(current.data, user));
      // Other devices signed in as this user must sign in again; the caller's own session stays.
      if (self) revokeOtherUserSessions(db, current.id, caller.sessionId, now);
      else revokeSubjectSessions(db, { kind: 'user', id: current.id }, now);
      return user;
    })();
    publishAccountChange(deps, caller, 'user', 'updated', changed.id, changed);
    publishSessionsRevoked(deps, [changed.id]);
    return noContent(reply);
  });

  server.post(`${USERS}/:userId/actions`, (request, reply) => {
    const caller = administrator(deps, request);
    const body = objectBody(request, 'a JSON object { "type": "suspend" | … }');
    const type = typeof body.type === 'string' ? body.type.trim().toLowerCase() : undefined;
    if (!ACTIONS.includes(type as ActionName)) {
      throw new ValidationFailure('The action is not known', [
        {
          field: 'type',
          message: 'Use one of suspend, unsuspend, unlock, setPasswordToExpirable, forcePasswordReset',
        },
      ]);
    }
    const updated = db.transaction(() => {
      const record = userOr404(deps, userParam(request, caller));
      const user = applyAction(caller, record, type as ActionName);
      user.modified = nowIso(deps);
      keepingAnAdministrator(deps, () => {
        updateUserRecord(db, {
          ...user,
          suspended: user.status.suspended,
          data: storedUserData(record.data, user),
        });
        if (user.status.suspended && !record.suspended) {
          revokeSubjectSessions(db, { kind: 'user', id: record.id }, deps.now());
        }
      });
      return shapeUser(getUserRecord(db, record.id)!);
    })();
    publishAccountChange(deps, caller, 'user', 'updated', updated.id, updated);
    if (type === 'suspend') publishSessionsRevoked(deps, [updated.id]);
    return noContent(reply);
  });
}

/** The message of a password change refused by the throttle (429, with `Retry-After`). */
function tooManyWrongPasswords(retryAfterSeconds: number): string {
  return `Too many wrong passwords; try again in ${retryAfterSeconds} seconds`;
}

/** The user after an action (not yet stored). */
function applyAction(caller: Caller, record: UserRecord, type: ActionName): UserJson {
  const user = shapeUser(record);
  switch (type) {
    case 'suspend':
      if (isSelf(caller, record.id)) {
        throw new ValidationFailure('You cannot suspend your own account', [
          { field: 'type', message: 'Ask another administrator to suspend your account' },
        ]);
      }
      user.status.suspended = true;
      break;
    case 'unsuspend':
      user.status.suspended = false;
      break;
    case 'unlock':
      user.status.locked = false;
      user.failedLoginAttemptsSinceLastSuccess = 0;
      break;
    case 'setpasswordtoexpirable':
      // A change frequency of 0 means "never expires"; the platform's policy applies instead.
      if (user.credentials.passwordChangeFrequency === 0) {
        user.credentials.passwordChangeFrequency = DEFAULT_PASSWORD_CHANGE_FREQUENCY_DAYS;
      }
      break;
    case 'forcepasswordreset':
      user.status.passwordResetRequired = true;
      break;
  }
  return user;
}

/**
 * A user the caller may read: themselves, or anyone for a security administrator. The 403
 * comes before the 404, so only administrators learn whether an account exists.
 */
function readable(caller: Caller, user: UserRecord | undefined, identifier: string): UserRecord {
  requireSelfOrAdministrator(caller, user?.id);
  if (!user) throw notFound(`The user '${identifier}' could not be found`, { userId: identifier });
  return user;
}

/**
 * A 409 when another account already uses the username or email (as username or email);
 * its data names the `field` that clashes (the username when both do).
 */
function assertIdentityFree(deps: ApiDeps, user: Pick<UserJson, 'id' | 'username' | 'email'>): void {
  const clash = userIdentityClash(deps.db, user.username, user.email, user.id);
  if (clash) throw identityConflict(user, clash.field);
}

function identityConflict(
  user: Pick<UserJson, 'username' | 'email'>,
  field: 'username' | 'email',
): HttpError {
  return conflict('A user with this username or email address already exists', {
    field,
    username: user.username,
    email: user.email,
  });
}

/**
 * `POST /users?verifyEmail=true`, a site's registration form (Canopy's addition), and every
 * creation by a caller that is not a security administrator: the user is created unverified
 * and, when the query names `verifyUrl`, mailed the verification link. When the address
 * already has an account, nothing is created or changed: the owner gets a mail
 * ({@link writeRegistrationAttemptMail}) and the site still gets its 409
 * (`field: "email"`), after the same password hashing a creation does, so that the site can
 * answer its visitor exactly as for a new account in about the same time. A taken username is
 * checked first and answered at once: it says nothing about the address.
 */
async function selfRegister(
  deps: ApiDeps,
  caller: Caller,
  reply: FastifyReply,
  input: NewUser,
  links: AccountPageLinks,
): Promise<FastifyReply> {
  const { db } = deps;
  const { user } = input;
  assertSelfChosenUsername(user.username, user.email);
  const early = userIdentityClash(db, user.username, user.email, user.id);
  if (early?.field === 'username') throw identityConflict(user, 'username');
  const passwordHash = await hashPassword(input.password);
  const created = db.transaction(() => {
    const clash = userIdentityClash(db, user.username, user.email, user.id);
    if (clash?.field === 'username') throw identityConflict(user, 'username');
    if (clash) return clash;
    insertUserRecord(db, {
      id: user.id,
      username: user.username,
      email: user.email,
      passwordHash,
      suspended: user.status.suspended,
      data: storedUserData({}, user),
    });
    // No sign-in until the verification mail's link is followed.
    markEmailUnverified(db, user.id, deps.now());
    return shapeUser(getUserRecord(db, user.id)!);
  })();
  if ('field' in created) {
    const now = deps.now();
    if (deps.ownerMails.admit({ to: created.owner, kind: REGISTRATION_ATTEMPT_MAIL }, now, reply.log)) {
      writeRegistrationAttemptMail(deps.dataDir, created.owner, links, now);
    }
    throw identityConflict(user, 'email');
  }
  publishAccountChange(deps, caller, 'user', 'created', created.id, created);
  if (links.verifyUrl) {
    sendVerificationMail(
      deps,
      { id: created.id, email: created.email },
      links.verifyUrl,
      reply.log,
      deps.now(),
      links.language,
    );
  }
  return reply.code(201).send(created);
}
