-- Access-restricted content (Canopy's addition to the contract, §7.7): an entry listed here is
-- served by the delivery API only to a signed-in visitor, and when any of its rows names a
-- group, only to a member (inherited membership counts) of one of those groups. One row per
-- required group, keyed by the group's id or name lower-cased; an empty group_key means "any
-- signed-in visitor". The restriction covers every language and version of the entry.

CREATE TABLE entry_access (
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  entry_id TEXT NOT NULL,
  group_key TEXT NOT NULL,                             -- lower-cased group id or name; '' = any signed-in visitor
  group_label TEXT NOT NULL,                           -- the group id or name as the editor wrote it
  PRIMARY KEY (project_id, entry_id, group_key)
) STRICT;
