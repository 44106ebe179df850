/** How a user signs in. */
export interface UserCredentials {
  provider?: { type: string; name?: string };
  /** Write-only: set on create or by an administrator. */
  password?: string;
  passwordChangeFrequency?: number;
}

/** Account state flags. */
export interface UserStatus {
  suspended: boolean;
  locked: boolean;
  passwordResetRequired: boolean;
}

/** A platform user (contract §4.3). */
export interface User {
  id: string;
  username: string;
  email: string;
  firstName?: string;
  lastName?: string;
  avatarUrl?: string;
  timezone?: string;
  language?: string;
  custom?: Record<string, unknown>;
  credentials?: UserCredentials;
  status?: UserStatus;
  created?: string;
  modified?: string;
  lastLogin?: string | null;
  lastFailedLogin?: string | null;
  /** `null` clears an expiry on update. */
  expiry?: string | null;
  passwordChanged?: string | null;
  optOutOfNotifications?: boolean;
  failedLoginAttempts?: number;
  failedLoginAttemptsSinceLastSuccess?: number;
  successfulLoginAttempts?: number;
}

/** A user as sent to create (no id; `username` defaults to the email) or update (id required). */
export type UserInput = Partial<User> & { email?: string };

/** Options of `users.updatePassword`. */
export interface UpdatePasswordOptions {
  userId: string;
  new: string;
  /** The current password; administrators may omit it. */
  existing?: string;
}

/** `sys` (built in), `contensis` or `external`. */
export type GroupType = 'sys' | 'contensis' | 'external' | (string & {});

/** A user group (contract §4.4). */
export interface Group {
  id: string;
  name: string;
  description?: string;
  type?: GroupType;
  custom?: Record<string, unknown>;
  userCount?: number;
  childGroupCount?: number;
  created?: string;
  modified?: string;
}

/** A group as sent to create (`name` required) or update (`id` required). */
export type GroupInput = Partial<Group>;
