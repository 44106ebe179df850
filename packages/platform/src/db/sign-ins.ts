import type { Db } from './open.js';
import { preparedFor } from './statements.js';

// The counters live in the user's JSON record (contract §4.3 User: lastLogin,
// successfulLoginAttempts, failedLoginAttempts, failedLoginAttemptsSinceLastSuccess,
// lastFailedLogin), updated in SQL so a sign-in never reads, parses and rewrites the record.
// Users are global, not part of a project, so there is no project event to publish.
const statements = preparedFor((db) => ({
  success: db.prepare<[{ at: string; id: string }]>(
    `UPDATE users SET data = json_set(data,
        '$.lastLogin', @at,
        '$.successfulLoginAttempts', COALESCE(json_extract(data, '$.successfulLoginAttempts'), 0) + 1,
        '$.failedLoginAttemptsSinceLastSuccess', 0)
      WHERE id = @id`,
  ),
  failure: db.prepare<[{ at: string; id: string }]>(
    `UPDATE users SET data = json_set(data,
        '$.lastFailedLogin', @at,
        '$.failedLoginAttempts', COALESCE(json_extract(data, '$.failedLoginAttempts'), 0) + 1,
        '$.failedLoginAttemptsSinceLastSuccess',
          COALESCE(json_extract(data, '$.failedLoginAttemptsSinceLastSuccess'), 0) + 1)
      WHERE id = @id`,
  ),
}));

/**
 * Records a successful sign-in on the user's record: `lastLogin` becomes `at`,
 * `successfulLoginAttempts` goes up by one and `failedLoginAttemptsSinceLastSuccess` back to 0.
 * Runs inside the caller's transaction when there is one.
 *
 * @example
 * recordSuccessfulSignIn(db, user.id, new Date(now).toISOString());
 */
export function recordSuccessfulSignIn(db: Db, userId: string, at: string): void {
  statements(db).success.run({ at, id: userId });
}

/**
 * Records a failed sign-in (wrong password, or any attempt on a suspended account):
 * `lastFailedLogin` becomes `at`, `failedLoginAttempts` and
 * `failedLoginAttemptsSinceLastSuccess` go up by one.
 */
export function recordFailedSignIn(db: Db, userId: string, at: string): void {
  db.transaction(() => statements(db).failure.run({ at, id: userId }))();
}
