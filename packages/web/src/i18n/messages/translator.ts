import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageCatalogue, Translator } from './message-types.js';

/**
 * A translator over a loaded catalogue: each message is parsed once, on first use, and
 * formatted with the language's own `Intl` rules (plural categories, dates, numbers). A key
 * missing from the catalogue is taken from `fallback` in the fallback's language; a key in
 * neither throws rather than showing the key to a visitor (the catalogue test reports both).
 *
 * @example
 * const t = createTranslator('cy', { 'pager.pageOf': 'Tudalen {page} o {pages}' });
 * t('pager.pageOf', { page: 2, pages: 7 }); // 'Tudalen 2 o 7'
 */
export function createTranslator<Key extends string>(
  language: string,
  messages: MessageCatalogue<Key>,
  fallback?: { language: string; messages: MessageCatalogue<Key> },
): Translator<Key> {
  const formats = new Map<Key, IntlMessageFormat>();
  const formatOf = (key: Key): IntlMessageFormat => {
    let format = formats.get(key);
    if (!format) {
      const own = Object.hasOwn(messages, key) ? messages[key] : undefined;
      const other = fallback && Object.hasOwn(fallback.messages, key) ? fallback.messages[key] : undefined;
      if (own === undefined && other === undefined) throw new Error(`No message ${key} in ${language}`);
      format =
        own !== undefined
          ? new IntlMessageFormat(own, language)
          : new IntlMessageFormat(other as string, fallback?.language);
      formats.set(key, format);
    }
    return format;
  };
  const translate = (
    key: Key,
    values?: Readonly<Record<string, string | number | Date | null | undefined>>,
  ) => String(formatOf(key).format(values));
  return Object.assign(translate, { language });
}
