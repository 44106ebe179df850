import { ValidationError } from '../../delivery/errors.js';
import type { ValidationProblem } from './validation.js';

/**
 * A 422 whose body is the contract's validation error (§1.12): `type: "Validation"` and
 * `data` listing `{ field, message }` problems. The HTTP layer answers it with that type.
 *
 * @example
 * throw new EntryValidationError('There are validation errors creating the entry', [
 *   { field: 'contentType', message: "The content type 'article' does not exist" },
 * ]);
 */
export class EntryValidationError extends ValidationError {
  constructor(message: string, problems: ValidationProblem[]) {
    super(problems.length > 0 ? `${message}: ${problems[0]!.message}` : message, problems);
    this.name = 'EntryValidationError';
  }
}

/** A 422 for one problem with one field of the request. */
export function invalid(action: string, field: string, message: string): EntryValidationError {
  return new EntryValidationError(`There are validation errors ${action} the entry`, [{ field, message }]);
}
