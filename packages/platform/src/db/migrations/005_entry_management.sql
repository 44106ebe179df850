-- Management of entries and assets (platform-contract.md §4.2 "Entries", §7.8): the recycle
-- bin, the history of superseded versions and asset uploads. Written by src/management/entries/.

-- Entry variations deleted without `permanent=true`. They leave entry_versions (so delivery,
-- lists and ordinary searches no longer see them) and wait here; management searches with
-- includeDeleted=true and usage counts (totalRecycleBinCount) read them. `latest_data` is the
-- variation's latest version, `published_data` its published one when that was another
-- version; both are the Entry JSON as entry_versions stores it.
CREATE TABLE entry_recycle_bin (
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  entry_id TEXT NOT NULL,
  language TEXT NOT NULL,
  content_type_id TEXT NOT NULL,
  data_format TEXT NOT NULL,
  latest_data TEXT NOT NULL,
  published_data TEXT,
  deleted TEXT NOT NULL,                               -- ISO 8601
  deleted_by TEXT NOT NULL,
  PRIMARY KEY (project_id, entry_id, language)
) STRICT;

-- Versions that are neither the latest nor the published one any more (entry_versions keeps
-- only those two), so `GET …/entries/{id}?version=x.y` can still serve them.
CREATE TABLE entry_version_history (
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  entry_id TEXT NOT NULL,
  language TEXT NOT NULL,
  version_no TEXT NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (project_id, entry_id, language, version_no)
) STRICT;

-- Files uploaded through `POST P/assets` (contract §7.8), waiting to be attached to an asset
-- entry (`sysAssetFile.fileId`). The bytes sit in <data dir>/assets under `file_name` (their
-- content hash, as for seeded files); `original_name` is the uploaded name, cleaned, which
-- becomes the last segment of the asset's URI.
CREATE TABLE asset_uploads (
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  file_id TEXT NOT NULL,
  file_name TEXT NOT NULL,
  original_name TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  created TEXT NOT NULL,
  PRIMARY KEY (project_id, file_id)
) STRICT;
