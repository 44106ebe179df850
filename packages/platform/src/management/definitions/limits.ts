/**
 * Size limits and shapes of the identifiers the definition APIs accept. Limits keep a single
 * request from storing unbounded data (the body limit is 1 MiB overall); patterns keep ids
 * usable in URLs, JSON paths and search field names.
 */

/** Longest id of a project, content type, component, field or group. */
export const MAX_ID_LENGTH = 128;

/** Longest name, display name, slug or other short label (per language). */
export const MAX_NAME_LENGTH = 256;

/** Longest description, instructions, URL or other free text. */
export const MAX_TEXT_LENGTH = 4000;

/** Most fields a content type or component may define. */
export const MAX_FIELDS = 500;

/** Most languages, groups or list items a definition or node may name. */
export const MAX_LIST_ITEMS = 200;

/** A project id: letters, digits, `-` and `_`, starting with a letter or digit (as the seed requires). */
export const PROJECT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * A content type, component, field or group id: an identifier (letter first, then letters,
 * digits and `_`), so it works as a JSON property and a search field path.
 */
export const DEFINITION_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

/** A language code such as `en-GB`, `cy` or `zh-Hant-TW` (BCP 47 shaped, at most 35 characters). */
export const LANGUAGE_PATTERN = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/;

/** A node id: a GUID, so `/nodes/{id}` never collides with a one-segment site path. */
export const NODE_ID_PATTERN =
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * A node slug: letters (any script), digits, `-`, `_`, `.` and `~` — characters that stay
 * themselves in a URL path, so a node's path is the URL it is served at.
 */
export const SLUG_PATTERN = /^[\p{L}\p{N}._~-]+$/u;
