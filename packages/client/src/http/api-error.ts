/**
 * The rejection value of a request that reached the server but was not answered with a 2xx
 * status (or whose body was not JSON). It carries what the contract calls the response
 * context: `status`, `statusText`, `url` and the parsed body in `data`.
 *
 * @example
 * try {
 *   await client.entries.get('missing-id');
 * } catch (error) {
 *   if (error instanceof ApiError && error.status === 404) showNotFound();
 * }
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status code, e.g. 404. */
  readonly status: number;
  /** HTTP status text, e.g. "Not Found". */
  readonly statusText: string;
  /** The URL of the response. */
  readonly url: string;
  /**
   * The parsed response body (usually the platform's error body: `logId`, `message`, `data`,
   * `type`), or the `SyntaxError` when the body was not JSON.
   */
  readonly data: unknown;

  constructor(context: ResponseContext) {
    super(ApiError.describe(context));
    this.status = context.status;
    this.statusText = context.statusText;
    this.url = context.url;
    this.data = context.data;
  }

  /** The plain context object, as the official clients reject with it. */
  toJSON(): ResponseContext {
    return { status: this.status, statusText: this.statusText, url: this.url, data: this.data };
  }

  private static describe(context: ResponseContext): string {
    const data = context.data as { message?: unknown } | null;
    const detail =
      data && typeof data === 'object' && typeof data.message === 'string' ? `: ${data.message}` : '';
    return `${context.status} ${context.statusText}${detail} (${context.url})`;
  }
}

/** What a response handler and an {@link ApiError} know about a response. */
export interface ResponseContext {
  status: number;
  statusText: string;
  url: string;
  data: unknown;
}
