import { ApiError, AuthTokenProvider, Client, type Entry, ManagementClient } from '@canopy/client';

/** What an entry form's route asks of the platform. */
export interface EntryFormPlatform {
  /** The published entry, or `null` when there is none (404). Other failures throw. */
  readEntry(id: string, language: string): Promise<Entry | null>;
  /** Creates an entry (a draft) with the site's API client; resolves to its id. */
  createEntry(contentTypeId: string, language: string, fields: Record<string, unknown>): Promise<string>;
}

/** Settings of {@link platformForEntryForms}. */
export interface EntryFormPlatformOptions {
  platformUrl: string;
  projectId: string;
  /** Reads published entries (the linked entries a form checks). */
  deliveryToken: string;
  /** The site's API client: it needs `create` on the forms' content types, nothing more. */
  clientId: string | null;
  clientSecret: string | null;
  timeoutMs?: number;
}

/** Thrown when the site has no API client to create entries with. */
export class NoApiClientError extends Error {}

/**
 * The platform calls of entry forms, through `@canopy/client`: published reads with the
 * delivery token, creation with the site's API client (`client_credentials`; its bearer token
 * is kept and renewed by the token provider).
 */
export function platformForEntryForms(options: EntryFormPlatformOptions): EntryFormPlatform {
  const timeout = options.timeoutMs ? { timeout: options.timeoutMs } : {};
  const delivery = Client.create({
    rootUrl: options.platformUrl,
    projectId: options.projectId,
    accessToken: options.deliveryToken,
    versionStatus: 'published',
    ...timeout,
  });
  const clientId = options.clientId?.trim();
  const clientSecret = options.clientSecret?.trim();
  const management =
    clientId && clientSecret
      ? ManagementClient.create(
          { rootUrl: options.platformUrl, projectId: options.projectId, ...timeout },
          new AuthTokenProvider({
            rootUrl: options.platformUrl,
            clientType: 'client_credentials',
            clientDetails: { clientId, clientSecret },
            ...timeout,
          }),
        )
      : null;
  return {
    async readEntry(id, language) {
      try {
        return await delivery.entries.get({ id, language, linkDepth: 0 });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    async createEntry(contentTypeId, language, fields) {
      if (!management)
        throw new NoApiClientError('The site has no API client (CANOPY_CLIENT_ID and CANOPY_CLIENT_SECRET)');
      const created = await management.entries.create({
        ...fields,
        sys: { contentTypeId, language, dataFormat: 'entry' },
      });
      return String(created.sys?.id ?? '');
    },
  };
}
