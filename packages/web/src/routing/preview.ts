/** The default base path of entry previews. */
export const PREVIEW_PATH = '/preview';

/** The default language of an entry preview (website spec §2). */
export const DEFAULT_PREVIEW_LANGUAGE = 'en-GB';

/** What a preview URL asks for. */
export interface PreviewRequest {
  entryId: string;
  language: string;
}

/**
 * Parses `/preview/{entryId}[/{language}]`; `null` for any other path.
 *
 * @example
 * parsePreviewPath('/preview/9c0e6a52-1f7e-4a39-8d0c-5be2f9a8c7d4/cy'); // { entryId: '9c0e…', language: 'cy' }
 * parsePreviewPath('/preview/abc'); // { entryId: 'abc', language: 'en-GB' }
 */
export function parsePreviewPath(
  pathname: string,
  base: string = PREVIEW_PATH,
  defaultLanguage: string = DEFAULT_PREVIEW_LANGUAGE,
): PreviewRequest | null {
  const prefix = `${base.replace(/\/+$/, '')}/`;
  if (!pathname.startsWith(prefix)) return null;
  const parts = pathname.slice(prefix.length).split('/').filter(Boolean);
  if (parts.length < 1 || parts.length > 2) return null;
  const [entryId, language] = parts.map(safeDecode);
  if (!entryId) return null;
  return { entryId, language: language || defaultLanguage };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
