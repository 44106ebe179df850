-- A verification link that has been followed is kept (marked used) until it would have
-- expired, so following it again can say that the address is already confirmed rather than
-- that the link is invalid. Confirming the address another way (a password reset) marks the
-- user's links used too.

ALTER TABLE email_verifications ADD COLUMN used_at INTEGER;  -- ms since epoch; NULL: not used
