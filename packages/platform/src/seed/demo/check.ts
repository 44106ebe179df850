import type { SeedContent, SeedContentType, SeedField, SeedTaxonomyNode } from '../types.js';

/**
 * Consistency checks over seed content, returning one message per problem (empty when the
 * content is sound). Used by the demo and generator tests; cheap enough to run before a
 * load as well. Checks: field ids exist on their content type and values have the shape
 * their data type implies; links point at existing entries of an allowed type; composer
 * items use declared types; taxonomy values match the taxonomy; nodes come after their
 * parents, point at existing entries and have unique paths per language; taxonomy keys
 * extend their parent's key.
 */
export function seedProblems(content: SeedContent): string[] {
  const problems: string[] = [];
  const types = new Map<string, SeedContentType>();
  for (const type of content.contentTypes) {
    if (types.has(type.id)) problems.push(`content type ${type.id} is defined twice`);
    types.set(type.id, type);
    const ids = new Set(type.fields.map((f) => f.id));
    for (const key of [
      'entryTitleField',
      'entryDescriptionField',
      'entryThumbnailField',
      'entryTagsField',
    ] as const) {
      const id = type[key];
      if (id !== undefined && !ids.has(id))
        problems.push(`content type ${type.id}: ${key} ${id} is not a field`);
    }
  }

  const taxonomy = taxonomyIndex(content.taxonomy, problems);
  const languages = new Set(content.project.supportedLanguages);
  const primary = content.project.primaryLanguage;
  const entryTypes = new Map<string, string>();
  const uris = new Set<string>();
  const links: { from: string; to: string; contentTypeId?: string; allowed?: string[] }[] = [];

  for (const entry of content.entries) {
    const where = `entry ${entry.id} (${entry.contentTypeId})`;
    if (entryTypes.has(entry.id)) problems.push(`${where}: id is used twice`);
    entryTypes.set(entry.id, entry.contentTypeId);
    const type = types.get(entry.contentTypeId);
    if (!type) {
      problems.push(`${where}: unknown content type`);
      continue;
    }
    const isAsset = type.dataFormat === 'asset';
    if (isAsset !== (entry.dataFormat === 'asset')) problems.push(`${where}: dataFormat ${entry.dataFormat}`);
    if (isAsset) {
      if (!entry.asset) problems.push(`${where}: asset entry without a file`);
      else if (uris.has(entry.asset.uri))
        problems.push(`${where}: file uri ${entry.asset.uri} is used twice`);
      else uris.add(entry.asset.uri);
    }
    if (!entry.variations[primary]) problems.push(`${where}: no ${primary} variation`);
    if (entry.modified < entry.created) problems.push(`${where}: modified before created`);
    const fields = new Map(type.fields.map((f) => [f.id, f]));
    for (const [language, variation] of Object.entries(entry.variations)) {
      if (!languages.has(language)) problems.push(`${where}: unsupported language ${language}`);
      const title = variation.fields[type.entryTitleField];
      if (typeof title !== 'string' || title === '') problems.push(`${where} [${language}]: no title`);
      if (variation.draftFields && !variation.published) {
        problems.push(`${where} [${language}]: draftFields on an unpublished variation`);
      }
      for (const values of [variation.fields, variation.draftFields ?? {}]) {
        for (const [id, value] of Object.entries(values)) {
          const field = fields.get(id);
          if (!field) {
            problems.push(`${where} [${language}]: field ${id} is not on the content type`);
            continue;
          }
          const context = { where: `${where} [${language}] ${id}`, problems, links, language, taxonomy };
          checkValue(field, value, context);
        }
      }
    }
  }

  for (const link of links) {
    const target = entryTypes.get(link.to);
    if (target === undefined) problems.push(`${link.from}: link to missing entry ${link.to}`);
    else if (link.contentTypeId !== undefined && link.contentTypeId !== target) {
      problems.push(`${link.from}: link says ${link.contentTypeId} but ${link.to} is ${target}`);
    } else if (link.allowed && !link.allowed.includes(target)) {
      problems.push(`${link.from}: link to a ${target}, allowed ${link.allowed.join(', ')}`);
    }
  }

  checkNodes(content, entryTypes, problems);
  return problems;
}

interface ValueContext {
  where: string;
  problems: string[];
  links: { from: string; to: string; contentTypeId?: string; allowed?: string[] }[];
  language: string;
  taxonomy: Map<string, { name: Record<string, string>; path: Record<string, string>; hasChildren: boolean }>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

function checkValue(field: SeedField, value: unknown, c: ValueContext): void {
  const fail = (what: string): void => {
    c.problems.push(`${c.where}: ${what}`);
  };
  if (value === null || value === undefined) return;
  const allowedTypes = (field.validations?.allowedContentTypes as { contentTypes?: string[] } | undefined)
    ?.contentTypes;
  const checkLink = (link: unknown) => {
    const sys = isRecord(link) ? link.sys : undefined;
    if (!isRecord(sys) || typeof sys.id !== 'string') {
      fail('not a link');
      return;
    }
    const entry = { from: c.where, to: sys.id } as ValueContext['links'][number];
    if (typeof sys.contentTypeId === 'string') entry.contentTypeId = sys.contentTypeId;
    if (allowedTypes) entry.allowed = allowedTypes;
    c.links.push(entry);
  };
  const checkImage = (image: unknown) => {
    if (!isRecord(image) || !isRecord(image.asset)) {
      fail('not an image value');
      return;
    }
    if (typeof image.altText !== 'string' || image.altText === '') fail('image without alt text');
    checkLink(image.asset);
  };
  const each = (check: (item: unknown) => void) => {
    if (!Array.isArray(value)) {
      fail(`expected an array for ${field.dataType}`);
      return;
    }
    for (const item of value) check(item);
  };
  switch (`${field.dataType}/${field.dataFormat ?? ''}`) {
    case 'string/':
    case 'string/html':
    case 'string/markdown':
      if (typeof value !== 'string') fail('expected a string');
      else checkAllowedValue(field, value, fail);
      return;
    case 'stringArray/':
      each((item) => {
        if (typeof item !== 'string') fail('expected strings');
      });
      return;
    case 'decimal/':
    case 'integer/':
      if (typeof value !== 'number' || !Number.isFinite(value)) fail('expected a number');
      return;
    case 'boolean/':
      if (typeof value !== 'boolean') fail('expected a boolean');
      return;
    case 'dateTime/':
      if (typeof value !== 'string' || !ISO_DATE.test(value)) fail('expected an ISO date-time');
      return;
    case 'object/entry':
    case 'object/asset':
      checkLink(value);
      return;
    case 'objectArray/entry':
    case 'objectArray/asset':
      each(checkLink);
      return;
    case 'object/image':
      checkImage(value);
      return;
    case 'object/location':
      if (!isRecord(value) || typeof value.lat !== 'number' || typeof value.lon !== 'number') {
        fail('expected {lat, lon}');
      } else if (Math.abs(value.lat) > 90 || Math.abs(value.lon) > 180) fail('location out of range');
      return;
    case 'object/daterange':
      if (!isRecord(value) || typeof value.from !== 'string' || typeof value.to !== 'string') {
        fail('expected {from, to}');
      } else if (!ISO_DATE.test(value.from) || !ISO_DATE.test(value.to) || value.to < value.from) {
        fail('bad date range');
      }
      return;
    case 'object/taxonomy':
      checkTaxonomyValue(value, c, fail);
      return;
    case 'objectArray/field':
      each((item) => checkComposerItem(field, item, fail, checkImage));
      return;
    default:
      fail(`no check for ${field.dataType}/${field.dataFormat}`);
  }
}

function checkAllowedValue(field: SeedField, value: string, fail: (what: string) => void): void {
  const allowed = (field.validations?.allowedValues as { values?: Record<string, string>[] } | undefined)
    ?.values;
  if (allowed && !allowed.some((v) => Object.values(v).includes(value)))
    fail(`${value} is not an allowed value`);
}

function checkTaxonomyValue(value: unknown, c: ValueContext, fail: (what: string) => void): void {
  if (!isRecord(value) || typeof value.key !== 'string') {
    fail('expected a taxonomy term');
    return;
  }
  const node = c.taxonomy.get(value.key);
  if (!node) {
    fail(`taxonomy key ${value.key} does not exist`);
    return;
  }
  if (value.name !== node.name[c.language]) fail(`taxonomy name ${String(value.name)} for ${value.key}`);
  if (value.path !== node.path[c.language]) fail(`taxonomy path ${String(value.path)} for ${value.key}`);
  if (value.hasChildren !== node.hasChildren) fail(`taxonomy hasChildren for ${value.key}`);
}

function checkComposerItem(
  field: SeedField,
  item: unknown,
  fail: (what: string) => void,
  checkImage: (image: unknown) => void,
): void {
  const declared =
    (field.validations?.allowedFieldTypes as { fields?: SeedField[] } | undefined)?.fields ?? [];
  if (!isRecord(item) || typeof item.type !== 'string') {
    fail('composer item without a type');
    return;
  }
  const itemField = declared.find((f) => f.id === item.type);
  if (!itemField) {
    fail(`composer item type ${item.type} is not declared`);
    return;
  }
  if (itemField.dataFormat === 'image') {
    checkImage(item.value);
    return;
  }
  if (itemField.dataFormat === 'quote') {
    const v = item.value;
    if (!isRecord(v) || typeof v.text !== 'string' || typeof v.source !== 'string') fail('bad quote item');
    return;
  }
  if (typeof item.value !== 'string') fail(`composer ${item.type} item is not a string`);
}

function taxonomyIndex(root: SeedTaxonomyNode | undefined, problems: string[]): ValueContext['taxonomy'] {
  const index: ValueContext['taxonomy'] = new Map();
  if (!root) return index;
  if (root.key !== '0') problems.push(`taxonomy root key is ${root.key}, expected 0`);
  const visit = (node: SeedTaxonomyNode, parentPath: Record<string, string> | null) => {
    if (index.has(node.key)) problems.push(`taxonomy key ${node.key} is used twice`);
    const path: Record<string, string> = {};
    for (const [language, name] of Object.entries(node.name)) {
      if (name.includes('/')) problems.push(`taxonomy name ${name} contains a slash`);
      const parent = parentPath ? parentPath[language] : '';
      if (parentPath && parent === undefined)
        problems.push(`taxonomy ${node.key} has ${language} but its parent does not`);
      path[language] = parentPath ? `${parent}/${name}` : name;
    }
    const children = node.children ?? [];
    index.set(node.key, { name: { ...node.name }, path, hasChildren: children.length > 0 });
    children.forEach((child, i) => {
      if (child.key !== `${node.key}/${i + 1}`) {
        problems.push(`taxonomy key ${child.key} under ${node.key}, expected ${node.key}/${i + 1}`);
      }
      visit(child, path);
    });
  };
  visit(root, null);
  return index;
}

function checkNodes(content: SeedContent, entryTypes: Map<string, string>, problems: string[]): void {
  const primary = content.project.primaryLanguage;
  const paths = new Map<string, Record<string, string>>();
  const seenPaths = new Set<string>();
  let roots = 0;
  for (const node of content.nodes) {
    const where = `node ${node.id}`;
    if (paths.has(node.id)) problems.push(`${where}: id is used twice`);
    if (node.entryId !== undefined && !entryTypes.has(node.entryId)) {
      problems.push(`${where}: entry ${node.entryId} does not exist`);
    }
    if (node.slug[primary] === undefined || node.displayName[primary] === undefined) {
      problems.push(`${where}: no ${primary} slug or display name`);
    }
    const own: Record<string, string> = {};
    if (node.parentId === null) {
      roots++;
      for (const language of Object.keys(node.slug)) own[language] = '/';
    } else {
      const parent = paths.get(node.parentId);
      if (!parent) {
        problems.push(`${where}: parent ${node.parentId} is not listed before it`);
        continue;
      }
      for (const [language, slug] of Object.entries(node.slug)) {
        if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) problems.push(`${where}: slug "${slug}" is not URL-safe`);
        const base = parent[language];
        if (base === undefined) {
          problems.push(`${where}: has a ${language} slug but its parent does not`);
          continue;
        }
        own[language] = base === '/' ? `/${slug}` : `${base}/${slug}`;
      }
    }
    for (const [language, path] of Object.entries(own)) {
      const key = `${language} ${path}`;
      if (seenPaths.has(key)) problems.push(`${where}: path ${path} (${language}) is used twice`);
      seenPaths.add(key);
    }
    paths.set(node.id, own);
  }
  if (roots !== 1) problems.push(`expected one root node, found ${roots}`);
}

/**
 * Every node's path per language, derived by joining slugs (the root is `/`). Assumes
 * parents come first, which {@link seedProblems} checks.
 */
export function nodePaths(content: SeedContent): Map<string, Record<string, string>> {
  const paths = new Map<string, Record<string, string>>();
  for (const node of content.nodes) {
    const parent = node.parentId === null ? undefined : paths.get(node.parentId);
    const own: Record<string, string> = {};
    for (const [language, slug] of Object.entries(node.slug)) {
      const base = parent?.[language];
      if (node.parentId === null) own[language] = '/';
      else if (base !== undefined) own[language] = base === '/' ? `/${slug}` : `${base}/${slug}`;
    }
    paths.set(node.id, own);
  }
  return paths;
}
