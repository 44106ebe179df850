import type { TaxonomyNodeResource } from '../contract.js';
import {
  getTaxonomyChildren,
  getTaxonomyNode,
  getTaxonomyNodeByPath,
  getTaxonomyRoots,
  type TaxonomyRecord,
  taxonomyHasChildren,
} from '../db/taxonomy.js';
import type { DeliveryContext } from './context.js';
import { badRequest, notFound } from './errors.js';
import { nonNegativeInteger, parseLanguage, type QueryParams } from './params.js';

/** How many levels `childDepth` may embed. */
export const MAX_TAXONOMY_CHILD_DEPTH = 20;

interface TaxonomyRequest {
  language: string;
  order: 'defined' | 'alphabetical';
  childDepth: number;
}

function taxonomyRequest(context: DeliveryContext, params: QueryParams): TaxonomyRequest {
  const order = (params.order ?? 'alphabetical').trim().toLowerCase();
  if (order !== 'defined' && order !== 'alphabetical') {
    throw badRequest("The 'order' parameter must be 'defined' or 'alphabetical'", { order: params.order });
  }
  return {
    language: parseLanguage(context.project, params.language) ?? context.project.primaryLanguage,
    order,
    childDepth: nonNegativeInteger(params.childdepth, 'childDepth', 1, MAX_TAXONOMY_CHILD_DEPTH),
  };
}

function nameIn(record: TaxonomyRecord, language: string, primary: string): string {
  return record.name[language] ?? record.name[primary] ?? Object.values(record.name)[0] ?? record.key;
}

/**
 * D16: a taxonomy node by key (`0/1/2`), with `childDepth` levels of children (default 1) in
 * `order` (`alphabetical` by name in the language, the default, or `defined`). Names and the
 * path are in the requested language (falling back to the primary language per node).
 */
export function getTaxonomyByKey(
  context: DeliveryContext,
  key: string,
  params: QueryParams,
): TaxonomyNodeResource {
  const request = taxonomyRequest(context, params);
  const record = getTaxonomyNode(context.db, context.project.id, key);
  if (!record) throw notFound('The taxonomy node could not be found', { key, projectId: context.project.id });
  return shapeTaxonomy(context, request, record, pathOf(context, request, record), request.childDepth);
}

/**
 * D17: a taxonomy node by path (`Root/Subjects/Science`), matched without regard to letter
 * case against the names in the requested language, or the primary language.
 */
export function getTaxonomyByPath(context: DeliveryContext, params: QueryParams): TaxonomyNodeResource {
  const request = taxonomyRequest(context, params);
  const path = params.path?.trim().replace(/^\/+|\/+$/g, '');
  if (!path) throw badRequest("The 'path' parameter is required");
  const record =
    findByNames(context, request.language, path.split('/')) ??
    getTaxonomyNodeByPath(context.db, context.project.id, path);
  if (!record)
    throw notFound('The taxonomy node could not be found', { path, projectId: context.project.id });
  return shapeTaxonomy(context, request, record, pathOf(context, request, record), request.childDepth);
}

function findByNames(
  context: DeliveryContext,
  language: string,
  names: string[],
): TaxonomyRecord | undefined {
  const primary = context.project.primaryLanguage;
  const matches = (record: TaxonomyRecord, name: string) =>
    nameIn(record, language, primary).toLowerCase() === name.trim().toLowerCase();
  let current = getTaxonomyRoots(context.db, context.project.id).find((root) =>
    matches(root, names[0] ?? ''),
  );
  for (const name of names.slice(1)) {
    if (!current) return undefined;
    const parentKey: string = current.key;
    current = getTaxonomyChildren(context.db, context.project.id, parentKey).find((child) =>
      matches(child, name),
    );
  }
  return current;
}

function pathOf(context: DeliveryContext, request: TaxonomyRequest, record: TaxonomyRecord): string {
  const primary = context.project.primaryLanguage;
  const names = [nameIn(record, request.language, primary)];
  let parentKey = record.parentKey;
  for (let guard = 0; parentKey !== null && guard < 64; guard++) {
    const parent = getTaxonomyNode(context.db, context.project.id, parentKey);
    if (!parent) break;
    names.unshift(nameIn(parent, request.language, primary));
    parentKey = parent.parentKey;
  }
  return names.join('/');
}

function shapeTaxonomy(
  context: DeliveryContext,
  request: TaxonomyRequest,
  record: TaxonomyRecord,
  path: string,
  depth: number,
): TaxonomyNodeResource {
  context.keys.taxonomy();
  const primary = context.project.primaryLanguage;
  const name = nameIn(record, request.language, primary);
  let children: TaxonomyNodeResource[] = [];
  let hasChildren: boolean;
  if (depth > 0) {
    const records = getTaxonomyChildren(context.db, context.project.id, record.key);
    hasChildren = records.length > 0;
    if (request.order === 'alphabetical') {
      const collator = collatorFor(request.language);
      records.sort((a, b) =>
        collator.compare(nameIn(a, request.language, primary), nameIn(b, request.language, primary)),
      );
    }
    children = records.map((child) =>
      shapeTaxonomy(
        context,
        request,
        child,
        `${path}/${nameIn(child, request.language, primary)}`,
        depth - 1,
      ),
    );
  } else {
    hasChildren = taxonomyHasChildren(context.db, context.project.id, record.key);
  }
  return { key: record.key, name, path, hasChildren, children };
}

function collatorFor(language: string): Intl.Collator {
  try {
    return new Intl.Collator(language, { sensitivity: 'base' });
  } catch {
    // A project language that is not a valid BCP 47 tag still sorts, just not by its rules.
    return new Intl.Collator('en', { sensitivity: 'base' });
  }
}
