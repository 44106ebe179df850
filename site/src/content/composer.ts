/** One item of a composer field (`contentPage.body`). */
export interface ComposerItem {
  type: string;
  value: unknown;
}

/** The items of a composer field; anything without a type is skipped. */
export function composerItems(value: unknown): ComposerItem[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is ComposerItem =>
      item !== null && typeof item === 'object' && typeof (item as { type?: unknown }).type === 'string',
  );
}
