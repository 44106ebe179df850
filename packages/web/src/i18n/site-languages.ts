/**
 * How a site publishes its languages: which it has, which one lives at the root, and where
 * each of the others lives (a path prefix such as `/cy`, or a host name of its own).
 *
 * Pure data and checks, shared by the server and the browser; nothing here reads a request.
 */

/** A site's languages as its author writes them. */
export interface SiteLanguagesInput {
  /** Language codes as the platform names them (`'en-GB'`, `'cy'`), in the order a switcher lists them. */
  languages: readonly string[];
  /** The language served at the root of the site's own host, without a prefix; one of `languages`. */
  defaultLanguage: string;
  /**
   * The path prefix of each language other than the default, a single path segment without
   * slashes (`{ cy: 'cy' }` serves Welsh under `/cy/…`). Default: the language code in lower case.
   */
  prefixes?: Readonly<Record<string, string>>;
  /**
   * A host name per language, for sites that give a language a host of its own
   * (`{ 'en-GB': 'www.aberwen.example', cy: 'www.aberwen-cymraeg.example' }`). A language
   * with a host is served at the root of that host, without a prefix.
   */
  hosts?: Readonly<Record<string, string>>;
}

/** A site's languages after {@link siteLanguages} checked them: every default filled in. */
export interface SiteLanguages {
  readonly languages: readonly string[];
  readonly defaultLanguage: string;
  /** Prefix of every language that has one: not the default, not one with a host of its own. */
  readonly prefixes: Readonly<Record<string, string>>;
  /** Host name (lower case) of every language that has one. */
  readonly hosts: Readonly<Record<string, string>>;
}

// One path segment that needs no encoding, so a prefix reads the same in a URL and a route.
const PREFIX_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
// A host name without a port or a scheme; lower case is how hosts are compared.
const HOST_PATTERN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/**
 * Checks a site's languages and fills in the defaults: each language but the default gets a
 * prefix (its code in lower case) unless it has a host of its own. Throws on an empty list,
 * a language named twice, a default that is not in the list, a prefix that is not one plain
 * path segment or that two languages share, or a host that two languages share.
 *
 * @example
 * siteLanguages({ languages: ['en-GB', 'cy'], defaultLanguage: 'en-GB' });
 * // { languages: ['en-GB', 'cy'], defaultLanguage: 'en-GB', prefixes: { cy: 'cy' }, hosts: {} }
 */
export function siteLanguages(input: SiteLanguagesInput): SiteLanguages {
  const languages = [...input.languages];
  if (languages.length === 0) throw new Error('A site needs at least one language');
  if (new Set(languages).size !== languages.length) throw new Error('A language is listed twice');
  if (!languages.includes(input.defaultLanguage))
    throw new Error(`The default language ${input.defaultLanguage} is not one of ${languages.join(', ')}`);
  const hosts: Record<string, string> = {};
  const hostOwners = new Map<string, string>();
  for (const [language, host] of Object.entries(input.hosts ?? {})) {
    if (!languages.includes(language)) throw new Error(`Host for unknown language ${language}`);
    const name = host.toLowerCase();
    if (!HOST_PATTERN.test(name)) throw new Error(`Host "${host}" of ${language} is not a host name`);
    const owner = hostOwners.get(name);
    if (owner) throw new Error(`${language} and ${owner} share the host ${name}`);
    hostOwners.set(name, language);
    hosts[language] = name;
  }
  const prefixes: Record<string, string> = {};
  const prefixOwners = new Map<string, string>();
  for (const [language] of Object.entries(input.prefixes ?? {})) {
    if (!languages.includes(language)) throw new Error(`Prefix for unknown language ${language}`);
  }
  for (const language of languages) {
    if (language === input.defaultLanguage || hosts[language] !== undefined) continue;
    const prefix = input.prefixes?.[language] ?? language.toLowerCase();
    if (!PREFIX_PATTERN.test(prefix))
      throw new Error(`Prefix "${prefix}" of ${language} is not one lower-case path segment`);
    const owner = prefixOwners.get(prefix);
    if (owner) throw new Error(`${language} and ${owner} share the prefix /${prefix}`);
    prefixOwners.set(prefix, language);
    prefixes[language] = prefix;
  }
  return { languages, defaultLanguage: input.defaultLanguage, prefixes, hosts };
}
