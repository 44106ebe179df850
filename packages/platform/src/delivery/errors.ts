/**
 * An error that maps to an HTTP status and the contract's error body (§1.12). Thrown by the
 * pure delivery logic; the HTTP layer turns it into a response.
 *
 * @example
 * throw new HttpError(404, 'The entry could not be found', { entryId, projectId });
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 400 for a request parameter that cannot be used. */
export function badRequest(message: string, data: unknown = null): HttpError {
  return new HttpError(400, message, data);
}

/** A 404 for something that does not exist. */
export function notFound(message: string, data: unknown = null): HttpError {
  return new HttpError(404, message, data);
}

/** One failing field of a validation error (contract §1.12). */
/** A 409 for a write that collides with existing data. */
export function conflict(message: string, data: unknown = null): HttpError {
  return new HttpError(409, message, data);
}

export interface ValidationProblem {
  /** A dotted path into the request body, e.g. `fields[2].id`. */
  field: string;
  message: string;
}

/**
 * A 422 for a well-formed request whose content is not acceptable. The HTTP layer answers it
 * with the contract's validation body: `type: "Validation"` and `data` listing the problems.
 *
 * @example
 * throw new ValidationError('There are validation errors creating the entry', [
 *   { field: 'contentType', message: "The content type 'article' does not exist" },
 * ]);
 */
export class ValidationError extends HttpError {
  constructor(
    message: string,
    readonly problems: readonly ValidationProblem[],
  ) {
    super(422, message, problems);
    this.name = 'ValidationError';
  }
}
