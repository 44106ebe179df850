-- Email verification of self-registered users (Canopy's addition to the contract). A user with
-- a row in unverified_emails may not sign in until they follow the link of a verification
-- mail; users created without asking for verification (administrators, the seed) have none.
-- Only the SHA-256 of each 256-bit token is stored.

CREATE TABLE unverified_emails (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL                          -- ms since epoch
) STRICT, WITHOUT ROWID;

CREATE TABLE email_verifications (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,                         -- ms since epoch
  expires_at INTEGER NOT NULL                          -- ms since epoch
) STRICT;

CREATE INDEX email_verifications_by_user ON email_verifications (user_id);
