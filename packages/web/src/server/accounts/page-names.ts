import { ApiError, type Client, type ManagementClient } from '@canopy/client';
import { createDeliveryAccess, type DeliveryAccessOptions } from '../../delivery/delivery-access.js';
import type { PlatformAccounts } from '../../user/platform-accounts.js';

/** What {@link createPageNames} reads titles with. */
export interface PageNameSources {
  /** An anonymous delivery client for published content (through the server's delivery cache). */
  delivery: () => Client;
  /**
   * The site's own API client, which may read entries the platform restricts to groups (the
   * published version only is asked for); `null` when the site has none.
   */
  siteClient: () => ManagementClient | null;
  /** How long a title is kept (default one minute). */
  keepMs?: number;
  /** At most this many paths are kept (default 500). */
  maxKept?: number;
  now?: () => number;
}

/** Names the pages of the site by their titles, for the sign-in and access-denied pages. */
export interface PageNames {
  /**
   * The published title of the page at a path, or `null` when there is none to tell; with a
   * `language`, the page at that path of the language's tree, in that language.
   */
  titleOf(path: string, language?: string | null): Promise<string | null>;
}

/**
 * Titles of the site's pages by path, read from the platform: the node's entry as anyone reads
 * it, else, for an entry the platform keeps from anonymous visitors (its 401 or 403 names the
 * entry), the published entry read with the site's API client. Only the title is ever used: a
 * visitor asked to sign in for a members' page learns its name, nothing of its content, and
 * never the title of a draft. A path with no page, or a platform that does not answer, has no
 * title. Answers are kept for a minute per path, so a burst of sign-in pages costs one lookup.
 *
 * @example
 * const names = createPageNames({ delivery: () => client, siteClient: () => accounts.siteClient() });
 * await names.titleOf('/members'); // 'Members area'
 */
export function createPageNames(sources: PageNameSources): PageNames {
  const keepMs = sources.keepMs ?? 60_000;
  const maxKept = sources.maxKept ?? 500;
  const now = sources.now ?? Date.now;
  const kept = new Map<string, { title: Promise<string | null>; until: number }>();

  const lookUp = async (path: string, language: string | null): Promise<string | null> => {
    const inLanguage = language ? { language } : {};
    try {
      const node = await sources.delivery().nodes.get({ path, entryFields: ['entryTitle'], ...inLanguage });
      return titleIn(node.entry) ?? textOrNull(node.displayName);
    } catch (error) {
      const entryId = refusedEntryId(error);
      if (!entryId) return null;
      const client = sources.siteClient();
      if (!client) return null;
      try {
        return titleIn(await client.entries.get({ id: entryId, versionStatus: 'published', ...inLanguage }));
      } catch {
        return null;
      }
    }
  };

  return {
    titleOf(path, language = null) {
      const at = now();
      const key = language ? `${language} ${path}` : path;
      const found = kept.get(key);
      if (found && found.until > at) return found.title;
      const title = lookUp(path, language);
      kept.delete(key);
      if (kept.size >= maxKept) {
        const oldest = kept.keys().next().value;
        if (oldest !== undefined) kept.delete(oldest);
      }
      kept.set(key, { title, until: at + keepMs });
      return title;
    },
  };
}

/** The entry id a platform refusal (401 or 403 for restricted content) names in its `data`. */
function refusedEntryId(error: unknown): string | null {
  if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) return null;
  const body = error.data as { data?: { entryId?: unknown } } | null;
  const id = body && typeof body === 'object' ? body.data?.entryId : undefined;
  return typeof id === 'string' && id ? id : null;
}

function titleIn(entry: unknown): string | null {
  return entry && typeof entry === 'object'
    ? textOrNull((entry as { entryTitle?: unknown }).entryTitle)
    : null;
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/**
 * The site server's page names: anonymous published reads through its delivery options (and
 * so its delivery cache), and its API client, when it has one, for restricted pages. One
 * management client serves every lookup, so its bearer token is reused until it expires.
 */
export function platformPageNames(delivery: DeliveryAccessOptions, accounts: PlatformAccounts): PageNames {
  let siteClient: ManagementClient | null | undefined;
  return createPageNames({
    delivery: () => createDeliveryAccess(delivery).client({ versionStatus: 'published', log: null }),
    siteClient: () => {
      siteClient ??= accounts.canRegister ? accounts.siteClient() : null;
      return siteClient;
    },
  });
}
