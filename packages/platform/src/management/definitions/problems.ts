import { ValidationError, type ValidationProblem } from '../../delivery/errors.js';

export { ValidationError };

/** One validation failure, as the contract's 422 body lists them (§1.12). */
export type Problem = ValidationProblem;

/**
 * Collects validation failures of one request body so the caller hears about all of them at
 * once, then throws a single 422 whose `data` lists them.
 *
 * @example
 * const problems = new Problems();
 * if (typeof body.name !== 'string') problems.add('name', 'The name must be a string');
 * problems.throwIfAny('There are validation errors creating the project');
 */
export class Problems {
  readonly list: Problem[] = [];

  /** Records a failure of `field` (a dotted path into the body, e.g. `fields[2].id`). */
  add(field: string, message: string): void {
    this.list.push({ field, message });
  }

  /** Whether nothing failed. */
  get ok(): boolean {
    return this.list.length === 0;
  }

  /** Throws a 422 carrying every recorded failure, if there is any. */
  throwIfAny(message: string): void {
    if (!this.ok) throw validationError(message, this.list);
  }
}

/** A {@link ValidationError} with these problems. */
export function validationError(message: string, problems: readonly Problem[]): ValidationError {
  return new ValidationError(message, problems);
}

/** A 422 for a single failing field. */
export function invalidField(message: string, field: string, detail: string = message): ValidationError {
  return validationError(message, [{ field, message: detail }]);
}
