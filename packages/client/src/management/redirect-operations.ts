import { encodeSegment } from '../http/url.js';
import {
  isNonEmptyString,
  type ManagementContext,
  type PageOptions,
  pageParams,
  sendToProject,
} from './context.js';
import { ManagementMessages } from './messages.js';
import type { PagedList, Redirect } from './models.js';

const STATUS_CODES: ReadonlySet<unknown> = new Set([301, 302, 303, 307]);
const MATCH_TYPES: ReadonlySet<unknown> = new Set(['beginsWith', 'exactMatch', 'regex']);

/**
 * `managementClient.redirects`: the project's redirects (contract §4.2). A redirect is checked
 * before create and update in the contract's order: the redirect, its id (update), then
 * `appendSourcePathToDestination`, `statusCode`, `destination`, `match`, `sourceDomain`.
 *
 * @example
 * await client.redirects.create({
 *   sourceDomain: '*', destination: '/news', statusCode: 301,
 *   appendSourcePathToDestination: false, match: { type: 'beginsWith', value: '/old-news' },
 * });
 */
export class RedirectOperations {
  constructor(private readonly context: ManagementContext) {}

  /** A page of redirects. */
  list(pageOptions?: PageOptions | null): Promise<PagedList<Redirect>> {
    return sendToProject(this.context, '/redirects/', { params: pageParams(this.context, pageOptions) });
  }

  /** One redirect by id. */
  get(id: string): Promise<Redirect> {
    if (!isNonEmptyString(id)) throw new Error(ManagementMessages.id);
    return sendToProject(this.context, `/redirects/${encodeSegment(id)}`);
  }

  /** Creates a redirect. */
  create(redirect: Redirect): Promise<Redirect> {
    if (!redirect) throw new Error(ManagementMessages.redirect);
    validate(redirect);
    return sendToProject(this.context, '/redirects/', { method: 'POST', body: redirect });
  }

  /** Updates a redirect (PATCH with `application/json`; the whole redirect is sent). */
  update(redirect: Redirect): Promise<Redirect> {
    if (!redirect) throw new Error(ManagementMessages.redirect);
    if (!isNonEmptyString(redirect.id)) throw new Error(ManagementMessages.redirectId);
    validate(redirect);
    return sendToProject(this.context, `/redirects/${encodeSegment(redirect.id)}`, {
      method: 'PATCH',
      body: redirect,
    });
  }

  /** Deletes a redirect. */
  delete(id: string): Promise<unknown> {
    if (!isNonEmptyString(id)) throw new Error(ManagementMessages.id);
    return sendToProject(this.context, `/redirects/${encodeSegment(id)}`, { method: 'DELETE' });
  }
}

function validate(redirect: Redirect): void {
  if (typeof redirect.appendSourcePathToDestination !== 'boolean') {
    throw new Error(ManagementMessages.redirectAppendSourcePath);
  }
  if (!STATUS_CODES.has(redirect.statusCode)) throw new Error(ManagementMessages.redirectStatusCode);
  if (!isNonEmptyString(redirect.destination)) throw new Error(ManagementMessages.redirectDestination);
  const match = redirect.match;
  if (!match || !MATCH_TYPES.has(match.type) || !isNonEmptyString(match.value)) {
    throw new Error(ManagementMessages.redirectMatch);
  }
  if (!isNonEmptyString(redirect.sourceDomain)) throw new Error(ManagementMessages.redirectSourceDomain);
}
