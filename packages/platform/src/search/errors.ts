/**
 * Thrown for anything wrong with a search request: malformed `where`, `orderBy` or
 * `aggregations`, or ZenQL that does not parse. The message says what is wrong and where
 * (e.g. `where[2].or[0]: unknown operator "equals"`), so the HTTP layer can answer 400 with it.
 */
export class SearchError extends Error {
  override readonly name: string = 'SearchError';
}

/**
 * Thrown when a search asks for something the caller may not see — today a
 * `sys.versionStatus` of `latest` without preview rights. The HTTP layer answers 403.
 */
export class SearchAccessError extends Error {
  override readonly name: string = 'SearchAccessError';
}

/**
 * Thrown when a search could not be answered within its time budget — it waited for a free
 * search worker, or ran, too long. The HTTP layer answers 503 with `Retry-After`.
 */
export class SearchBusyError extends Error {
  override readonly name: string = 'SearchBusyError';

  /** @param retryAfterSeconds - when the caller may try again (the `Retry-After` header). */
  constructor(
    message: string,
    readonly retryAfterSeconds = 1,
  ) {
    super(message);
  }
}
