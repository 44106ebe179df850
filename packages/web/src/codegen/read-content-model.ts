import {
  ApiError,
  AuthTokenProvider,
  ContensisApplicationError,
  ContensisAuthenticationError,
  ManagementClient,
} from '@canopy/client';
import type { ContentModel } from './generate-types.js';

/** Where and as whom {@link readContentModel} reads a project's content model. */
export interface ReadContentModelOptions {
  /** Origin of the content platform, e.g. `http://127.0.0.1:3001`. */
  platformUrl: string;
  projectId: string;
  /** An API client (`client_credentials` grant) allowed to view content types. */
  clientId: string;
  clientSecret: string;
  /** Request timeout in milliseconds (default 30 000). */
  timeoutMs?: number;
  fetchFn?: typeof fetch;
}

/**
 * Reads a project's content types (every data format) and components through the management
 * API, as the published versions where there are any. Failures come back as errors whose
 * message says what to check (address, credentials, permission).
 *
 * @example
 * const model = await readContentModel({ platformUrl, projectId: 'website', clientId, clientSecret });
 * writeFileSync(out, generateContentTypes(model));
 */
export async function readContentModel(options: ReadContentModelOptions): Promise<ContentModel> {
  const timeout = options.timeoutMs ?? 30_000;
  const fetchFn = options.fetchFn;
  const client = ManagementClient.create(
    { rootUrl: options.platformUrl, projectId: options.projectId, timeout, ...(fetchFn ? { fetchFn } : {}) },
    new AuthTokenProvider({
      rootUrl: options.platformUrl,
      clientType: 'client_credentials',
      clientDetails: { clientId: options.clientId, clientSecret: options.clientSecret },
      timeout,
      ...(fetchFn ? { fetchFn } : {}),
    }),
  );
  try {
    const [contentTypes, components] = await Promise.all([
      client.contentTypes.list(),
      client.components.list(),
    ]);
    return { projectId: options.projectId, contentTypes, components };
  } catch (error) {
    throw new Error(explain(error, options), { cause: error });
  }
}

function explain(error: unknown, options: ReadContentModelOptions): string {
  const where = `${options.platformUrl} (project "${options.projectId}")`;
  if (error instanceof ContensisAuthenticationError) {
    return `The platform at ${options.platformUrl} refused the API client "${options.clientId}" (${error.message}): check CANOPY_CLIENT_ID and CANOPY_CLIENT_SECRET`;
  }
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403)
      return `The API client "${options.clientId}" may not read the content types of ${where} (HTTP ${error.status}); it needs the contentTypes view permission`;
    if (error.status === 404) return `${where} has no such project (HTTP 404): check CANOPY_PROJECT_ID`;
    return `Reading the content types of ${where} failed: ${error.message}`;
  }
  if (error instanceof ContensisApplicationError || error instanceof TypeError) {
    return `Could not reach the platform at ${options.platformUrl}: is it running? (${messageOf(error)})`;
  }
  return `Reading the content types of ${where} failed: ${messageOf(error)}`;
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : null;
  return code && !error.message.includes(code) ? `${error.message}: ${code}` : error.message;
}
