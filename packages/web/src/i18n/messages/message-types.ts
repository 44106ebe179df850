/**
 * Message catalogues: per language, a message in ICU MessageFormat for each key
 * (`'{count, plural, one {# result} other {# results}}'`). Types only.
 */

/** A language's messages by key. */
export type MessageCatalogue<Key extends string = string> = Readonly<Record<Key, string>>;

/** How each language's catalogue is loaded: a dynamic import per language, so a page loads only its own. */
export type CatalogueLoaders<Key extends string = string> = Readonly<
  Record<string, () => Promise<{ messages: MessageCatalogue<Key> }>>
>;

/** Formats the message `key` with `values`, in the translator's language. */
export interface Translator<Key extends string = string> {
  readonly language: string;
  (key: Key, values?: Readonly<Record<string, string | number | Date | null | undefined>>): string;
}
