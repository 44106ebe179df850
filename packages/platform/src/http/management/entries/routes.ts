import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../../../delivery/errors.js';
import { parseFlag, type QueryParams } from '../../../delivery/params.js';
import {
  searchInputFromBody,
  searchInputFromQuery,
  zenqlInputFromQuery,
} from '../../../delivery/search-input.js';
import { deleteEntry } from '../../../management/entries/deletes.js';
import { entryUsage, getManagementEntry, listManagementEntries } from '../../../management/entries/reads.js';
import { searchManagementEntries } from '../../../management/entries/search.js';
import { invokeWorkflow } from '../../../management/entries/workflow-writes.js';
import { createEntry, updateEntry } from '../../../management/entries/writes.js';
import { parseZenql } from '../../../search/index.js';
import type { ApiDeps } from '../../api-deps.js';
import { objectBody } from '../common.js';
import { entryOperationContext, publishEvents } from './request.js';

const P = '/api/management/projects/:projectId';

/** The longest entry id accepted in a path (GUIDs are 36 characters). */
const MAX_ID_LENGTH = 200;

type EntryRequest = FastifyRequest<{ Params: { projectId: string; entryId: string } }>;

function entryIdOf(request: EntryRequest): string {
  const id = request.params.entryId;
  if (id.length > MAX_ID_LENGTH) throw badRequest('The entry id is too long');
  return id;
}

/**
 * The management entry endpoints (contract §4.2 "Entries"): read, list, search (JSON query
 * and ZenQL), create, update, workflow events, usage and delete. Scopes: `Entry_Read` for
 * reads, `Entry_Write` for writes and workflow events, `Entry_Delete` for deletes; role
 * permissions on `entries` / `assets` (by content type and language) as the operations check.
 * Every write runs in one transaction and publishes its events after it committed.
 */
export function registerEntryRoutes(server: FastifyInstance, deps: ApiDeps): void {
  const read = (request: FastifyRequest) => entryOperationContext(deps, request, 'read');

  server.get(`${P}/entries`, async (request) => {
    const context = read(request);
    const params = context.request.query;
    if (params.zenql !== undefined) {
      const text = params.zenql;
      if (text.trim() === '') throw badRequest("The 'zenql' parameter is empty");
      return searchManagementEntries(context, zenqlInputFromQuery(params, parseZenql(text)), {
        includeDeleted: parseFlag(params.includedeleted),
      });
    }
    return listManagementEntries(context, params);
  });

  server.get(`${P}/contenttypes/:contentTypeId/entries`, async (request) => {
    const context = read(request);
    const { contentTypeId } = request.params as { contentTypeId: string };
    return listManagementEntries(context, context.request.query, contentTypeId);
  });

  server.get(`${P}/entries/search`, async (request) => {
    const context = read(request);
    const params = context.request.query;
    return searchManagementEntries(context, searchInputFromQuery(params), {
      includeDeleted: parseFlag(params.includedeleted),
    });
  });

  server.post(`${P}/entries/search`, async (request) => {
    const context = read(request);
    const params = context.request.query;
    const body = objectBody(request, 'a JSON query object');
    return searchManagementEntries(context, searchInputFromBody(params, body), {
      includeDeleted: body.includeDeleted === true || parseFlag(params.includedeleted),
    });
  });

  server.get(`${P}/entries/:entryId`, async (request: EntryRequest) => {
    const context = read(request);
    return getManagementEntry(context, entryIdOf(request), context.request.query);
  });

  server.get(`${P}/entries/:entryId/usage`, async (request: EntryRequest) => {
    const context = read(request);
    return entryUsage(context, entryIdOf(request), context.request.query);
  });

  server.post(`${P}/entries`, async (request: FastifyRequest, reply: FastifyReply) => {
    const context = entryOperationContext(deps, request, 'create');
    const result = createEntry(context, objectBody(request, 'a JSON entry'));
    publishEvents(deps, result.events);
    return reply.code(201).send(result.entry);
  });

  server.put(`${P}/entries/:entryId`, async (request: EntryRequest) => {
    const context = entryOperationContext(deps, request, 'update');
    const result = updateEntry(context, entryIdOf(request), objectBody(request, 'a JSON entry'));
    publishEvents(deps, result.events);
    return result.entry;
  });

  server.post(`${P}/entries/:entryId/workflow/events`, async (request: EntryRequest) => {
    const context = entryOperationContext(deps, request, 'workflow');
    const result = invokeWorkflow(
      context,
      entryIdOf(request),
      objectBody(request, 'a workflow trigger { event, language?, version? }'),
    );
    publishEvents(deps, result.events);
    return result.entry;
  });

  server.delete(`${P}/entries/:entryId`, async (request: EntryRequest, reply) => {
    const context = entryOperationContext(deps, request, 'delete');
    const params: QueryParams = context.request.query;
    const languages = params.language
      ?.split(',')
      .map((language) => language.trim())
      .filter((language) => language !== '');
    const result = deleteEntry(context, entryIdOf(request), languages, parseFlag(params.permanent));
    publishEvents(deps, result.events);
    return reply.code(204).send();
  });
}
