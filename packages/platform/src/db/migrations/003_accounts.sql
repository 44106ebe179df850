-- Accounts, API clients, OAuth tokens and roles (platform-contract.md §3, §4.2 roles, §4.3, §4.4).
-- Users and groups are global (the security API has no project); roles belong to a project.
-- Secrets never appear here in clear: passwords as argon2id PHC strings, client secrets the
-- same, tokens as SHA-256 of their 256-bit random value.

CREATE TABLE users (
  id TEXT PRIMARY KEY,                                 -- GUID
  classic_id INTEGER NOT NULL UNIQUE,                  -- legacy numeric id (?classicUserId=true)
  username TEXT NOT NULL,
  email TEXT NOT NULL,
  password_hash TEXT,                                  -- NULL: no password sign-in
  suspended INTEGER NOT NULL DEFAULT 0 CHECK (suspended IN (0, 1)),
  data TEXT NOT NULL                                   -- JSON User (§4.3) without credentials.password
) STRICT;

CREATE UNIQUE INDEX users_by_username ON users (username COLLATE NOCASE);
CREATE UNIQUE INDEX users_by_email ON users (email COLLATE NOCASE);

CREATE TABLE groups (
  id TEXT PRIMARY KEY,                                 -- GUID
  name TEXT NOT NULL,
  data TEXT NOT NULL                                   -- JSON Group (§4.4) without the counts
) STRICT;

CREATE UNIQUE INDEX groups_by_name ON groups (name COLLATE NOCASE);

CREATE TABLE group_users (
  group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, user_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX group_users_by_user ON group_users (user_id);

-- A child group's members count as members of the parent (§4.3 userIsMemberOf).
CREATE TABLE group_groups (
  parent_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  child_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  PRIMARY KEY (parent_id, child_id),
  CHECK (parent_id <> child_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX group_groups_by_child ON group_groups (child_id);

-- OAuth clients for the client_credentials grant. Roles grant them permissions by name
-- (role.assignments.apiKeys); security_admin lets a site manage users (registration).
CREATE TABLE api_clients (
  id TEXT PRIMARY KEY,                                 -- client_id
  name TEXT NOT NULL UNIQUE,
  secret_hash TEXT NOT NULL,                           -- argon2id PHC string
  security_admin INTEGER NOT NULL DEFAULT 0 CHECK (security_admin IN (0, 1)),
  created TEXT NOT NULL
) STRICT;

-- A sign-in (classic grant) or a client_credentials grant. Logout revokes the session and
-- with it every token issued under it.
CREATE TABLE auth_sessions (
  id TEXT PRIMARY KEY,
  subject_kind TEXT NOT NULL CHECK (subject_kind IN ('user', 'client')),
  subject_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,                         -- ms since epoch
  revoked_at INTEGER
) STRICT;

CREATE INDEX auth_sessions_by_subject ON auth_sessions (subject_kind, subject_id);

CREATE TABLE auth_tokens (
  token_hash TEXT PRIMARY KEY,                         -- hex SHA-256 of the token value
  kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh', 'classic', 'security')),
  session_id TEXT NOT NULL REFERENCES auth_sessions(id) ON DELETE CASCADE,
  scopes TEXT NOT NULL DEFAULT '',                     -- space separated
  expires_at INTEGER NOT NULL,                         -- ms since epoch
  created_at INTEGER NOT NULL
) STRICT;

CREATE INDEX auth_tokens_by_session ON auth_tokens (session_id);
CREATE INDEX auth_tokens_by_expiry ON auth_tokens (expires_at);

CREATE TABLE roles (
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  data TEXT NOT NULL,                                  -- JSON Role (§4.2): permissions, assignments…
  PRIMARY KEY (project_id, id)
) STRICT;

CREATE UNIQUE INDEX roles_by_name ON roles (project_id, name COLLATE NOCASE);
