-- Password reset tokens (Canopy's addition to the contract, for a site's "forgotten password").
-- Only the SHA-256 of each 256-bit token is stored; a token is single use and short lived.

CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,                         -- ms since epoch
  expires_at INTEGER NOT NULL,                         -- ms since epoch
  used_at INTEGER                                      -- NULL until the password was reset
) STRICT;

CREATE INDEX password_resets_by_user ON password_resets (user_id);
