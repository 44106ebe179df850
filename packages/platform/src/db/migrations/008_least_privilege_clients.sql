-- API clients no longer administer users and groups by default. The only clients so far are
-- the seeded website clients, whose secret every site deployment holds: with the flag set,
-- that secret could create administrators. What a site needs (registering users into
-- ordinary groups) is now granted by its role instead (security/access.ts).
UPDATE api_clients SET security_admin = 0;
