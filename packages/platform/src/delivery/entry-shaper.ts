import type { JsonObject, StoredEntry, VersionStatus } from '../contract.js';
import { entryContentTypeId, getEntryVersion, parseEntryData } from '../db/entries.js';
import { isLink, isPlainObject, type LinkSys } from '../seed/links.js';
import type { DeliveryContext } from './context.js';
import { applyFieldSelection, type FieldSelection } from './field-selection.js';
import { MAX_LINK_DEPTH } from './params.js';
import { stripSysExclusions } from './sys-exclusions.js';

/** How the entries of one request are shaped. */
export interface ShapeOptions {
  /** The language the request named, if any (links then resolve to that variation). */
  language: string | undefined;
  versionStatus: VersionStatus;
  linkDepth: number;
  fieldLinkDepths: Readonly<Record<string, number>>;
  fields: FieldSelection | undefined;
}

/**
 * Upper bound on links resolved for one request. Depth alone does not bound the work (ten
 * links per entry at depth ten is 10^10 entries); past this budget links stay unresolved.
 */
export const MAX_RESOLVED_LINKS_PER_REQUEST = 5000;

interface DepthRule {
  segments: string[];
  depth: number;
}

/**
 * Turns stored entries into served ones: adds `sys.versionStatus`, applies `fields`, resolves
 * links (contract §1.9) and strips the project's `deliverySysExclusions`.
 *
 * Link resolution: a link at field path P (dot-separated from the root entry, through composer
 * item types and into resolved entries) resolves when its depth is above 0. That depth is the
 * value of the longest `fieldLinkDepths` key that is a prefix of P and reaches below the entry
 * holding the link; otherwise one less than the depth that resolved the holding entry (the
 * root starts at `linkDepth`). The target variation is the request's language, or — when the
 * request named none — the target content type's default language; the version follows the
 * request's version status. A target that does not exist in that language and status, or
 * that the request's visitor may not read (a restricted entry), becomes `null`, or is dropped
 * from an array. Loaded entries are memoised per request, nesting stops
 * at 10 levels, and at most {@link MAX_RESOLVED_LINKS_PER_REQUEST} links resolve per request.
 */
export class EntryShaper {
  private readonly memo = new Map<string, StoredEntry | null>();
  private readonly rules: DepthRule[];
  private readonly resolves: boolean;
  private resolved = 0;

  constructor(
    private readonly context: DeliveryContext,
    private readonly options: ShapeOptions,
  ) {
    this.rules = Object.entries(options.fieldLinkDepths)
      .map(([path, depth]) => ({ segments: path.split('.'), depth }))
      .sort((a, b) => b.segments.length - a.segments.length);
    this.resolves = options.linkDepth > 0 || this.rules.some((rule) => rule.depth > 0);
  }

  /** Shapes a stored entry served with the given version status (default: the request's). */
  shape(stored: StoredEntry, status: VersionStatus = this.options.versionStatus): JsonObject {
    return this.shapeAt(stored, status, [], this.options.linkDepth, 0);
  }

  /** Whether the answer's field selection keeps no data field and no `sys` path beyond `id`. */
  private get showsNoFields(): boolean {
    const fields = this.options.fields;
    return (
      fields?.include !== undefined &&
      fields.include.size === 0 &&
      fields.sysInclude?.every((path) => path === 'id') === true
    );
  }

  private shapeAt(
    stored: StoredEntry,
    status: VersionStatus,
    base: string[],
    remaining: number,
    hops: number,
  ) {
    // The variation's own key, which a publish of that variation purges; an answer showing
    // none of its fields (a node lookup asking for `sys.id`: a language switcher's) keeps to
    // the entry's key, so an edit of one language does not reach the other languages' pages.
    this.context.keys.entry(stored.sys.id, this.showsNoFields ? undefined : stored.sys.language);
    const withStatus: JsonObject = { ...stored, sys: { ...stored.sys, versionStatus: status } };
    let result = applyFieldSelection(withStatus, this.options.fields);
    if (this.resolves) {
      const resolved: JsonObject = {};
      for (const [key, value] of Object.entries(result)) {
        resolved[key] =
          key === 'sys'
            ? value
            : this.resolveValue(value, [...base, key], base.length, remaining, hops, status);
      }
      result = resolved;
    }
    return stripSysExclusions(result, this.context.project.deliverySysExclusions);
  }

  private resolveValue(
    value: unknown,
    path: string[],
    baseLength: number,
    remaining: number,
    hops: number,
    status: VersionStatus,
  ): unknown {
    if (isLink(value)) return this.resolveLink(value, path, baseLength, remaining, hops, status);
    if (Array.isArray(value)) {
      const items: unknown[] = [];
      for (const item of value) {
        const resolved = this.resolveValue(item, path, baseLength, remaining, hops, status);
        // Unresolvable links are dropped from arrays; other nulls are data and stay.
        if (resolved === null && isLink(item)) continue;
        items.push(resolved);
      }
      return items;
    }
    if (!isPlainObject(value)) return value;
    // A composer item: its value sits below the item type in field paths (`body.quote.source`).
    if (typeof value.type === 'string' && 'value' in value) {
      return {
        ...value,
        value: this.resolveValue(value.value, [...path, value.type], baseLength, remaining, hops, status),
      };
    }
    const copy: JsonObject = {};
    for (const [key, item] of Object.entries(value)) {
      copy[key] = this.resolveValue(item, [...path, key], baseLength, remaining, hops, status);
    }
    return copy;
  }

  private resolveLink(
    link: { sys: LinkSys },
    path: string[],
    baseLength: number,
    remaining: number,
    hops: number,
    status: VersionStatus,
  ): unknown {
    const depth = this.depthAt(path, baseLength, remaining);
    if (depth <= 0 || hops >= MAX_LINK_DEPTH || this.resolved >= MAX_RESOLVED_LINKS_PER_REQUEST) return link;
    const target = this.load(link.sys, status);
    if (!target) return null;
    this.resolved++;
    return this.shapeAt(target, status, path, depth - 1, hops + 1);
  }

  private depthAt(path: readonly string[], baseLength: number, remaining: number): number {
    for (const rule of this.rules) {
      if (rule.segments.length <= baseLength || rule.segments.length > path.length) continue;
      if (rule.segments.every((segment, i) => segment === path[i])) return rule.depth;
    }
    return remaining;
  }

  private load(sys: LinkSys, status: VersionStatus): StoredEntry | null {
    const { db, project } = this.context;
    // An entry the visitor may not read links like one that does not exist.
    if (!this.context.access.canRead(sys.id)) return null;
    let language = this.options.language;
    if (language === undefined) {
      const contentTypeId = sys.contentTypeId ?? entryContentTypeId(db, project.id, sys.id);
      const contentType = contentTypeId ? this.context.contentType(contentTypeId) : undefined;
      language = contentType?.defaultLanguage ?? project.primaryLanguage;
    }
    const key = `${sys.id}|${language}|${status}`;
    let found = this.memo.get(key);
    if (found === undefined) {
      const record = getEntryVersion(db, project.id, sys.id, language, status);
      found = record ? parseEntryData(record) : null;
      this.memo.set(key, found);
    }
    return found;
  }
}
